/**
 * The canary crawl's calls, made from the OpenAPI document alone: every GET and
 * every POST marked `x-reads` (it only reads), with path, query and body filled
 * from the declared schemas. A record id goes where a parameter names a record
 * type (`/enterprise-projects/{id}`, `project_id`, `/api/records/task/{id}`), a
 * known value where one is given (a version comparison's `from` and `to`),
 * required fields get a value of their schema, a top-level choice (an enum) is
 * tried value by value, and a date window spans a year around today. A call
 * declared later is crawled without touching this file.
 */
import type { RecordType } from "../../../server/records/define.ts";

/** One call the crawl makes. */
export interface ReadCall {
  /** The operation as documented: `GET /enterprise-projects/{id}/change-history`. */
  operation: string;
  method: "GET" | "POST";
  url: string;
  body?: unknown;
}

/** What the crawl fills parameters with. */
export interface Fill {
  types: readonly RecordType[];
  /** Record ids by type id. */
  ids: ReadonlyMap<string, readonly string[]>;
  /** Values of parameters by name (used when they fit the parameter's schema). */
  values: ReadonlyMap<string, readonly string[]>;
  /** Today, for date windows. */
  today: string;
}

type Schema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  minItems?: number;
  minLength?: number;
  description?: string;
};

interface Operation {
  parameters?: { name: string; in: "path" | "query"; required: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  security?: unknown[];
  "x-reads"?: boolean;
}

/** Most variants of one operation the crawl makes. */
const MAX_VARIANTS = 6;

/** Names of the bounds of a date window. */
const DATE_NAMES = /^(from|to|start|end|start_date|end_date|date_from|date_to|from_date|to_date)$/;

/** Most ids tried for one parameter. */
const MAX_IDS = 5;

/** The record type a path segment or parameter name names (`enterprise-projects`, `project_id`). */
export function typeNamed(types: readonly RecordType[], word: string): RecordType | undefined {
  const w = word.toLowerCase().replace(/-/g, "_").replace(/_?ids?$/, "");
  if (!w) return undefined;
  return types.find((t) => {
    const names = [t.id, `${t.id}s`, t.module.replace(/-/g, "_")];
    return names.some((n) => w === n || w.endsWith(`_${n}`)) || t.id.endsWith(`_${w}`);
  });
}

function dayOffset(today: string, days: number): string {
  return new Date(Date.parse(today) + days * 86_400_000).toISOString().slice(0, 10);
}

function fits(schema: Schema, value: string): boolean {
  if (schema.pattern && !new RegExp(schema.pattern).test(value)) return false;
  if (schema.maxLength !== undefined && value.length > Number(schema.maxLength)) return false;
  if (schema.enum && !schema.enum.includes(value)) return false;
  if (schema.format === "date" && !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  return true;
}

function firstOf(schema: Schema): Schema {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return firstOf(options.find((o) => o.type !== "null") ?? options[0]);
  if (schema.allOf?.length === 1) return firstOf(schema.allOf[0]);
  return schema;
}

function typeOf(schema: Schema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
}

/** Candidates for a value named `name` (several: the crawl tries each), or undefined for none known. */
function named(fill: Fill, name: string, schema: Schema): unknown[] | undefined {
  const known = fill.values.get(name)?.filter((v) => fits(schema, v));
  if (known?.length) return known;
  const s = firstOf(schema);
  if (typeOf(s) === "string" && s.description?.startsWith("comma-separated:")) {
    return [s.description.slice("comma-separated:".length).trim()];
  }
  const type = /(^|_)ids?$|Id$/.test(name)
    ? typeNamed(fill.types, name.replace(/Id$/, ""))
    : undefined;
  if (type) {
    const ids = (fill.ids.get(type.id) ?? []).slice(0, MAX_IDS);
    if (ids.length === 0) return undefined;
    return typeOf(s) === "array" ? [ids] : ids;
  }
  if (typeOf(s) === "string" && (s.format === "date" || DATE_NAMES.test(name))) {
    // A year around today: from half a year back to half a year ahead, as a date or a month.
    const day = dayOffset(fill.today, /end|to$|until/.test(name) ? 180 : -180);
    const fitting = [day, day.slice(0, 7)].filter((v) => fits(s, v));
    if (fitting.length > 0) return [fitting[0]];
  }
  return undefined;
}

/** A value of the schema: required parts filled, optional ones only when a value is known. */
function valueOf(fill: Fill, schema: Schema, name: string): unknown {
  const s = firstOf(schema);
  const candidates = named(fill, name, s);
  if (candidates) return candidates[0];
  if ("const" in s) return s.const;
  if (s.enum) return s.enum[0];
  if ("default" in s) return s.default;
  switch (typeOf(s)) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(s.properties ?? {})) {
        const required = s.required?.includes(key);
        const known = named(fill, key, firstOf(property));
        if (required || known) out[key] = known ? known[0] : valueOf(fill, property, key);
      }
      return out;
    }
    case "array":
      return (s.minItems ?? 0) > 0 && s.items ? [valueOf(fill, s.items, name)] : [];
    case "integer":
    case "number":
      return s.minimum ?? 1;
    case "boolean":
      return false;
    case "string":
      if (s.format === "email") return "canary@example.test";
      if (s.format === "date-time") return `${fill.today}T00:00:00.000Z`;
      if (s.pattern === "^\\d+$") return "1";
      return "canary";
    default:
      return null;
  }
}

/** Each combination of the choices, at most `MAX_VARIANTS`. */
function combinations(choices: [string, unknown[]][]): Record<string, unknown>[] {
  let out: Record<string, unknown>[] = [{}];
  for (const [key, values] of choices) {
    out = out.flatMap((partial) => values.map((v) => ({ ...partial, [key]: v })));
    if (out.length > MAX_VARIANTS) out = out.slice(0, MAX_VARIANTS);
  }
  return out;
}

/** Candidates of a path parameter: ids of the type the segment before it names, or of the type in the path. */
function pathValues(fill: Fill, path: string, name: string, schema: Schema): unknown[] {
  const segments = path.split("/");
  const at = segments.indexOf(`{${name}}`);
  const known = named(fill, name, schema);
  if (known) return known;
  const before = segments.slice(0, at).reverse().find((s) => !s.startsWith("{")) ?? "";
  const byPath = segments.slice(0, at).reverse().map((s) => typeNamed(fill.types, s)).find(
    Boolean,
  );
  if (name === "field" && byPath) {
    const attach = byPath.fields.filter((f) => f.type === "attach").map((f) => f.id);
    if (attach.length > 0) return attach;
  }
  const type = typeNamed(fill.types, before) ?? (name === "id" ? byPath : undefined);
  const ids = type ? fill.ids.get(type.id) ?? [] : [];
  return ids.length > 0 ? ids.slice(0, MAX_IDS) : ["unknown"];
}

/** The crawl's calls for every read operation of the document. */
export function readCalls(
  document: { paths: Record<string, Record<string, Operation>> },
  fill: Fill,
) {
  const calls: ReadCall[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (method !== "get" && !(method === "post" && operation["x-reads"])) continue;
      const parameters = operation.parameters ?? [];
      const choices: [string, unknown[]][] = parameters.filter((p) => p.in === "path").map((
        p,
      ) => [`path:${p.name}`, pathValues(fill, path, p.name, p.schema)]);
      for (const p of parameters.filter((p) => p.in === "query")) {
        const known = named(fill, p.name, firstOf(p.schema));
        if (known) choices.push([`query:${p.name}`, known]);
        else if (p.required) choices.push([`query:${p.name}`, [valueOf(fill, p.schema, p.name)]]);
      }
      const bodySchema = operation.requestBody?.content["application/json"]?.schema;
      const body = bodySchema
        ? valueOf(fill, bodySchema, "") as Record<string, unknown>
        : undefined;
      if (bodySchema) {
        const s = firstOf(bodySchema);
        for (const [key, property] of Object.entries(s.properties ?? {})) {
          const p = firstOf(property);
          if (p.enum && s.required?.includes(key)) choices.push([`body:${key}`, p.enum]);
        }
      }
      if (operation.requestBody && !bodySchema) continue;
      for (const variant of combinations(choices)) {
        let url = path;
        const query = new URLSearchParams();
        const sent = body ? { ...body } : undefined;
        for (const [key, value] of Object.entries(variant)) {
          const [where, name] = key.split(":");
          if (where === "path") url = url.replace(`{${name}}`, encodeURIComponent(String(value)));
          else if (where === "query") query.set(name, String(value));
          else if (sent) sent[name] = value;
        }
        const search = query.toString();
        calls.push({
          operation: `${method.toUpperCase()} ${path}`,
          method: method.toUpperCase() as "GET" | "POST",
          url: search ? `${url}?${search}` : url,
          ...(sent ? { body: sent } : {}),
        });
      }
    }
  }
  return calls;
}
