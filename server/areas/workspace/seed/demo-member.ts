/**
 * The demo member (`member@acme.test`, role `member` in Acme): on the Acme
 * Internal Tooling team, assigned the tasks of that project nobody had, with a
 * draft expense claim of their own and two notifications. Seeded last and without
 * the seed's random draws, so every other seeded record stays as it was.
 */
import type { Queryable } from "../../../db/database.ts";
import { nextSeriesNames } from "../../../records/engine/record-store.ts";
import { DEMO_MEMBER, ORGS } from "../../../db/seed/demo-people.ts";

const DAY = 86_400_000;

/** The project the demo member works on. */
export const DEMO_MEMBER_PROJECT = "prj_acme_internal";

/** The demo member's expense claim. */
export const DEMO_MEMBER_CLAIM = "exp_acme_member_1";

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** Seeds the demo member into the demo organisation Acme (after every other demo record). */
export async function seedDemoMember(
  tx: Queryable,
  options: { today: number; passwordHash: string },
): Promise<void> {
  const org = ORGS.acme.id;
  const person = DEMO_MEMBER;
  const joined = iso(options.today - 40 * DAY);
  await tx.run(
    `INSERT INTO users (id, email, password_hash, first_name, last_name, is_client_portal_user, client_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 0, NULL, ?, ?)`,
    [person.id, person.email, options.passwordHash, person.first, person.last, joined, joined],
  );
  await tx.run(
    `INSERT INTO user_organizations (id, user_id, organization_id, user_role, is_current, created_at, updated_at)
     VALUES (?, ?, ?, 'member', 1, ?, ?)`,
    ["uor_acme_member", person.id, org, joined, joined],
  );
  const team = await tx.get<{ next: number }>(
    "SELECT COALESCE(MAX(idx), -1) + 1 AS next FROM project_members WHERE project_id = ?",
    [DEMO_MEMBER_PROJECT],
  );
  await tx.run(
    `INSERT INTO project_members (id, organization_id, project_id, idx, user_id, role, hourly_rate,
       allocation_percent, capacity_hours, added_at)
     VALUES (?, ?, ?, ?, ?, 'developer', 85, 50, 40, ?)`,
    [
      `${DEMO_MEMBER_PROJECT}.${person.id}`,
      org,
      DEMO_MEMBER_PROJECT,
      team?.next ?? 0,
      person.id,
      joined,
    ],
  );
  await tx.run(
    "UPDATE tasks SET assignee_id = ? WHERE organization_id = ? AND project_id = ? AND assignee_id IS NULL",
    [person.id, org, DEMO_MEMBER_PROJECT],
  );
  const created = iso(options.today - 3 * DAY + 10 * 3_600_000);
  const [name] = await nextSeriesNames(tx, org, "EXP-.YYYY.-.#####", created);
  await tx.run(
    `INSERT INTO expenses (id, organization_id, name, version, created_at, created_by, updated_at, updated_by,
       status, purpose, claimant_id, approver_id, total, sanctioned_total, budget_warning)
     VALUES (?, ?, ?, 1, ?, ?, ?, ?, 'draft', 'Train to client site', ?, 'usr_acme_finance', 86.4, 0, '')`,
    [DEMO_MEMBER_CLAIM, org, name, created, person.id, created, person.id, person.id],
  );
  await tx.run(
    `INSERT INTO expense_lines (id, organization_id, expense_id, idx, expense_date, category, description,
       amount, project_id, sanctioned_amount, receipt)
     VALUES (?, ?, ?, 0, ?, 'travel', 'Train to client site', 86.4, ?, 0, '')`,
    ["row_acme_member_1", org, DEMO_MEMBER_CLAIM, created.slice(0, 10), DEMO_MEMBER_PROJECT],
  );
  for (
    const [n, title, message] of [
      [1, "Task assigned to you", "You have new tasks on Acme Internal Tooling."],
      [2, "Weekly summary ready", "Your weekly summary is ready to read."],
    ] as const
  ) {
    await tx.run(
      `INSERT INTO notifications (id, organization_id, user_id, title, message, category, read, created_at)
       VALUES (?, ?, ?, ?, ?, ?, 0, ?)`,
      [
        `ntf_acme_member_${n}`,
        org,
        person.id,
        title,
        message,
        n === 1 ? "task" : "system",
        iso(options.today - n * DAY),
      ],
    );
  }
}
