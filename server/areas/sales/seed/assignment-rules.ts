/**
 * Acme's demo lead assignment rules: website and referral leads in turn to the
 * sales team (Sara Lopez, Maya, the administrator), and leads worth more than
 * 50,000 to the administrator, tried first. They are seeded switched off: on,
 * they would give new leads other owners than the person creating them, which
 * the demo's walkthroughs and other tests count on; an administrator switches
 * them on from Assignment Rules.
 */
import type { Queryable } from "../../../db/database.ts";
import { ORGS } from "../../../db/seed/demo-people.ts";
import { LEAD_ASSIGNMENT_RULE } from "../types/lead-assignment-rule.ts";

const column = (id: string) => LEAD_ASSIGNMENT_RULE.field.get(id)!.column;

/** The demo rules: id, name, order, sources, min value, method, fixed person, team. */
const RULES = [
  {
    id: "lar_acme_1",
    name: "Big deals to the administrator",
    order: 1,
    sources: "",
    minValue: 50_000.01,
    method: "fixed",
    fixed: "usr_acme_admin",
    team: [] as string[],
  },
  {
    id: "lar_acme_2",
    name: "Website and referral leads to the sales team",
    order: 10,
    sources: "website, referral",
    minValue: 0,
    method: "round_robin",
    fixed: null,
    team: ["usr_acme_sales", "usr_acme_maya", "usr_acme_admin"],
  },
];

/** Seeds Acme's assignment rules and their teams (in the seed's transaction). */
export async function seedAssignmentRules(tx: Queryable, today: number): Promise<void> {
  const now = new Date(today).toISOString();
  const org = ORGS.acme.id;
  const team = LEAD_ASSIGNMENT_RULE.field.get("team")!;
  const member = team.childFields!.find((f) => f.id === "member")!.column;
  for (const rule of RULES) {
    await tx.run(
      `INSERT INTO ${LEAD_ASSIGNMENT_RULE.table} (id, organization_id, ${column("name")}, ${
        column("sort_order")
      }, ${column("active")}, ${column("sources")}, ${column("min_value")}, ${column("method")}, ${
        column("fixed_user")
      }, created_at, created_by, updated_at)
       VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?)`,
      [
        rule.id,
        org,
        rule.name,
        rule.order,
        rule.sources,
        rule.minValue,
        rule.method,
        rule.fixed,
        now,
        "usr_acme_admin",
        now,
      ],
    );
    for (const [idx, user] of rule.team.entries()) {
      await tx.run(
        `INSERT INTO ${team.child!.table} (id, organization_id, rule_id, idx, ${member})
         VALUES (?, ?, ?, ?, ?)`,
        [`${rule.id}_m${idx + 1}`, org, rule.id, idx, user],
      );
    }
  }
}
