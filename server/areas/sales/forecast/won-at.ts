/**
 * When a lead was won: a save entering Won stamps `won_at` with the moment of the
 * save, and a save moving a lead out of Won clears it, so the forecast's actual
 * won value counts each won lead once, in the month it was won.
 */
import type { SaveContext } from "../../../records/engine/record-rules.ts";

/** Stamps or clears `won_at` for a save that enters a stage (called by stage-entry.ts). */
export function stampWonAt(ctx: SaveContext, stage: string): void {
  const field = ctx.type.field.get("won_at");
  if (!field) return;
  const wonAt = stage === "won" ? ctx.now : null;
  ctx.checked.columns.set(field.column, wonAt);
  ctx.checked.values.won_at = wonAt;
}

/** The values a conversion adds to the lead it marks won (its save is the code's, past the rules). */
export function wonValues(now: string): { won_at: string } {
  return { won_at: now };
}
