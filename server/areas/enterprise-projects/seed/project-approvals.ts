/**
 * Demo approvals (issue 14): Acme's approval workflow of three steps and one run
 * in progress. The run is on the first Acme project that has phases (the
 * enterprise projects are the ones seeded with phases), else on the Northwind ERP
 * Rollout: submitted by the project manager two days ago, the portfolio review
 * approved by the administrator yesterday, the executive sign-off awaiting her
 * (and her notification of it).
 * Team rows without an allocation get the default one.
 */
import type { Queryable } from "../../../db/database.ts";

const DAY = 86_400_000;

/** The demo workflow's id. */
export const DEMO_WORKFLOW_ID = "apw_acme_enterprise";

/**
 * Name, approving role or person, from budget, from risk. The risk board is one
 * named person, the administrator: the firm's only project manager submits its
 * projects, and a submitter never approves their own, so a project manager's
 * step would leave a risky project waiting for ever.
 */
const STEPS = [
  ["Portfolio review", { role: "firm_admin" }, 0, ""],
  ["Executive sign-off", { role: "firm_admin" }, 100000, ""],
  ["Risk board", { person: "usr_acme_admin" }, 0, "high"],
] as const;

/** The project the demo run is on: an enterprise project of Acme, found by its phases. */
async function approvalProject(tx: Queryable): Promise<string | undefined> {
  const enterprise = await tx.get<{ id: string }>(
    `SELECT p.id FROM projects p
      WHERE p.organization_id = 'org_acme'
        AND EXISTS (SELECT 1 FROM project_phases ph WHERE ph.project_id = p.id)
      ORDER BY p.name, p.id LIMIT 1`,
  );
  if (enterprise) return enterprise.id;
  const fallback = await tx.get<{ id: string }>(
    "SELECT id FROM projects WHERE organization_id = 'org_acme' AND name = 'Northwind ERP Rollout'",
  );
  return fallback?.id;
}

/** Seeds the workflow and the run in progress. */
export async function seedEnterpriseApprovals(tx: Queryable, today: number): Promise<void> {
  // Team rows seeded without an allocation take the spec's default (hourly rate / 10, rounded).
  await tx.run(
    "UPDATE project_members SET allocation_percent = ROUND(hourly_rate / 10.0) WHERE allocation_percent = 0",
  );
  const created = new Date(today - 30 * DAY).toISOString();
  await tx.run(
    `INSERT INTO approval_workflows (id, organization_id, name, created_at, created_by, updated_at, description, active)
     VALUES (?, 'org_acme', ?, ?, 'usr_acme_admin', ?, ?, 1)`,
    [
      DEMO_WORKFLOW_ID,
      "Enterprise project approval",
      created,
      created,
      "Portfolio fit for every project; executive sign-off from a budget of 100,000; " +
      "the risk board for high and critical risk.",
    ],
  );
  for (const [idx, [name, approver, budget, risk]] of STEPS.entries()) {
    await tx.run(
      `INSERT INTO approval_workflow_steps (id, organization_id, workflow_id, idx, step_name, approver_role, approver_user_id, min_budget, min_risk_level)
       VALUES (?, 'org_acme', ?, ?, ?, ?, ?, ?, ?)`,
      [
        `${DEMO_WORKFLOW_ID}.${idx}`,
        DEMO_WORKFLOW_ID,
        idx,
        name,
        "role" in approver ? approver.role : "",
        "person" in approver ? approver.person : null,
        budget,
        risk,
      ],
    );
  }
  const projectId = await approvalProject(tx);
  if (!projectId) return;
  const runId = "apr_acme_demo";
  await tx.run(
    `INSERT INTO project_approvals (id, organization_id, project_id, workflow_id, status, current_step, submitted_by, submitted_at)
     VALUES (?, 'org_acme', ?, ?, 'pending', 1, 'usr_acme_pm', ?)`,
    [runId, projectId, DEMO_WORKFLOW_ID, new Date(today - 2 * DAY + 9 * 3_600_000).toISOString()],
  );
  await tx.run(
    `INSERT INTO project_approval_actions (id, organization_id, approval_id, step_idx, action, comments, acted_by, acted_at)
     VALUES ('apa_acme_demo_1', 'org_acme', ?, 0, 'approve', ?, 'usr_acme_admin', ?)`,
    [
      runId,
      "Fits this year's portfolio plan.",
      new Date(today - DAY + 14 * 3_600_000).toISOString(),
    ],
  );
  await tx.run("UPDATE projects SET approval_status = 'pending' WHERE id = ?", [projectId]);
  // The executive sign-off told its approver when it came to wait, as every waiting step does.
  const project = await tx.get<{ name: string }>("SELECT name FROM projects WHERE id = ?", [
    projectId,
  ]);
  await tx.run(
    `INSERT INTO notifications (id, organization_id, user_id, title, message, category, read, created_at, link, params, notice_key)
     VALUES ('ntf_acme_demo_approval', 'org_acme', 'usr_acme_admin', ?, ?, 'approval', 0, ?, ?, ?, ?)`,
    [
      "Approval waiting for you: {project}",
      "{project} waits for your approval at {step}. Submitted by {submitter}.",
      new Date(today - DAY + 14 * 3_600_000).toISOString(),
      `/app/projects/${projectId}`,
      JSON.stringify({
        project: project?.name ?? "",
        step: "Executive sign-off",
        submitter: "Peter Novak",
      }),
      `project_approval:${runId}:1`,
    ],
  );
}
