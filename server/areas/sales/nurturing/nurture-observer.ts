/**
 * What follows a change of a lead or an activity inside its transaction:
 * - a lead whose stage changed leaves its active enrolments (`stage_changed`);
 * - an email activity with a lead whose outcome says the lead answered
 *   (positive, neutral or negative; not "no response") is a reply: the lead
 *   leaves its active enrolments (`replied`);
 * - a lead created or saved is enrolled in each active sequence whose enrolment
 *   rule now holds for it, unless it unsubscribed or was ever enrolled in that
 *   sequence (a lead that left is not put back by the rule).
 */
import type { Queryable, SqlValue } from "../../../db/database.ts";
import { AppError } from "../../../platform/errors/app-error.ts";
import type { ChangeObserver, RecordChange } from "../../../records/engine/record-changes.ts";
import { insertRecord, nextSeriesNames } from "../../../records/engine/record-store.ts";
import { recordAudit } from "../../../platform/audit/record.ts";
import { conditionHolds } from "../../../../schemas/records/expression.ts";
import { LEAD } from "../types/lead.ts";
import { LEAD_ACTIVITY } from "../types/lead-activity.ts";
import { NURTURE_ENROLLMENT } from "../types/nurture-enrollment.ts";
import { enrolmentColumn as col, enrolmentValues } from "./enrol.ts";
import { exitEnrolments } from "./exits.ts";

/** Outcomes of an email activity that mean the lead wrote back. */
export const REPLY_OUTCOMES: ReadonlySet<string> = new Set(["positive", "neutral", "negative"]);

/** Whether an activity is a reply from its lead. */
export function isReply(activity: Readonly<Record<string, unknown>> | null): boolean {
  return !!activity && activity.activity_type === "email" &&
    REPLY_OUTCOMES.has(String(activity.outcome ?? "")) &&
    typeof activity.lead === "string" && activity.lead !== "";
}

/** Enrols the lead in every active sequence whose rule holds for it now. */
async function enrolByRule(tx: Queryable, change: RecordChange): Promise<void> {
  const lead = change.after!;
  if (lead.unsubscribed_at) return;
  const sequences = await tx.all<{ id: string; enrol_rule: string }>(
    `SELECT s.id, s.enrol_rule FROM nurture_sequences s
      WHERE s.organization_id = ? AND s.active = 1 AND s.enrol_rule IS NOT NULL AND s.enrol_rule <> ''
        AND NOT EXISTS (SELECT 1 FROM ${NURTURE_ENROLLMENT.table} e
                         WHERE e.organization_id = s.organization_id AND e.${col("sequence")} = s.id
                           AND e.${col("lead")} = ?)
      ORDER BY s.id`,
    [change.organizationId, change.id],
  );
  for (const sequence of sequences) {
    let holds = false;
    try {
      holds = conditionHolds(sequence.enrol_rule, lead, { today: change.now.slice(0, 10) });
    } catch {
      holds = false;
    }
    if (!holds) continue;
    let values: Map<string, SqlValue>;
    try {
      values = await enrolmentValues(tx, {
        organizationId: change.organizationId,
        lead: change.id,
        sequence: sequence.id,
        via: "rule",
        userId: change.actorId,
        now: change.now,
      });
    } catch (error) {
      if (error instanceof AppError) continue;
      throw error;
    }
    const [name] = await nextSeriesNames(
      tx,
      change.organizationId,
      (NURTURE_ENROLLMENT.declaration.naming as { series: string }).series,
      change.now,
    );
    const columns = new Map([...values].map(([id, v]) => [col(id), v]));
    const id = await insertRecord(tx, NURTURE_ENROLLMENT, {
      organizationId: change.organizationId,
      name,
      now: change.now,
      userId: change.actorId,
    }, columns);
    await recordAudit(tx, {
      organizationId: change.organizationId,
      actorId: change.actorId,
      action: "nurture_enrol",
      resourceType: NURTURE_ENROLLMENT.id,
      resourceId: id,
      after: { lead: change.id, sequence: sequence.id, enrolled_via: "rule" },
      now: change.now,
    });
  }
}

/** The observer of nurturing's exits and rule enrolments. */
export function nurtureObserver(): ChangeObserver {
  return async (tx, change) => {
    if (change.type.id === LEAD_ACTIVITY.id) {
      if (change.event === "deleted" || !isReply(change.after)) return;
      if (isReply(change.before) && change.before?.lead === change.after?.lead) return;
      await exitEnrolments(tx, {
        organizationId: change.organizationId,
        lead: String(change.after!.lead),
        reason: "replied",
        actorId: change.actorId,
        now: change.now,
      });
      return;
    }
    if (change.type.id !== LEAD.id || !change.after) return;
    if (change.before && change.before.stage !== change.after.stage) {
      await exitEnrolments(tx, {
        organizationId: change.organizationId,
        lead: change.id,
        reason: "stage_changed",
        actorId: change.actorId,
        now: change.now,
      });
    }
    await enrolByRule(tx, change);
  };
}
