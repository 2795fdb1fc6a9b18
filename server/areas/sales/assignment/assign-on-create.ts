/**
 * Assigns a new lead by the organisation's rules (the lead controller's
 * `beforeSave`, on create only): the first active rule that matches picks the
 * owner (pick-owner.ts), unless the person creating the lead named someone else
 * as owner and the rule does not say `always`. The assignment, or why nobody got
 * the lead, is the first row of the lead's assignment log: who created it, the
 * rule, when and why.
 */
import type { SaveContext } from "../../../records/engine/record-rules.ts";
import { activeAssignmentRules, ruleMatches } from "./assignment-rules.ts";
import { ruleTurns, takeTurn } from "./pick-owner.ts";

/** Gives a lead being created its owner by the first rule that matches. */
export async function assignOnCreate(ctx: SaveContext): Promise<void> {
  const { read, access, checked, existing, now } = ctx;
  if (existing) return;
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
