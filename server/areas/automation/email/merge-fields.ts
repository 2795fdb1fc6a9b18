/**
 * Which merge fields a template may name: the fields of its record type and the
 * names every record offers (merge-values.ts), and, through a link field, the
 * fields of the linked type (`{{ client.email }}`). A table's rows and what a
 * template assigns or loops over itself are its own; LiquidJS's own words on a
 * value (`size`, `first`, `last`) are allowed after any of them.
 */
import type { Template } from "liquidjs";
import type { Liquid } from "liquidjs";
import type { RecordType } from "../../../records/define.ts";
import { STANDARD_NAMES } from "./merge-values.ts";

/** What LiquidJS reads of any value. */
const VALUE_WORDS = new Set(["size", "first", "last"]);

function names(type: RecordType): Set<string> {
  return new Set<string>([...STANDARD_NAMES, ...type.fields.map((f) => f.id)]);
}

/** The merge field as written (`client.email`, `lines[0].amount`). */
function written(segments: readonly unknown[]): string {
  return segments.map((s, i) =>
    typeof s === "number" ? `[${s}]` : Array.isArray(s) ? "[…]" : i === 0 ? String(s) : `.${s}`
  ).join("");
}

/** Whether `segments` name something a record of `type` has. */
function known(
  type: RecordType,
  segments: readonly unknown[],
  types: ReadonlyMap<string, RecordType>,
): boolean {
  const [first, second, ...rest] = segments;
  if (typeof first !== "string" || !names(type).has(first)) return false;
  if (second === undefined) return true;
  if (typeof second !== "string") return type.field.get(first)?.type === "table";
  if (VALUE_WORDS.has(second)) return true;
  const field = type.field.get(first);
  if (field?.type === "table") return true;
  if (field?.type !== "link" || !field.link) return false;
  const target = types.get(field.link);
  // A link to what is not a record type (a person) offers only its id and name.
  const offered = target ? names(target) : new Set(["id", "name", "title"]);
  if (!offered.has(second)) return false;
  // A linked record's own links are their titles: only LiquidJS's own words go further.
  return rest.every((s) => typeof s === "string" && VALUE_WORDS.has(s));
}

/** The merge fields of a parsed template that a record of `type` lacks, as written. */
export function unknownMergeFields(
  liquid: Liquid,
  template: Template[],
  type: RecordType,
  types: ReadonlyMap<string, RecordType>,
): string[] {
  const unknown = new Set<string>();
  for (const segments of liquid.globalVariableSegmentsSync(template)) {
    if (!known(type, segments, types)) unknown.add(written(segments));
  }
  return [...unknown];
}
