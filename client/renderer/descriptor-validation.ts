/**
 * Validates received descriptors against the JSON Schema generated from the shared
 * zod schemas (ajv, draft 2020-12, all errors). A screen whose nodes fail keeps
 * rendering: each deepest failing node is recorded by pointer, with why, and later
 * drawn as a contained fallback. Errors outside the body make the whole descriptor
 * unusable.
 *
 * This module is loaded lazily, in parallel with the first descriptor request.
 */
import type { ErrorObject, ValidateFunction } from "ajv/dist/2020.js";
import type { RoutesDescriptor, ScreenDescriptor } from "../../schemas/descriptor/mod.ts";
import { DescriptorError } from "./descriptor-error.ts";
import { widgetGroupOf } from "./descriptor-schemas.ts";
import { commonNodeValidator, routesValidator, screenValidator } from "./descriptor-validators.ts";
import { childNodes } from "../../schemas/descriptor/screen-tree.ts";
import { BODY_POINTER, deepestNodeOf, deepestOnly, replaceAt } from "./node-paths.ts";
import { valueAt } from "./value-path.ts";

/** A screen that passed validation, with the pointers of its invalid nodes and why. */
export interface CheckedScreen {
  descriptor: ScreenDescriptor;
  invalidNodes: Map<string, string>;
}

/** A node every screen schema accepts, standing in for a failed node while re-validating. */
const PLACEHOLDER = { type: "text", text: "" };
const MAX_ROUNDS = 64;

/** Validates a screen descriptor; rejects with DescriptorError when it is unusable. */
export async function checkScreen(value: unknown, screenId: string): Promise<CheckedScreen> {
  const candidate = structuredClone(value);
  const invalidNodes = new Map<string, string>();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const errors = await validateScreen(candidate);
    if (errors.length === 0) return { descriptor: value as ScreenDescriptor, invalidNodes };
    const byNode = new Map<string, ErrorObject[]>();
    const outside: ErrorObject[] = [];
    for (const error of errors) {
      const node = deepestNodeOf(error.instancePath, BODY_POINTER);
      if (node === undefined) outside.push(error);
      else byNode.set(node, [...(byNode.get(node) ?? []), error]);
    }
    if (byNode.size === 0) {
      throw new DescriptorError(`screen "${screenId}"`, outside.map((e) => describe(e)));
    }
    for (const pointer of deepestOnly(byNode.keys())) {
      const node = valueAt(candidate, pointer.split("/").slice(1).join("."));
      invalidNodes.set(pointer, explain(node, pointer, byNode.get(pointer) ?? []));
      replaceAt(candidate, pointer, PLACEHOLDER);
    }
  }
  throw new DescriptorError(`screen "${screenId}"`, ["too many invalid nodes"]);
}

/** The node validators of the widget groups other than "common", loaded on first use. */
const GROUP_VALIDATORS: Record<string, () => Promise<ValidateFunction>> = {
  form: () => import("./form-widget-validator.ts").then((m) => m.nodeValidator),
  content: () => import("./content-widget-validator.ts").then((m) => m.nodeValidator),
  extra: () => import("./extra-widget-validator.ts").then((m) => m.nodeValidator),
  analytics: () => import("./analytics-widget-validator.ts").then((m) => m.nodeValidator),
  records: () => import("./record-widget-validator.ts").then((m) => m.nodeValidator),
};

/**
 * All errors of a screen: the screen validator checks the envelope and the common
 * nodes; below it, each node whose widget group differs from its parent's is
 * checked by its own group's validator, with errors at their place in the screen.
 */
async function validateScreen(screen: unknown): Promise<ErrorObject[]> {
  const errors: ErrorObject[] = [];
  if (!screenValidator(screen)) errors.push(...(screenValidator.errors ?? []));
  const boundaries: [string, unknown, string][] = [];
  (function walk(node: unknown, pointer: string, parentGroup: string): void {
    const group = widgetGroupOf((node as { type?: unknown } | null)?.type);
    if (group !== parentGroup) boundaries.push([pointer, node, group]);
    for (const [childPointer, child] of childNodes(node, pointer)) walk(child, childPointer, group);
  })((screen as { body?: unknown } | null)?.body, BODY_POINTER, "common");
  const groups = [...new Set(boundaries.map(([, , group]) => group))];
  const validators = new Map(
    await Promise.all(
      groups.map(async (group) =>
        [group, group === "common" ? commonNodeValidator : await GROUP_VALIDATORS[group]()] as const
      ),
    ),
  );
  for (const [pointer, node, group] of boundaries) {
    const validate = validators.get(group)!;
    const context = {
      instancePath: pointer,
      parentData: {},
      parentDataProperty: "",
      dynamicAnchors: {},
      rootData: screen as object,
    };
    if (!validate(node, context)) errors.push(...(validate.errors ?? []));
  }
  return errors;
}

/** Validates the route table; throws DescriptorError when it is invalid. */
export function checkRoutes(value: unknown): RoutesDescriptor {
  return checkWhole(routesValidator, value, "routes") as RoutesDescriptor;
}

/** Validates a whole descriptor; throws DescriptorError when it is invalid. */
function checkWhole(validator: ValidateFunction, value: unknown, what: string): unknown {
  if (!validator(value)) {
    throw new DescriptorError(
      what,
      (validator.errors ?? []).map((e) => describe(e)),
    );
  }
  return value;
}

function explain(node: unknown, pointer: string, errors: ErrorObject[]): string {
  const type = (node as { type?: unknown } | null)?.type;
  if (errors.some((e) => e.keyword === "discriminator" && e.instancePath === pointer)) {
    return typeof type === "string"
      ? `Unknown widget type "${type}"`
      : "The node has no widget type";
  }
  const problems = [...new Set(errors.map((e) => describe(e, pointer)))];
  return `Invalid "${String(type)}" node: ${problems.slice(0, 5).join("; ")}`;
}

/** One error, as where it is and what is wrong. */
export function describe(error: ErrorObject, relativeTo = ""): string {
  const where = error.instancePath.slice(relativeTo.length) || "/";
  return `${where} ${describeError(error)}`;
}

/** What an ajv error means, in ajv's own words. */
export function describeError({ keyword, params }: ErrorObject): string {
  const p = params as Record<string, unknown>;
  switch (keyword) {
    case "required":
      return `must have required property '${p.missingProperty}'`;
    case "additionalProperties":
      return `must NOT have additional property '${p.additionalProperty}'`;
    case "type":
      return `must be ${p.type}`;
    case "const":
      return `must be equal to ${JSON.stringify(p.allowedValue)}`;
    case "enum":
      return `must be one of ${JSON.stringify(p.allowedValues)}`;
    case "pattern":
      return `must match pattern "${p.pattern}"`;
    case "discriminator":
      return p.error === "mapping" ? `has an unknown "${p.tag}"` : `"${p.tag}" must be a string`;
    case "anyOf":
    case "oneOf":
      return "must match one of the allowed shapes";
    default:
      return "limit" in p ? `fails ${keyword} ${p.limit}` : `fails ${keyword}`;
  }
}
