/**
 * Scores a lead again whenever an activity with it is logged, changed or deleted
 * (an observer of the engine's changes, inside the activity's transaction): an
 * activity moved from one lead to another scores both.
 */
import type { ChangeObserver } from "../../../records/engine/record-changes.ts";
import { LEAD_ACTIVITY } from "../types/lead-activity.ts";
import { activeRules } from "./lead-score.ts";
import { rescoreLead } from "./rescore-lead.ts";

/** The observer that scores the leads an activity change concerns. */
export function activityScoring(): ChangeObserver {
  return async (tx, change) => {
    if (change.type.id !== LEAD_ACTIVITY.id) return;
    const leads = new Set(
      [change.before?.lead, change.after?.lead].filter((id): id is string =>
        typeof id === "string" && id !== ""
      ),
    );
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
