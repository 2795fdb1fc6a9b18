/**
 * Who may approve a step of a project approval (issue 24): the active members of
 * the organisation whose role may approve projects (`projects.approve`) and who
 * either hold the step's role or are the one person it names — or, once an
 * administrator reassigned the waiting step, that person alone. Whoever
 * submitted the project never approves it, so a step whose only approver is the
 * submitter could never finish: it is refused when the workflow is saved (no one
 * holds the role at all) and when a project is submitted on it (only the
 * submitter does), with the reason in words.
 */
import type { Reader } from "../../db/database.ts";
import { roleLabel } from "../../platform/access/role-label.ts";

/** A person who may approve. */
export interface Approver {
  id: string;
  name: string;
}

/** Who a step names: a role, or one person. */
export interface StepApprover {
  step_name: string;
  approver_role: string;
  approver_user_id: string | null;
}

/** The permission that lets a member decide on project approvals. */
const APPROVE = "projects.approve";

/**
 * The organisation's members who may approve projects, optionally only those
 * holding `role` or only the people of `ids`, by name.
 */
export async function projectApprovers(
  q: Reader,
  organizationId: string,
  only: { role?: string; ids?: readonly string[] } = {},
): Promise<Approver[]> {
  if (only.ids && only.ids.length === 0) return [];
  const rows = await q.all<{ id: string; first_name: string; last_name: string }>(
    `SELECT u.id, u.first_name, u.last_name
       FROM user_organizations uo
       JOIN users u ON u.id = uo.user_id AND u.is_active = 1
       JOIN roles r ON r.organization_id = uo.organization_id AND r.name = uo.user_role
       JOIN role_permissions rp ON rp.role_id = r.id AND rp.permission = ?
      WHERE uo.organization_id = ? AND uo.status = 'active'
        ${only.role !== undefined ? "AND uo.user_role = ?" : ""}
        ${only.ids ? `AND u.id IN (${only.ids.map(() => "?").join(", ")})` : ""}
      ORDER BY u.first_name, u.last_name, u.id`,
    [
      APPROVE,
      organizationId,
      ...(only.role !== undefined ? [only.role] : []),
      ...(only.ids ?? []),
    ],
  );
  return rows.map((r) => ({ id: r.id, name: `${r.first_name} ${r.last_name}`.trim() }));
}

/** Everyone who may approve the step (the submitter included), or the person it was reassigned to. */
export function stepApprovers(
  q: Reader,
  organizationId: string,
  step: StepApprover,
  assignedTo: string | null = null,
): Promise<Approver[]> {
  if (assignedTo) return projectApprovers(q, organizationId, { ids: [assignedTo] });
  return step.approver_user_id
    ? projectApprovers(q, organizationId, { ids: [step.approver_user_id] })
    : projectApprovers(q, organizationId, { role: step.approver_role });
}

/** "a project manager", "an administrator": a role's label as one of its holders. */
export function oneOf(role: string): string {
  const label = roleLabel(role).toLowerCase();
  return `${/^[aeiou]/.test(label) ? "an" : "a"} ${label}`;
}

/** Whom a waiting step waits for, in words: "Alice Morgan", "Alice Morgan or Bob Lee", "a finance". */
export function waitingOn(step: StepApprover, approvers: readonly Approver[]): string {
  if (approvers.length === 0) return "no one";
  if (approvers.length <= 2) return approvers.map((a) => a.name).join(" or ");
  return step.approver_role ? oneOf(step.approver_role) : approvers[0].name;
}
