/**
 * Fills request bodies and paths from route params, query parameters, screen state
 * and the current item: `{$param: "id"}`, `{$query: "token"}`, `{$state: "projectId"}`,
 * `{$field: "id"}` objects in JSON templates, and `{name}` (one encoded segment) and
 * `{+name}` (a whole app path) placeholders in paths.
 */
import type { JsonTemplate } from "../../schemas/descriptor/mod.ts";
import type { Json } from "./screen-runtime.tsx";
import { valueAt } from "./value-path.ts";

/** Where template references are looked up. */
export interface TemplateScope {
  params?: Readonly<Record<string, string>>;
  /** The query parameters of the page's URL. */
  query?: Readonly<Record<string, string>>;
  state?: Readonly<Record<string, Json>>;
  item?: unknown;
}

/** Options of filling a template. */
export interface FillOptions {
  /** Leave out object keys whose reference is null, missing or "" (source bodies). */
  omitEmptyReferences?: boolean;
}

/** The JSON a template stands for in this scope; a missing reference is null. */
export function fillTemplate(
  template: JsonTemplate | unknown,
  scope: TemplateScope,
  options: FillOptions = {},
): Json {
  if (template === undefined || template === null) return null;
  if (Array.isArray(template)) return template.map((t) => fillTemplate(t, scope, options));
  if (typeof template !== "object") {
    return typeof template === "string" || typeof template === "number" ||
        typeof template === "boolean"
      ? template
      : null;
  }
  const record = template as Record<string, unknown>;
  const reference = referenceOf(record);
  if (reference !== undefined) return lookUp(reference[0], reference[1], scope);
  return fillRecord(record, scope, options);
}

/** Fills each value of a record of templates. */
export function fillRecord(
  templates: Readonly<Record<string, unknown>> | undefined,
  scope: TemplateScope,
  options: FillOptions = {},
): Record<string, Json> {
  const result: Record<string, Json> = {};
  for (const [key, template] of Object.entries(templates ?? {})) {
    const value = fillTemplate(template, scope, options);
    const isReference = typeof template === "object" && template !== null &&
      referenceOf(template as Record<string, unknown>) !== undefined;
    if (options.omitEmptyReferences && isReference && (value === null || value === "")) continue;
    result[key] = value;
  }
  return result;
}

type ReferenceKind = "$param" | "$query" | "$state" | "$field";

const REFERENCE_KINDS: ReadonlySet<string> = new Set(["$param", "$query", "$state", "$field"]);

function referenceOf(record: Record<string, unknown>): [ReferenceKind, string] | undefined {
  const keys = Object.keys(record);
  if (keys.length !== 1) return undefined;
  const [key] = keys;
  const name = record[key];
  return typeof name === "string" && REFERENCE_KINDS.has(key)
    ? [key as ReferenceKind, name]
    : undefined;
}

/**
 * Replaces `{name}` placeholders of a path with the current item's field, else the
 * screen state's key, else the route param, URI-encoded; `{+name}` takes a whole app
 * path (`/…`, query included) as it is, and anything else as empty.
 */
export function fillPlaceholders(path: string, scope: TemplateScope): string {
  return path.replace(/\{(\+?)([A-Za-z0-9_.$-]+)\}/g, (_match, plus: string, name: string) => {
    const value = firstDefined(
      valueAt(scope.item, name),
      scope.state?.[name],
      scope.params?.[name],
    );
    if (value === undefined || value === null) return "";
    return plus === "" ? encodeURIComponent(String(value)) : appPathOrEmpty(String(value));
  });
}

/** An app path with characters outside URIs escaped (escapes already present kept), else "". */
function appPathOrEmpty(value: string): string {
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "";
  return value.replace(/[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/g, encodeURIComponent);
}

function lookUp(kind: ReferenceKind, name: string, scope: TemplateScope): Json {
  const value = kind === "$param"
    ? scope.params?.[name]
    : kind === "$query"
    ? scope.query?.[name]
    : kind === "$state"
    ? scope.state?.[name]
    : valueAt(scope.item, name);
  return value === undefined ? null : value as Json;
}

function firstDefined(...values: unknown[]): unknown {
  return values.find((v) => v !== undefined && v !== null);
}
