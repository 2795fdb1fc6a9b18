/**
 * The demo scoring rules of both organisations, and every seeded lead scored by
 * them with the same function a save uses (scoring/rescore-lead.ts): no score
 * in the demo is written by hand. Runs after the leads' activities, which the
 * rules read.
 */
import type { Queryable } from "../../../db/database.ts";
import { ORG_ADMINS, ORGS } from "../../../db/seed/demo-people.ts";
import { LEAD } from "../types/lead.ts";
import { LEAD_SCORING_RULE } from "../types/lead-scoring-rule.ts";
import { activeRules } from "../scoring/lead-score.ts";
import { rescoreLead } from "../scoring/rescore-lead.ts";

/** One demo rule: its explanation, condition and points. */
type DemoRule = [name: string, condition: string, points: number];

const RULES: Record<keyof typeof ORGS, DemoRule[]> = {
  acme: [
    ["source is referral or partner", "source in ['referral', 'partner']", 25],
    ["qualified or further", "stage in ['qualified', 'proposal', 'won']", 25],
    ["worth 50,000 or more", "estimated_value >= 50000", 15],
    ["replied within 2 days", "replied_within_days <= 2", 15],
    ["met in person", "has_meeting", 20],
    [
      "no activity for 60 days",
      "last_activity_days > 60 or (activity_count == 0 and lead_age_days > 60)",
      -10,
    ],
  ],
  globex: [
    ["source is referral", "source == 'referral'", 25],
    ["company named", "is_set(company)", 10],
  ],
};

const column = (id: string) => LEAD_SCORING_RULE.field.get(id)!.column;

/** The id of a demo rule: `lsr_<organisation>_<n>`, n from 1 in list order. */
export function demoScoringRuleId(org: keyof typeof ORGS, index: number): string {
  return `lsr_${org}_${index + 1}`;
}

/** Seeds the rules and scores every lead of both organisations (in the seed's transaction). */
export async function seedScoringRules(tx: Queryable, today: number): Promise<void> {
  const now = new Date(today).toISOString();
  for (const org of Object.keys(RULES) as (keyof typeof ORGS)[]) {
    const organizationId = ORGS[org].id;
    for (const [index, [name, condition, points]] of RULES[org].entries()) {
      await tx.run(
        `INSERT INTO ${LEAD_SCORING_RULE.table} (id, organization_id, ${column("name")}, ${
          column("condition")
        }, ${column("points")}, ${column("active")}, ${
          column("sort_order")
        }, created_at, created_by, updated_at)
         VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?)`,
        [
          demoScoringRuleId(org, index),
          organizationId,
          name,
          condition,
          points,
          (index + 1) * 10,
          now,
          ORG_ADMINS[org],
          now,
        ],
      );
    }
    const rules = await activeRules(tx, organizationId);
    const leads = await tx.all<{ id: string }>(
      `SELECT id FROM ${LEAD.table} WHERE organization_id = ? ORDER BY id`,
      [organizationId],
    );
    for (const { id } of leads) await rescoreLead(tx, { organizationId, id }, { rules, now });
  }
}
