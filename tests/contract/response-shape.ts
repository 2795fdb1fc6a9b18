/**
 * What a response schema says an answer holds: the schemas found at a dot path
 * (through optional, nullable, default, lazy, pipe, union and intersection
 * wrappers), and whether the items of an array there carry a key. An `unknown` or
 * open record answers yes to every key: the schema promises nothing narrower.
 */
import type { z } from "zod";

interface Def {
  type: string;
  innerType?: z.ZodType;
  getter?: () => z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const WRAPPERS = new Set([
  "optional",
  "nullable",
  "default",
  "prefault",
  "catch",
  "readonly",
  "nonoptional",
]);
const OPEN = new Set(["unknown", "any"]);

/** The concrete schemas a schema may be (wrappers removed, unions spread). */
function variants(schema: z.ZodType): z.ZodType[] {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return variants(def.innerType!);
  if (def.type === "lazy") return variants(def.getter!());
  // An answer is the output: a transform's output is not described, so its input is.
  if (def.type === "pipe") {
    return variants(defOf(def.out!).type === "transform" ? def.in! : def.out!);
  }
  if (def.type === "union") return def.options!.flatMap(variants);
  if (def.type === "intersection") return [...variants(def.left!), ...variants(def.right!)];
  return [schema];
}

/** The schemas of the value under `key`, or undefined when no variant has it. */
function child(schema: z.ZodType, key: string): z.ZodType[] | undefined {
  const found: z.ZodType[] = [];
  for (const variant of variants(schema)) {
    const def = defOf(variant);
    if (OPEN.has(def.type)) return [variant];
    if (def.type === "object") {
      if (def.shape![key]) found.push(def.shape![key]);
      else if (def.catchall && defOf(def.catchall).type !== "never") found.push(def.catchall);
    }
    if (def.type === "record") found.push(def.valueType!);
  }
  return found.length > 0 ? found : undefined;
}

/** The schemas at a dot path (empty path: the schema itself), or undefined when it is not there. */
export function schemasAt(schema: z.ZodType, path: string | undefined): z.ZodType[] | undefined {
  let current = [schema];
  for (const key of (path ?? "").split(".").filter((k) => k !== "")) {
    const next = current.flatMap((s) => child(s, key) ?? []);
    if (next.length === 0) return undefined;
    current = next;
  }
  return current;
}

/** The item schemas of the arrays among `schemas` (open schemas count as arrays of anything). */
export function arrayItems(schemas: readonly z.ZodType[]): z.ZodType[] {
  return schemas.flatMap(variants).flatMap((s) => {
    const def = defOf(s);
    if (OPEN.has(def.type)) return [s];
    return def.type === "array" ? [def.element!] : [];
  });
}

/** Whether an item of one of these schemas may carry the dot path `key`. */
export function itemsHaveKey(items: readonly z.ZodType[], key: string): boolean {
  return items.some((item) => schemasAt(item, key) !== undefined);
}
