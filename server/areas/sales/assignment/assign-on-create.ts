/**
 * Assigns a new lead by the organisation's rules (the lead controller's
 * `beforeSave`, on create only): the first active rule that matches picks the
 * owner (pick-owner.ts), unless the person creating the lead named someone else
 * as owner and the rule does not say `always`. The assignment, or why nobody got
 * the lead, is the first row of the lead's assignment log: who created it, the
 * rule, when and why. A save that changes the owner by hand (the form, the list's
 * bulk edit, an import) appends a row too: to whom, by whom, when.
 */
import type { SqlValue } from "../../../db/database.ts";
import type { SaveContext } from "../../../records/engine/record-rules.ts";
import { activeAssignmentRules, ruleMatches } from "./assignment-rules.ts";
import { ruleTurns, takeTurn } from "./pick-owner.ts";

/** Logs a change of owner by hand on the lead's assignment log, keeping the rows it has. */
function logOwnerChange(ctx: SaveContext): void {
  const { access, checked, existing, now } = ctx;
  const to = checked.values.owner ? String(checked.values.owner) : null;
  const from = existing!.owner ? String(existing!.owner) : null;
  if (to === from) return;
  const kept = ((existing!.assignments ?? []) as Record<string, unknown>[]).map(storedRow);
  checked.children.set("assignments", [...kept, {
    assigned_to: to,
    assigned_by: access.user.id,
    rule_id: null,
    reason: "Assigned by hand",
    created_at: now,
    rule_turn: 0,
  }]);
}

/** A stored log row as it is written back (its id kept), by column. */
function storedRow(row: Record<string, unknown>): Record<string, SqlValue> {
  const value = (v: unknown) => (v ?? null) as SqlValue;
  return {
    id: String(row.id),
    assigned_to: value(row.assigned_to),
    assigned_by: value(row.assigned_by),
    rule_id: value(row.rule),
    reason: String(row.reason ?? ""),
    created_at: value(row.assigned_at),
    rule_turn: Number(row.rule_turn ?? 0),
  };
}

/**
 * Gives a lead being created its owner by the first rule that matches; logs a
 * change of owner on an update.
 */
export async function assignOnSave(ctx: SaveContext): Promise<void> {
  const { read, access, checked, existing, now } = ctx;
  if (existing) return logOwnerChange(ctx);
  const org = access.organizationId;
  const rules = await activeAssignmentRules(read, org);
  if (rules.length === 0) return;
  const given = checked.values.owner ? String(checked.values.owner) : null;
  const named = given !== null && given !== access.user.id;
  const rule = rules.find((r) =>
    (r.always || !named) && ruleMatches(r, checked.values, now.slice(0, 10))
  );
  if (!rule) return;
  const pick = takeTurn(await ruleTurns(read, org, rule));
  const column = ctx.type.field.get("owner")!.column;
  checked.columns.set(column, pick.owner);
  checked.values.owner = pick.owner;
  const change = checked.changes.find((c) => c.field === "owner");
  if (change) change.to = pick.owner;
  else if (pick.owner !== null) {
    checked.changes.push({ field: "owner", from: null, to: pick.owner });
  }
  checked.children.set("assignments", [{
    assigned_to: pick.owner,
    assigned_by: access.user.id,
    rule_id: rule.id,
    reason: pick.reason,
    created_at: now,
    rule_turn: pick.turn,
  }]);
}
