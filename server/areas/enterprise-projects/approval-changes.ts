/**
 * Changing a pending approval run without deciding it (issue 24). Its submitter
 * may withdraw it: the run ends withdrawn and the project reads not submitted
 * again, ready to be changed and submitted anew. An administrator may reassign
 * the step it waits on to another person who may approve projects (not the
 * submitter) — the way out when the step's approvers are away or gone; the run
 * then waits on that person alone until the step is decided. Both are recorded
 * as actions of the run (who, when, comments) and audited on the project, and a
 * reassignment tells its new approver.
 */
import type { Access } from "../../platform/access/access.ts";
import { isAdmin } from "../../platform/access/access.ts";
import { requireAuthorized } from "../../platform/access/authorize.ts";
import { recordAudit } from "../../platform/audit/record.ts";
import { conflict, forbidden, invalidInput } from "../../platform/errors/app-error.ts";
import { newId } from "../../platform/ids.ts";
import type { Queryable } from "../../db/database.ts";
import type { RecordEngine } from "../../records/engine/engine.ts";
import { announceRecord } from "../../records/engine/record-store.ts";
import { approverLabel, loadWorkflows } from "./approval-workflows.ts";
import { projectApprovers, stepApprovers, waitingOn } from "./approval-approvers.ts";
import { nameOf, projectOf, runOf, type RunRow, setApprovalStatus } from "./approval-runs.ts";
import { noticeWaitingStep } from "./approval-notices.ts";

/** Which run of which project. */
export interface RunTarget {
  projectId: string;
  approvalId: string;
}

const STATE_WORDS: Record<string, string> = {
  approved: "approved",
  rejected: "rejected",
  changes_requested: "returned with changes requested",
  withdrawn: "withdrawn",
};

function requirePending(run: RunRow, verb: string): void {
  if (run.status !== "pending") {
    throw conflict(
      `Only a pending approval can be ${verb}: this one was ${
        STATE_WORDS[run.status] ?? run.status
      }`,
    );
  }
}

async function recordRunAction(
  tx: Queryable,
  access: Access,
  run: { id: string; step: number },
  action: { action: string; comments: string; now: string },
): Promise<void> {
  await tx.run(
    `INSERT INTO project_approval_actions
       (id, organization_id, approval_id, step_idx, action, comments, acted_by, acted_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      newId("apa"),
      access.organizationId,
      run.id,
      run.step,
      action.action,
      action.comments,
      access.user.id,
      action.now,
    ],
  );
}

/** The submitter withdraws their pending run; the project reads not submitted again. */
export async function withdrawApproval(
  engine: RecordEngine,
  access: Access,
  target: RunTarget,
  input: { comments: string; now: string },
): Promise<void> {
  requireAuthorized(access, "projects", "update");
  const type = engine.typeFor(access, "project", "update");
  await engine.db.transaction(async (tx) => {
    const project = await projectOf(tx, access, target.projectId);
    const run = await runOf(tx, access, target);
    requirePending(run, "withdrawn");
    if (run.submitted_by !== access.user.id) {
      const submitter = await nameOf(tx, run.submitted_by);
      throw forbidden(
        `Only ${submitter || "whoever submitted it"}, who submitted this approval, can withdraw it`,
      );
    }
    await recordRunAction(tx, access, { id: target.approvalId, step: Number(run.current_step) }, {
      action: "withdraw",
      comments: input.comments.trim(),
      now: input.now,
    });
    const moved = await tx.run(
      `UPDATE project_approvals SET status = 'withdrawn', decided_at = ?, assigned_to = NULL
        WHERE id = ? AND status = 'pending'`,
      [input.now, target.approvalId],
    );
    if (moved.changes !== 1) throw conflict("Someone decided on this approval first");
    await setApprovalStatus(
      engine,
      tx,
      access,
      type,
      { id: target.projectId, version: project.version },
      "not_submitted",
      "withdraw_approval",
    );
  });
}

/** An administrator hands the step a pending run waits on to another person. */
export async function reassignApproval(
  engine: RecordEngine,
  access: Access,
  target: RunTarget,
  input: { userId: string; comments: string; now: string },
): Promise<void> {
  if (!isAdmin(access)) throw forbidden("Only an administrator can reassign an approval step");
  await engine.db.transaction(async (tx) => {
    const project = await projectOf(tx, access, target.projectId);
    const run = await runOf(tx, access, target);
    requirePending(run, "reassigned");
    const [workflow] = await loadWorkflows(tx, access.organizationId, { ids: [run.workflow_id] });
    const step = workflow?.steps.find((s) => s.idx === Number(run.current_step));
    if (!step) {
      throw conflict(
        "The workflow's steps have changed since submission; submit the project again",
      );
    }
    const [person] = await projectApprovers(tx, access.organizationId, { ids: [input.userId] });
    if (!person) {
      throw invalidInput("user_id: this person may not approve projects", {
        user_id: "This person may not approve projects",
      });
    }
    if (person.id === run.submitted_by) {
      throw invalidInput(`user_id: ${person.name} submitted this project and cannot approve it`, {
        user_id: `${person.name} submitted this project and cannot approve it`,
      });
    }
    if (person.id === run.assigned_to) {
      throw invalidInput(`user_id: the step already waits for ${person.name}`, {
        user_id: `The step already waits for ${person.name}`,
      });
    }
    const before = waitingOn(
      step,
      (await stepApprovers(tx, access.organizationId, step, run.assigned_to))
        .filter((a) => a.id !== run.submitted_by),
    );
    const said = `${step.step_name} reassigned from ${
      run.assigned_to ? before : approverLabel(step)
    } to ${person.name}`;
    const comments = input.comments.trim();
    await recordRunAction(tx, access, { id: target.approvalId, step: step.idx }, {
      action: "reassign",
      comments: comments ? `${said}: ${comments}` : said,
      now: input.now,
    });
    const moved = await tx.run(
      `UPDATE project_approvals SET assigned_to = ?
        WHERE id = ? AND status = 'pending' AND current_step = ?`,
      [person.id, target.approvalId, step.idx],
    );
    if (moved.changes !== 1) throw conflict("Someone decided on this step first");
    await recordAudit(tx, {
      organizationId: access.organizationId,
      actorId: access.user.id,
      action: "reassign_approval",
      resourceType: "project",
      resourceId: target.projectId,
      after: { comment: comments ? `${said}: ${comments}` : said },
      now: input.now,
    });
    const projectType = engine.findType("project");
    if (projectType) {
      // No field of the project changed, but its Approvals tab did: open screens reload it.
      await announceRecord(tx, access.organizationId, projectType, target.projectId);
    }
    await noticeWaitingStep(
      tx,
      engine,
      {
        organizationId: access.organizationId,
        runId: target.approvalId,
        projectId: target.projectId,
        projectName: project.name,
        submittedBy: run.submitted_by,
        submitterName: await nameOf(tx, run.submitted_by),
      },
      { idx: step.idx, step_name: step.step_name, approvers: [person] },
      input.now,
    );
  });
}
