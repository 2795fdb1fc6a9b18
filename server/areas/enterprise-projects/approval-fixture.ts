/**
 * Test support for the approval calls: a three-step workflow created through the
 * record API — an executive review (firm administrators, always), a delivery
 * board (project managers, from a budget of 100,000) and a risk board (firm
 * administrators, from high risk) — with a second project manager.
 */
import type { TestApp } from "../../testing/test-app.ts";
import { jsonOf } from "../../testing/http-assertions.ts";

/** Creates a project (budget 250,000, medium risk) as the Acme admin; answers its API path. */
export async function createProject(t: TestApp): Promise<string> {
  const created = await jsonOf<{ record: { id: string } }>(
    await t.call("POST", "/api/records/project", {
      token: await t.tokenFor("admin@acme.test"),
      body: { values: { name: "Approval sample", end_date: "2031-06-30", budget: 250000 } },
    }),
    201,
  );
  return created.record.id;
}

/**
 * Creates the three-step workflow as the Acme admin; answers its id. Maya becomes
 * a second project manager first, so the delivery board has an approver besides
 * the project manager who submits (a submitter never approves their own).
 */
export async function createWorkflow(t: TestApp, name = "Project approval"): Promise<string> {
  await secondManager(t);
  const token = await t.tokenFor("admin@acme.test");
  const created = await jsonOf<{ record: { id: string } }>(
    await t.call("POST", "/api/records/approval_workflow", {
      token,
      body: {
        values: {
          name,
          active: true,
          steps: [
            { step_name: "Executive review", approver_role: "firm_admin" },
            { step_name: "Delivery board", approver_role: "project_manager", min_budget: 100000 },
            { step_name: "Risk board", approver_role: "firm_admin", min_risk_level: "high" },
          ],
        },
      },
    }),
    201,
  );
  return created.record.id;
}

/** Makes Maya (a member) a second project manager of Acme; answers her token. */
export async function secondManager(t: TestApp): Promise<string> {
  await t.db.run(
    "UPDATE user_organizations SET user_role = 'project_manager' WHERE user_id = 'usr_acme_maya'",
  );
  return await t.tokenFor("maya@acme.test");
}
