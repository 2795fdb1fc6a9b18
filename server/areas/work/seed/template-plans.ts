/**
 * The demo templates' plans: each seeded template gets its task rows (keys,
 * phases, working-day offsets and durations, roles, milestones, dependencies) and
 * its role rows (the organisation's first project manager and first member, by
 * id), and its task count becomes its number of rows. Uses no random stream.
 */
import type { Queryable } from "../../../db/database.ts";

/** key, title, phase, start offset, duration, hours, role, milestone, depends on. */
type PlanRow = [string, string, string, number, number, number, string, boolean, string];

const PM = "project_manager";
const DEV = "member";

/** The plans by template name. */
export const TEMPLATE_PLANS: Readonly<Record<string, readonly PlanRow[]>> = {
  "Web application": [
    ["T1", "Kick-off and discovery", "planning", 0, 3, 12, PM, false, ""],
    ["T2", "Wireframes and design", "design", 3, 5, 30, DEV, false, "T1"],
    ["T3", "Design sign-off", "design", 8, 0, 2, PM, true, "T2"],
    ["T4", "Build the application", "development", 8, 15, 160, DEV, false, "T3"],
    ["T5", "Testing and fixes", "testing", 23, 5, 40, DEV, false, "T4"],
    ["T6", "Launch", "deployment", 28, 1, 8, PM, true, "T5"],
  ],
  "Data migration": [
    ["T1", "Inventory the legacy data", "planning", 0, 4, 24, DEV, false, ""],
    ["T2", "Map fields to the new system", "design", 4, 3, 18, DEV, false, "T1"],
    ["T3", "Trial migration", "development", 7, 5, 32, DEV, false, "T2"],
    ["T4", "Validate with the client", "testing", 12, 3, 12, PM, false, "T3"],
    ["T5", "Cut-over", "deployment", 15, 1, 8, DEV, true, "T4"],
  ],
  "Operations review": [
    ["T1", "Stakeholder interviews", "planning", 0, 5, 20, PM, false, ""],
    ["T2", "Process maps", "design", 5, 5, 25, DEV, false, "T1"],
    ["T3", "Recommendations report", "closure", 10, 4, 16, PM, false, "T2"],
    ["T4", "Presentation to the board", "closure", 14, 0, 4, PM, true, "T3"],
  ],
  "Due diligence": [
    ["T1", "Document request list", "planning", 0, 2, 6, PM, false, ""],
    ["T2", "Financial review", "development", 2, 6, 40, DEV, false, "T1"],
    ["T3", "Operational review", "development", 2, 6, 36, DEV, false, "T1"],
    ["T4", "Findings report", "closure", 8, 3, 14, PM, true, "T2, T3"],
  ],
  "Brand refresh": [
    ["T1", "Audience research", "planning", 0, 5, 20, DEV, false, ""],
    ["T2", "Identity concepts", "design", 5, 6, 36, DEV, false, "T1"],
    ["T3", "Concept approval", "design", 11, 0, 2, PM, true, "T2"],
    ["T4", "Brand guidelines", "development", 11, 5, 24, DEV, false, "T3"],
    ["T5", "Rollout", "deployment", 16, 5, 16, PM, false, "T4"],
  ],
  "Onboarding": [
    ["T1", "Accounts and equipment", "planning", 0, 1, 3, PM, false, ""],
    ["T2", "Introductions to the team", "planning", 1, 2, 4, PM, false, "T1"],
    ["T3", "First assignment", "development", 3, 10, 60, DEV, false, "T2"],
    ["T4", "One-month review", "closure", 13, 0, 1, PM, true, "T3"],
  ],
};

/** The roles a plan names, with the part their person takes in the team. */
const ROLE_ROWS: [string, string][] = [[PM, "manager"], [DEV, "developer"]];

/** Adds every seeded template's plan and role rows (in the seed's transaction). */
export async function seedTemplatePlans(tx: Queryable): Promise<void> {
  const templates = await tx.all<{ id: string; organization_id: string; name: string }>(
    "SELECT id, organization_id, name FROM project_templates ORDER BY organization_id, id",
  );
  for (const template of templates) {
    const plan = TEMPLATE_PLANS[template.name] ?? [];
    for (const [idx, row] of plan.entries()) {
      const [key, title, phase, offset, duration, hours, role, milestone, depends] = row;
      await tx.run(
        `INSERT INTO project_template_tasks (id, organization_id, template_id, idx, key, title, description,
           phase, start_offset, duration_days, estimated_hours, role, is_milestone, depends_on)
         VALUES (?, ?, ?, ?, ?, ?, '', ?, ?, ?, ?, ?, ?, ?)`,
        [
          `${template.id}.t${idx}`,
          template.organization_id,
          template.id,
          idx,
          key,
          title,
          phase,
          offset,
          duration,
          hours,
          role,
          milestone ? 1 : 0,
          depends,
        ],
      );
    }
    for (const [idx, [role, teamRole]] of ROLE_ROWS.entries()) {
      const person = await tx.get<{ user_id: string }>(
        "SELECT user_id FROM user_organizations WHERE organization_id = ? AND user_role = ? ORDER BY user_id LIMIT 1",
        [template.organization_id, role],
      );
      await tx.run(
        `INSERT INTO project_template_roles (id, organization_id, template_id, idx, role, user_id, team_role)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
        [
          `${template.id}.r${idx}`,
          template.organization_id,
          template.id,
          idx,
          role,
          person?.user_id ?? null,
          teamRole,
        ],
      );
    }
    await tx.run("UPDATE project_templates SET task_count = ? WHERE id = ?", [
      plan.length,
      template.id,
    ]);
  }
}
