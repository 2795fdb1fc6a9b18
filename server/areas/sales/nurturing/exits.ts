/**
 * Ends a lead's active enrolments, inside the caller's transaction: each is marked
 * exited with its reason and time, its `active_key` cleared (so the lead may be
 * enrolled again by hand), and audited (`nurture_exit`) with who caused it.
 */
import type { Queryable } from "../../../db/database.ts";
import { recordAudit } from "../../../platform/audit/record.ts";
import { type ExitReason, NURTURE_ENROLLMENT } from "../types/nurture-enrollment.ts";
import { enrolmentColumn as col } from "./enrol.ts";

/** What ended the enrolments. */
export interface Exit {
  organizationId: string;
  lead: string;
  reason: ExitReason;
  actorId: string | null;
  now: string;
}

/** Exits every active enrolment of the lead; the ids exited. */
export async function exitEnrolments(tx: Queryable, exit: Exit): Promise<string[]> {
  const rows = await tx.all<{ id: string; sequence: string; step: number }>(
    `SELECT id, ${col("sequence")} AS sequence, ${col("current_step")} AS step
       FROM ${NURTURE_ENROLLMENT.table}
      WHERE organization_id = ? AND ${col("lead")} = ? AND ${col("state")} = 'active'
      ORDER BY id`,
    [exit.organizationId, exit.lead],
  );
  const exited: string[] = [];
  for (const row of rows) {
    const moved = await tx.run(
      `UPDATE ${NURTURE_ENROLLMENT.table}
          SET ${col("state")} = 'exited', ${col("exit_reason")} = ?, ${col("exited_at")} = ?,
              ${col("active_key")} = NULL, ${col("next_send_at")} = NULL,
              version = version + 1, updated_at = ?, updated_by = ?
        WHERE organization_id = ? AND id = ? AND ${col("state")} = 'active'`,
      [exit.reason, exit.now, exit.now, exit.actorId, exit.organizationId, row.id],
    );
    if (moved.changes !== 1) continue;
    await recordAudit(tx, {
      organizationId: exit.organizationId,
      actorId: exit.actorId,
      action: "nurture_exit",
      resourceType: NURTURE_ENROLLMENT.id,
      resourceId: row.id,
      before: { state: "active", current_step: Number(row.step) },
      after: { state: "exited", exit_reason: exit.reason, lead: exit.lead },
      now: exit.now,
    });
    exited.push(row.id);
  }
  return exited;
}
