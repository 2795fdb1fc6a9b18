/**
 * Putting a project through an approval workflow (issues 14 and 24). A
 * submission opens a run at the first step that applies to the project and sets
 * the project's approval_status to pending; it is refused, with the reason,
 * when a step that applies has no one but the submitter to approve it. An
 * approver's decision is recorded with who, when and their comments, and moves
 * the run on: approve to the next step that applies (or, after the last,
 * approved), reject to rejected, request_changes to changes_requested. The
 * project's approval_status is written through the record engine on every
 * change, so it is versioned, audited in the project's history and announced to
 * every open screen. Each step that comes to wait tells its approvers, and the
 * end of a run tells the submitter (approval-notices.ts). Segregation of duties
 * (as GitHub's "authors cannot approve their own pull request"): the submitter
 * cannot decide on their own submission.
 */
import type { Queryable } from "../../db/database.ts";
import type { Access } from "../../platform/access/access.ts";
import { requireAuthorized } from "../../platform/access/authorize.ts";
import { conflict, forbidden, invalidInput, notFound } from "../../platform/errors/app-error.ts";
import { newId } from "../../platform/ids.ts";
import type { RecordType } from "../../records/define.ts";
import type { RecordEngine } from "../../records/engine/engine.ts";
import { lockRecords } from "../../records/engine/record-store.ts";
import {
  loadWorkflows,
  nextApplicableStep,
  projectFacts,
  stepApplies,
  type StoredStep,
} from "./approval-workflows.ts";
import { type Approver, oneOf, stepApprovers, waitingOn } from "./approval-approvers.ts";
import { noticeOutcome, type NoticeRun, noticeWaitingStep } from "./approval-notices.ts";

/** An approver's decision. */
export type Decision = "approve" | "reject" | "request_changes";

/** The run state (and project approval_status) each decision leads to when it ends the run. */
const ENDING: Record<Exclude<Decision, "approve">, "rejected" | "changes_requested"> = {
  reject: "rejected",
  request_changes: "changes_requested",
};

/** A stored run, as the writes read it. */
export interface RunRow {
  workflow_id: string;
  status: string;
  current_step: number;
  submitted_by: string | null;
  assigned_to: string | null;
}

/**
 * The project of an approval write, locked first, or 404: every write on a
 * project's approvals (a submission, a decision, a withdrawal, a reassignment)
 * decides from its runs and writes its approval status, so on PostgreSQL they
 * take turns per project and each reads what the one before committed.
 */
export async function projectOf(q: Queryable, access: Access, projectId: string) {
  await lockRecords(q, "projects", access.organizationId, [projectId]);
  const project = await projectFacts(q, access.organizationId, projectId);
  if (!project) throw notFound("Project");
  return project;
}

/** A run of the project, or 404. */
export async function runOf(
  q: Queryable,
  access: Access,
  target: { projectId: string; approvalId: string },
): Promise<RunRow> {
  const run = await q.get<RunRow>(
    `SELECT workflow_id, status, current_step, submitted_by, assigned_to FROM project_approvals
      WHERE organization_id = ? AND project_id = ? AND id = ?`,
    [access.organizationId, target.projectId, target.approvalId],
  );
  if (!run) throw notFound("Approval");
  return run;
}

/** Writes the project's approval_status through the engine (versioned, audited, announced). */
export async function setApprovalStatus(
  engine: RecordEngine,
  tx: Queryable,
  access: Access,
  type: RecordType,
  project: { id: string; version: number },
  status: string,
  auditAction: string,
) {
  return await engine.updateIn(tx, access, type, project.id, project.version, {
    approval_status: status,
  }, { trusted: true, auditAction });
}

/** A person's name. */
export async function nameOf(q: Queryable, userId: string | null): Promise<string> {
  if (!userId) return "";
  const row = await q.get<{ first_name: string; last_name: string }>(
    "SELECT first_name, last_name FROM users WHERE id = ?",
    [userId],
  );
  return row ? `${row.first_name} ${row.last_name}`.trim() : "";
}

/**
 * Why a step that applies could not finish with this submitter, or null: no one
 * but the submitter may approve it, or no one at all.
 */
function deadlock(
  step: StoredStep,
  approvers: readonly Approver[],
  submitter: { id: string; name: string; organization: string },
): string | null {
  if (approvers.some((a) => a.id !== submitter.id)) return null;
  const mine = approvers.length > 0;
  if (step.approver_user_id) {
    return mine
      ? `${step.step_name} is approved by you alone, and you cannot approve your own submission`
      : `${step.step_name} is approved by ${step.approver_name}, who may not approve projects`;
  }
  const who = oneOf(step.approver_role);
  return mine
    ? `${step.step_name} needs ${who} other than you: ${submitter.name} is the only one`
    : `${step.step_name} needs ${who}: no one in ${submitter.organization} is one who may approve projects`;
}

/** Opens an approval run of a project on a workflow. */
export async function submitForApproval(
  engine: RecordEngine,
  access: Access,
  projectId: string,
  workflowId: string,
  now: string,
) {
  const type = engine.typeFor(access, "project", "update");
  return await engine.db.transaction(async (tx) => {
    const project = await projectOf(tx, access, projectId);
    const open = await tx.get<{ id: string }>(
      `SELECT id FROM project_approvals
        WHERE organization_id = ? AND project_id = ? AND status = 'pending'`,
      [access.organizationId, projectId],
    );
    if (open) throw conflict("This project already has an approval in progress", { id: open.id });
    const [workflow] = await loadWorkflows(tx, access.organizationId, { ids: [workflowId] });
    if (!workflow) {
      throw invalidInput("workflow_id: unknown workflow", { workflow_id: "Unknown workflow" });
    }
    if (!workflow.active) {
      throw invalidInput("workflow_id: this workflow is not active", {
        workflow_id: "This workflow is not active",
      });
    }
    const first = nextApplicableStep(workflow, project, 0);
    if (!first) {
      throw invalidInput("workflow_id: no step of this workflow applies to this project", {
        workflow_id: "No step of this workflow applies to this project",
      });
    }
    const submitter = {
      id: access.user.id,
      name: `${access.user.first_name} ${access.user.last_name}`.trim(),
      organization: access.organizationName,
    };
    let firstApprovers: Approver[] = [];
    for (const step of workflow.steps.filter((s) => stepApplies(s, project))) {
      const approvers = await stepApprovers(tx, access.organizationId, step);
      const reason = deadlock(step, approvers, submitter);
      if (reason) throw invalidInput(reason, { workflow_id: reason });
      if (step.idx === first.idx) firstApprovers = approvers;
    }
    const id = newId("apr");
    await tx.run(
      `INSERT INTO project_approvals
         (id, organization_id, project_id, workflow_id, status, current_step, submitted_by, submitted_at)
       VALUES (?, ?, ?, ?, 'pending', ?, ?, ?)`,
      [id, access.organizationId, projectId, workflow.id, first.idx, access.user.id, now],
    );
    await setApprovalStatus(
      engine,
      tx,
      access,
      type,
      { id: projectId, version: project.version },
      "pending",
      "submit_approval",
    );
    await noticeWaitingStep(
      tx,
      engine,
      {
        organizationId: access.organizationId,
        runId: id,
        projectId,
        projectName: project.name,
        submittedBy: access.user.id,
        submitterName: submitter.name,
      },
      { ...first, approvers: firstApprovers },
      now,
    );
    return id;
  });
}

/** Records an approver's decision on the current step of a run. */
export async function processApproval(
  engine: RecordEngine,
  access: Access,
  target: { projectId: string; approvalId: string },
  decision: { action: Decision; comments: string },
  now: string,
) {
  requireAuthorized(access, "projects", "approve");
  const type = engine.typeFor(access, "project", "read");
  if (decision.action !== "approve" && decision.comments.trim() === "") {
    throw invalidInput("comments: say what must change", {
      comments: "Required when you reject or request changes",
    });
  }
  await engine.db.transaction(async (tx) => {
    const project = await projectOf(tx, access, target.projectId);
    const run = await runOf(tx, access, target);
    if (run.status !== "pending") throw conflict("This approval has already been decided");
    const [workflow] = await loadWorkflows(tx, access.organizationId, { ids: [run.workflow_id] });
    const step = workflow?.steps.find((s) => s.idx === Number(run.current_step));
    if (!workflow || !step) {
      throw conflict(
        "The workflow's steps have changed since submission; submit the project again",
      );
    }
    if (run.submitted_by === access.user.id) {
      throw forbidden("You cannot decide on a project you submitted for approval yourself");
    }
    const approvers = await stepApprovers(tx, access.organizationId, step, run.assigned_to);
    if (!approvers.some((a) => a.id === access.user.id)) {
      const others = approvers.filter((a) => a.id !== run.submitted_by);
      throw forbidden(
        `Only ${waitingOn(step, others)} can decide on the step ${step.step_name}`,
      );
    }
    await tx.run(
      `INSERT INTO project_approval_actions
         (id, organization_id, approval_id, step_idx, action, comments, acted_by, acted_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        newId("apa"),
        access.organizationId,
        target.approvalId,
        step.idx,
        decision.action,
        decision.comments.trim(),
        access.user.id,
        now,
      ],
    );
    const next = decision.action === "approve"
      ? nextApplicableStep(workflow, project, step.idx + 1)
      : null;
    const status = decision.action === "approve"
      ? (next ? "pending" : "approved")
      : ENDING[decision.action];
    const moved = await tx.run(
      `UPDATE project_approvals SET status = ?, current_step = ?, decided_at = ?, assigned_to = NULL
        WHERE id = ? AND status = 'pending' AND current_step = ?`,
      [
        status,
        next?.idx ?? step.idx,
        status === "pending" ? null : now,
        target.approvalId,
        step.idx,
      ],
    );
    if (moved.changes !== 1) throw conflict("Someone else decided on this step first");
    await setApprovalStatus(
      engine,
      tx,
      access,
      type,
      { id: target.projectId, version: project.version },
      status,
      `approval_${decision.action}`,
    );
    const noticeRun: NoticeRun = {
      organizationId: access.organizationId,
      runId: target.approvalId,
      projectId: target.projectId,
      projectName: project.name,
      submittedBy: run.submitted_by,
      submitterName: await nameOf(tx, run.submitted_by),
    };
    if (next) {
      const nextApprovers = await stepApprovers(tx, access.organizationId, next);
      await noticeWaitingStep(tx, engine, noticeRun, { ...next, approvers: nextApprovers }, now);
    } else if (status !== "pending") {
      await noticeOutcome(tx, engine, noticeRun, {
        status,
        step: step.step_name,
        approver: `${access.user.first_name} ${access.user.last_name}`.trim(),
        comments: decision.comments.trim(),
      }, now);
    }
  });
}
