/**
 * Scores a lead again whenever an activity with it is logged, changed or deleted
 * (an observer of the engine's changes, inside the activity's transaction): an
 * activity moved from one lead to another scores both. An action taken on a lead
 * (converting it marks it won) scores it too: an action's values are saved
 * without the save's own scoring.
 */
import type { ChangeObserver } from "../../../records/engine/record-changes.ts";
import { LEAD_ACTIVITY } from "../types/lead-activity.ts";
import { LEAD } from "../types/lead.ts";
import { activeRules } from "./lead-score.ts";
import { rescoreLead } from "./rescore-lead.ts";

/** The leads a change concerns: an activity's (before and after), or a lead an action was taken on. */
function leadsOf(change: Parameters<ChangeObserver>[1]): Set<string> {
  if (change.type.id === LEAD.id && change.event === "action") return new Set([change.id]);
  if (change.type.id !== LEAD_ACTIVITY.id) return new Set();
  return new Set(
    [change.before?.lead, change.after?.lead].filter((id): id is string =>
      typeof id === "string" && id !== ""
    ),
  );
}

/** The observer that scores the leads an activity change, or an action on a lead, concerns. */
export function activityScoring(): ChangeObserver {
  return async (tx, change) => {
    const leads = leadsOf(change);
    if (leads.size === 0) return;
    const rules = await activeRules(tx, change.organizationId);
    for (const id of [...leads].sort()) {
      await rescoreLead(tx, { organizationId: change.organizationId, id }, {
        rules,
        now: change.now,
      });
    }
  };
}
