/**
 * The project approvals waiting for a person (issue 24), for their "Waiting for
 * me": the pending runs whose current step they may decide — reassigned to
 * them, or naming them, or (not reassigned, naming no one) needing the role they
 * hold — on projects they did not submit. Only for people who may approve
 * projects.
 */
import type { Queryable } from "../../db/database.ts";
import type { Access } from "../../platform/access/access.ts";
import { authorize } from "../../platform/access/authorize.ts";

/** One approval waiting for the caller. */
export interface WaitingApproval {
  project_id: string;
  project_name: string;
  step_name: string;
  submitted_by_name: string;
  since: string;
}

/** The approval runs waiting for the caller's decision, oldest first. */
export async function approvalsWaitingFor(
  q: Queryable,
  access: Access,
): Promise<WaitingApproval[]> {
  if (!authorize(access, "projects", "read") || !authorize(access, "projects", "approve")) {
    return [];
  }
  const me = access.user.id;
  const rows = await q.all<{
    project_id: string;
    project_name: string;
    step_name: string;
    first_name: string | null;
    last_name: string | null;
    submitted_at: string;
    since: string | null;
  }>(
    `SELECT r.project_id, p.name AS project_name, s.step_name, u.first_name, u.last_name,
            r.submitted_at,
            (SELECT MAX(a.acted_at) FROM project_approval_actions a WHERE a.approval_id = r.id) AS since
       FROM project_approvals r
       JOIN projects p ON p.organization_id = r.organization_id AND p.id = r.project_id
       JOIN approval_workflow_steps s ON s.workflow_id = r.workflow_id AND s.idx = r.current_step
       LEFT JOIN users u ON u.id = r.submitted_by
      WHERE r.organization_id = ? AND r.status = 'pending'
        AND (r.submitted_by IS NULL OR r.submitted_by <> ?)
        AND (r.assigned_to = ?
             OR (r.assigned_to IS NULL
                 AND (s.approver_user_id = ?
                      OR (s.approver_user_id IS NULL AND s.approver_role = ?))))
      ORDER BY r.submitted_at, r.id`,
    [access.organizationId, me, me, me, access.role],
  );
  return rows.map((r) => ({
    project_id: r.project_id,
    project_name: r.project_name,
    step_name: r.step_name,
    submitted_by_name: `${r.first_name ?? ""} ${r.last_name ?? ""}`.trim(),
    since: r.since ?? r.submitted_at,
  }));
}
