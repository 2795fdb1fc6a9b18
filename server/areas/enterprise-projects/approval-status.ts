/**
 * A project's approvals as people read them (issues 14 and 24): the newest run
 * with each step's approver, condition, state and the actions taken on it (who,
 * when, comments), whom it waits for now ("Waiting for Alice Morgan (Executive
 * review)"), whether the caller may decide, withdraw or reassign it, and the
 * earlier runs.
 */
import type { z } from "zod";
import type {
  ApprovalRun,
  ApprovalStatus,
} from "../../../schemas/api/enterprise-projects/approvals.ts";
import type { Queryable } from "../../db/database.ts";
import type { Access } from "../../platform/access/access.ts";
import { isAdmin } from "../../platform/access/access.ts";
import { authorize } from "../../platform/access/authorize.ts";
import { type Approver, projectApprovers, stepApprovers, waitingOn } from "./approval-approvers.ts";
import {
  loadWorkflows,
  type ProjectFacts,
  shownStep,
  type StoredWorkflow,
} from "./approval-workflows.ts";

const STATUS_LABELS: Record<string, string> = {
  not_submitted: "Not submitted",
  pending: "Pending approval",
  approved: "Approved",
  rejected: "Rejected",
  changes_requested: "Changes requested",
  withdrawn: "Withdrawn",
};

const ACTION_LABELS: Record<string, string> = {
  approve: "Approved",
  reject: "Rejected",
  request_changes: "Requested changes",
  withdraw: "Withdrew",
  reassign: "Reassigned",
};

const STEP_LABELS = {
  skipped: "Does not apply",
  waiting: "Waiting",
  current: "Awaiting decision",
  approved: "Approved",
  rejected: "Rejected",
  changes_requested: "Changes requested",
  withdrawn: "Withdrawn",
} as const;

/** The state a step is left in by the last of these actions on it (a reassignment leaves it waiting). */
const ACTION_STATES = {
  approve: "approved",
  reject: "rejected",
  request_changes: "changes_requested",
  withdraw: "withdrawn",
} as const;

interface RunRow {
  id: string;
  workflow_id: string;
  status: string;
  current_step: number;
  submitted_by: string | null;
  submitted_at: string;
  decided_at: string | null;
  assigned_to: string | null;
}

/** Who the open run's current step waits for: its approvers (the submitter left out). */
interface Waiting {
  approvers: Approver[];
  /** People an administrator may hand the step to; null for anyone else. */
  candidates: Approver[] | null;
}

interface ActionRow {
  approval_id: string;
  step_idx: number;
  action: string;
  comments: string;
  acted_by: string | null;
  acted_at: string;
}

async function namesOf(q: Queryable, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map<string, string>();
  const rows = await q.all<{ id: string; first_name: string; last_name: string }>(
    `SELECT id, first_name, last_name FROM users WHERE id IN (${wanted.map(() => "?").join(", ")})`,
    wanted,
  );
  return new Map(rows.map((r) => [r.id, `${r.first_name} ${r.last_name}`.trim()]));
}

function shownRun(
  run: RunRow,
  workflow: StoredWorkflow | undefined,
  actions: ActionRow[],
  names: Map<string, string>,
  project: ProjectFacts,
  access: Access,
  waiting: Waiting | null,
): z.infer<typeof ApprovalRun> {
  const open = run.status === "pending";
  const steps = (workflow?.steps ?? []).map((step) => {
    const shown = shownStep(step, project);
    const taken = actions.filter((a) => Number(a.step_idx) === step.idx);
    const last = taken.filter((a) => a.action in ACTION_STATES).at(-1);
    const state = last
      ? ACTION_STATES[last.action as keyof typeof ACTION_STATES]
      : open && step.idx === Number(run.current_step)
      ? "current" as const
      : shown.applies === true ||
          (shown.applies === null && open && step.idx > Number(run.current_step))
      ? "waiting" as const
      : "skipped" as const;
    return {
      idx: shown.idx,
      step_name: shown.step_name,
      approver_role: shown.approver_role,
      approver_user_id: shown.approver_user_id,
      approver_role_label: shown.approver_role_label,
      condition: shown.condition,
      applies: shown.applies,
      state,
      state_label: STEP_LABELS[state],
      decided_by: last?.acted_by ? names.get(last.acted_by) ?? null : null,
      comments: last?.comments || null,
      actions: taken.map((a) => ({
        step_idx: Number(a.step_idx),
        action: a.action,
        action_label: ACTION_LABELS[a.action] ?? a.action,
        comments: a.comments,
        acted_by: a.acted_by,
        acted_by_name: a.acted_by ? names.get(a.acted_by) ?? "" : "",
        acted_at: a.acted_at,
      })),
    };
  });
  const current = open ? steps.find((s) => s.idx === Number(run.current_step)) : undefined;
  const stored = workflow?.steps.find((s) => s.idx === current?.idx);
  const approvers = waiting?.approvers ?? [];
  const mine = run.submitted_by === access.user.id;
  return {
    id: run.id,
    workflow_id: run.workflow_id,
    workflow_name: workflow?.name ?? "",
    status: run.status as z.infer<typeof ApprovalRun>["status"],
    status_label: STATUS_LABELS[run.status] ?? run.status,
    current_step: current ? current.idx : null,
    current_step_name: current ? current.step_name : null,
    waiting_for: current && stored
      ? `Waiting for ${waitingOn(stored, approvers)} (${current.step_name})`
      : null,
    waiting_on: current && stored ? `${waitingOn(stored, approvers)} (${current.step_name})` : null,
    assigned_to: open ? run.assigned_to : null,
    assigned_to_name: open && run.assigned_to ? names.get(run.assigned_to) ?? "" : null,
    submitted_by: run.submitted_by,
    submitted_by_name: run.submitted_by ? names.get(run.submitted_by) ?? "" : "",
    submitted_at: run.submitted_at,
    decided_at: run.decided_at,
    steps,
    actions: steps.flatMap((step) => step.actions.map((a) => ({ ...a, step_name: step.step_name })))
      .sort((a, b) => a.acted_at.localeCompare(b.acted_at)),
    can_act: current !== undefined && authorize(access, "projects", "approve") && !mine &&
      approvers.some((a) => a.id === access.user.id),
    can_withdraw: open && mine && authorize(access, "projects", "update"),
    can_reassign: open && waiting?.candidates !== null && waiting?.candidates !== undefined,
    reassign_candidates: open && waiting?.candidates ? waiting.candidates : null,
  };
}

/** Whom the open run waits for, and (for an administrator) whom it could be handed to. */
async function waitingOf(
  q: Queryable,
  access: Access,
  run: RunRow,
  workflow: StoredWorkflow | undefined,
): Promise<Waiting | null> {
  const step = workflow?.steps.find((s) => s.idx === Number(run.current_step));
  if (run.status !== "pending" || !step) return null;
  const notSubmitter = (a: Approver) => a.id !== run.submitted_by;
  const approvers = (await stepApprovers(q, access.organizationId, step, run.assigned_to))
    .filter(notSubmitter);
  const candidates = isAdmin(access)
    ? (await projectApprovers(q, access.organizationId))
      .filter((a) => notSubmitter(a) && a.id !== run.assigned_to)
    : null;
  return { approvers, candidates };
}

/** The approval status of a project the caller may read. */
export async function approvalStatus(
  q: Queryable,
  access: Access,
  project: ProjectFacts & { id: string; version: number; approval_status: string },
): Promise<z.infer<typeof ApprovalStatus>> {
  const runs = await q.all<RunRow>(
    `SELECT id, workflow_id, status, current_step, submitted_by, submitted_at, decided_at,
            assigned_to
       FROM project_approvals WHERE organization_id = ? AND project_id = ?
      ORDER BY submitted_at DESC, id DESC`,
    [access.organizationId, project.id],
  );
  const actions = runs.length === 0 ? [] : await q.all<ActionRow>(
    `SELECT approval_id, step_idx, action, comments, acted_by, acted_at
       FROM project_approval_actions
      WHERE organization_id = ? AND approval_id IN (${runs.map(() => "?").join(", ")})
      ORDER BY acted_at, id`,
    [access.organizationId, ...runs.map((r) => r.id)],
  );
  const workflows = new Map(
    (await loadWorkflows(q, access.organizationId, {
      ids: [...new Set(runs.map((r) => r.workflow_id))],
    })).map((w) => [w.id, w]),
  );
  const names = await namesOf(q, [
    ...runs.map((r) => r.submitted_by),
    ...runs.map((r) => r.assigned_to),
    ...actions.map((a) => a.acted_by),
  ]);
  const waiting = runs[0]
    ? await waitingOf(q, access, runs[0], workflows.get(runs[0].workflow_id))
    : null;
  const shown = runs.map((run, i) =>
    shownRun(
      run,
      workflows.get(run.workflow_id),
      actions.filter((a) => a.approval_id === run.id),
      names,
      project,
      access,
      i === 0 ? waiting : null,
    )
  );
  const status = project.approval_status as z.infer<typeof ApprovalStatus>["approval_status"];
  return {
    project_id: project.id,
    approval_status: status,
    approval_status_label: STATUS_LABELS[status] ?? status,
    project_version: project.version,
    current: shown[0] ?? null,
    decisions: shown.filter((run) => run.can_act),
    open: shown.filter((run) => run.status === "pending"),
    history: shown.slice(1),
  };
}
