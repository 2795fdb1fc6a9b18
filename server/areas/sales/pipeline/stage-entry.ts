/**
 * What a lead's save does when it enters a stage (on create, and on every change
 * of stage by any write path: form, board move, bulk edit, import): it refuses
 * the save (400 naming each missing field) when a field the organisation's stage
 * requires is unset, stamps `stage_entered_at`, and on a change appends a row to
 * the lead's stage log with who moved it, when, and the days it spent in the
 * stage it left.
 */
import type { SqlValue } from "../../../db/database.ts";
import { invalidInput } from "../../../platform/errors/app-error.ts";
import type { SaveContext } from "../../../records/engine/record-rules.ts";
import { requiredFieldsOf } from "./stage-fields.ts";
import { roundHalfAway } from "../../../../schemas/money/rounding.ts";
import { stampWonAt } from "../forecast/won-at.ts";

const DAY_MS = 86_400_000;

/** Checks and completes a lead's save that enters a stage; passes other saves. */
export async function enterStage(ctx: SaveContext): Promise<void> {
  const { checked, existing, access, now } = ctx;
  const stage = String(checked.values.stage ?? "");
  const from = existing ? String(existing.stage ?? "") : undefined;
  if (existing && from === stage) return;
  const row = await ctx.read.get<{ label: string; required_fields: string }>(
    "SELECT label, required_fields FROM lead_stages WHERE organization_id = ? AND code = ?",
    [access.organizationId, stage],
  );
  const missing = requiredFieldsOf(row?.required_fields ?? "")
    .filter((id) => !isSet(checked.values[id], ctx.type.field.get(id)?.type));
  if (missing.length > 0) {
    const why = Object.fromEntries(missing.map((id) => [
      id,
      `${ctx.type.field.get(id)?.label ?? id} is required before a lead enters ${row!.label}`,
    ]));
    throw invalidInput(Object.values(why).join("; "), why);
  }
  checked.columns.set(ctx.type.field.get("stage_entered_at")!.column, now);
  checked.values.stage_entered_at = now;
  stampWonAt(ctx, stage);
  if (!existing) return;
  const since = typeof existing.stage_entered_at === "string"
    ? existing.stage_entered_at
    : String(existing.created_at);
  const days = Math.max(0, (Date.parse(now) - Date.parse(since)) / DAY_MS);
  const kept = ((existing.stage_changes ?? []) as Record<string, unknown>[]).map(storedRow);
  checked.children.set("stage_changes", [...kept, {
    from_stage: from ?? "",
    to_stage: stage,
    changed_by: access.user.id,
    changed_at: now,
    days_in_previous: roundHalfAway(days, 2),
  }]);
}

/**
 * Whether a field holds a value a stage can count on. A number at 0 and an
 * unticked flag are what the engine stores for "empty", so they are unset too: a
 * stage requiring an estimated value wants one, not the zero of none.
 */
function isSet(value: unknown, type: string | undefined): boolean {
  if (value === null || value === undefined || value === false) return false;
  if (typeof value === "string") return value.trim() !== "";
  if (typeof value === "number" && type !== "select") return value !== 0;
  return true;
}

/** A stored log row as it is written back (its id kept). */
function storedRow(row: Record<string, unknown>): Record<string, SqlValue> {
  return {
    id: String(row.id),
    from_stage: (row.from_stage ?? null) as SqlValue,
    to_stage: (row.to_stage ?? null) as SqlValue,
    changed_by: (row.changed_by ?? null) as SqlValue,
    changed_at: (row.changed_at ?? null) as SqlValue,
    days_in_previous: (row.days_in_previous ?? null) as SqlValue,
  };
}
