/**
 * What the merge screen shows of two leads: each field's two values, labelled
 * with the lead they come from, and which is picked to start with (the
 * survivor's, unless only the other lead has a value). Read with the same
 * checks as the merge itself, so a merge the caller could not make is not shown.
 */
import type { Access } from "../../../platform/access/access.ts";
import { invalidInput } from "../../../platform/errors/app-error.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import { recordLink } from "../../../records/record-link.ts";
import type { RecordData } from "../../../records/engine/record-rows.ts";
import { MERGE_FIELDS, type MergeField } from "./merge.ts";

type Side = "survivor" | "merged";

const AMOUNT = new Intl.NumberFormat("en", { maximumFractionDigits: 2 });

/** A field's value as the person reads it; "(empty)" when it has none. */
function shown(record: RecordData, field: MergeField): string {
  const value = field === "owner" ? record.owner__title ?? record.owner : record[field];
  if (value === null || value === undefined || value === "") return "(empty)";
  return typeof value === "number" ? AMOUNT.format(value) : String(value);
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === "" || value === 0;
}

/** The merge screen's values of the two leads. */
export async function mergePreview(
  engine: RecordEngine,
  access: Access,
  request: { survivor: string; merged: string },
) {
  engine.typeFor(access, "lead", "update");
  if (request.survivor === request.merged) {
    throw invalidInput("A lead cannot be merged into itself", {
      merged: "Choose a different lead to merge into this one",
    });
  }
  const survivor = (await engine.get(access, "lead", request.survivor)).record;
  const merged = (await engine.get(access, "lead", request.merged)).record;
  const type = engine.findType("lead")!;
  const fields: Record<string, { value: Side; label: string }[]> = {};
  const initial: Record<string, Side> = {};
  for (const field of MERGE_FIELDS) {
    if (!(field in survivor)) continue;
    fields[field] = [
      { value: "survivor", label: `${shown(survivor, field)} (kept lead)` },
      { value: "merged", label: `${shown(merged, field)} (duplicate)` },
    ];
    initial[field] = isEmpty(survivor[field]) && !isEmpty(merged[field]) ? "merged" : "survivor";
  }
  const side = (record: RecordData) => ({
    id: String(record.id),
    name: String(record.name),
    path: recordLink(type, String(record.id)),
  });
  return { survivor: side(survivor), merged: side(merged), fields, initial };
}
