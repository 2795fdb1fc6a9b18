/**
 * Putting a project through an approval workflow (issue 14). A submission opens
 * a run at the first step that applies to the project and sets the project's
 * approval_status to pending; an approver's decision is recorded with who, when
 * and their comments, and moves the run on: approve to the next step that
 * applies (or, after the last, approved), reject to rejected, request_changes to
 * changes_requested. The project's approval_status is written through the record
 * engine on every decision, so it is versioned, audited in the project's history
 * and announced to every open screen. Segregation of duties (as GitHub's "authors
 * cannot approve their own pull request"): the submitter cannot decide on their
 * own submission.
 */
import { lockRecords } from "../../records/engine/record-store.ts";
import type { Queryable } from "../../db/database.ts";
import type { Access } from "../../platform/access/access.ts";
import { requireAuthorized } from "../../platform/access/authorize.ts";
import { roleLabel } from "../../platform/access/role-label.ts";
import { conflict, forbidden, invalidInput, notFound } from "../../platform/errors/app-error.ts";
import { newId } from "../../platform/ids.ts";
import type { RecordType } from "../../records/define.ts";
import type { RecordEngine } from "../../records/engine/engine.ts";
import { loadWorkflows, nextApplicableStep, projectFacts } from "./approval-workflows.ts";

/** An approver's decision. */
export type Decision = "approve" | "reject" | "request_changes";

/** The run state (and project approval_status) each decision leads to when it ends the run. */
const ENDING: Record<Exclude<Decision, "approve">, string> = {
  reject: "rejected",
  request_changes: "changes_requested",
};

/**
 * The project an approval run belongs to, locked: whether a run is open, and
 * which step waits, is decided by one submission or decision at a time.
 */
async function projectOf(q: Queryable, access: Access, projectId: string) {
  await lockRecords(q, "projects", access.organizationId, [projectId]);
  const project = await projectFacts(q, access.organizationId, projectId);
  if (!project) throw notFound("Project");
  return project;
}

async function setApprovalStatus(
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
    const run = await tx.get<{
      workflow_id: string;
      status: string;
      current_step: number;
      submitted_by: string | null;
    }>(
      `SELECT workflow_id, status, current_step, submitted_by FROM project_approvals
        WHERE organization_id = ? AND project_id = ? AND id = ?`,
      [access.organizationId, target.projectId, target.approvalId],
    );
    if (!run) throw notFound("Approval");
    if (run.status !== "pending") throw conflict("This approval has already been decided");
    const [workflow] = await loadWorkflows(tx, access.organizationId, { ids: [run.workflow_id] });
    const step = workflow?.steps.find((s) => s.idx === Number(run.current_step));
    if (!workflow || !step) {
      throw conflict(
        "The workflow's steps have changed since submission; submit the project again",
      );
    }
    if (access.role !== step.approver_role) {
      throw forbidden(
        `Only a ${
          roleLabel(step.approver_role).toLowerCase()
        } can decide on the step ${step.step_name}`,
      );
    }
    if (run.submitted_by === access.user.id) {
      throw forbidden("You cannot decide on a project you submitted for approval yourself");
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
      `UPDATE project_approvals SET status = ?, current_step = ?, decided_at = ?
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
  });
}
