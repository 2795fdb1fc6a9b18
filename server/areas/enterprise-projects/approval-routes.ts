/**
 * The enterprise project approval calls (spec 001 §7, issues 14 and 24): the
 * workflows a project can go through, submission, an approver's decision, the
 * submitter's withdrawal, an administrator's reassignment of the waiting step,
 * and the status with its history. Reading needs projects.read, submitting and
 * withdrawing projects.update, deciding projects.approve and being one of the
 * current step's approvers, reassigning the administrator role.
 */
import * as S from "../../../schemas/api/enterprise-projects/approvals.ts";
import type { Api } from "../../platform/http/api.ts";
import type { Access } from "../../platform/access/access.ts";
import { notFound } from "../../platform/errors/app-error.ts";
import type { EnterpriseDeps } from "./mod.ts";
import { loadWorkflows, projectFacts, shownStep } from "./approval-workflows.ts";
import { processApproval, submitForApproval } from "./approval-runs.ts";
import { approvalStatus } from "./approval-status.ts";
import { reassignApproval, withdrawApproval } from "./approval-changes.ts";

const TAG = "Enterprise projects";

/** Declares the approval calls. */
export function approvalRoutes(api: Api, { db, records, clock }: EnterpriseDeps): void {
  const now = () => new Date(clock()).toISOString();

  /**
   * The project after the engine's read checks (module, permission, scope): 404
   * otherwise. Its budget as the project's GET shows it: null below level 1.
   */
  async function readable(access: Access, id: string) {
    const { record } = await records.get(access, "project", id);
    const facts = await projectFacts(db, access.organizationId, id);
    if (!facts) throw notFound("Project");
    const budget = "budget" in record ? Number(facts.budget) : null;
    return { ...facts, id, version: Number(facts.version), budget };
  }

  api.route({
    method: "get",
    path: "/enterprise-projects/:id/approval-workflows",
    tag: TAG,
    summary: "The organisation's active approval workflows and which steps apply to the project",
    audience: "staff",
    response: S.ApprovalWorkflowsResponse,
  }, async (c, { access }) => {
    const project = await readable(access, c.req.param("id") ?? "");
    const workflows = await loadWorkflows(db, access.organizationId, { active: true });
    return c.json({
      data: {
        project_id: project.id,
        workflows: workflows.map((w) => {
          const steps = w.steps.map((s) => shownStep(s, project));
          return {
            id: w.id,
            name: w.name,
            description: w.description,
            steps,
            applicable_steps: steps.some((s) => s.applies === null)
              ? null
              : steps.filter((s) => s.applies).length,
          };
        }),
      },
    });
  });

  api.route({
    method: "post",
    path: "/enterprise-projects/:id/submit-approval",
    tag: TAG,
    summary: "Submits the project for approval on a workflow (its approval status becomes pending)",
    audience: "staff",
    body: S.SubmitApprovalRequest,
    response: S.ApprovalStatusResponse,
    status: 201,
  }, async (c, { access, body }) => {
    const id = c.req.param("id") ?? "";
    await submitForApproval(records, access, id, body.workflow_id, now());
    return c.json({ data: await approvalStatus(db, access, await readable(access, id)) }, 201);
  });

  api.route({
    method: "post",
    path: "/enterprise-projects/:id/approvals/:approvalId/process",
    tag: TAG,
    summary: "Approves, rejects or requests changes on the current step of an approval",
    audience: "staff",
    body: S.ProcessApprovalRequest,
    response: S.ApprovalStatusResponse,
  }, async (c, { access, body }) => {
    const id = c.req.param("id") ?? "";
    await processApproval(
      records,
      access,
      { projectId: id, approvalId: c.req.param("approvalId") ?? "" },
      body,
      now(),
    );
    return c.json({ data: await approvalStatus(db, access, await readable(access, id)) });
  });

  api.route({
    method: "post",
    path: "/enterprise-projects/:id/approvals/:approvalId/withdraw",
    tag: TAG,
    summary:
      "Withdraws a pending approval (its submitter only); the project reads not submitted again",
    audience: "staff",
    body: S.WithdrawApprovalRequest,
    response: S.ApprovalStatusResponse,
  }, async (c, { access, body }) => {
    const id = c.req.param("id") ?? "";
    await withdrawApproval(
      records,
      access,
      { projectId: id, approvalId: c.req.param("approvalId") ?? "" },
      { comments: body.comments, now: now() },
    );
    return c.json({ data: await approvalStatus(db, access, await readable(access, id)) });
  });

  api.route({
    method: "post",
    path: "/enterprise-projects/:id/approvals/:approvalId/reassign",
    tag: TAG,
    summary:
      "Hands the step a pending approval waits on to another person who may approve projects (administrators)",
    audience: "staff",
    body: S.ReassignApprovalRequest,
    response: S.ApprovalStatusResponse,
  }, async (c, { access, body }) => {
    const id = c.req.param("id") ?? "";
    await reassignApproval(
      records,
      access,
      { projectId: id, approvalId: c.req.param("approvalId") ?? "" },
      { userId: body.user_id, comments: body.comments, now: now() },
    );
    return c.json({ data: await approvalStatus(db, access, await readable(access, id)) });
  });

  api.route({
    method: "get",
    path: "/enterprise-projects/:id/approval-status",
    tag: TAG,
    summary: "The project's approval status, its current run step by step, and earlier runs",
    audience: "staff",
    response: S.ApprovalStatusResponse,
  }, async (c, { access }) => {
    const project = await readable(access, c.req.param("id") ?? "");
    return c.json({ data: await approvalStatus(db, access, project) });
  });
}
