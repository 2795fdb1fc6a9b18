/**
 * A lead's score from its organisation's active scoring rules: the points of each
 * rule whose condition holds over the lead's fields and activity variables
 * (activity-facts.ts), summed and kept between 0 and 100, with the explanation
 * that names each rule that counted, in the rules' order.
 */
import type { Reader } from "../../../db/database.ts";
import {
  evaluateExpression,
  type Expression,
  isTruthy,
  parseExpression,
} from "../../../../schemas/records/expression.ts";
import { LEAD_SCORING_RULE } from "../types/lead-scoring-rule.ts";
import { activityFacts } from "./activity-facts.ts";

/** The bounds of a stored score. */
export const SCORE_MIN = 0;
export const SCORE_MAX = 100;

/** What a lead carries of its score. */
export interface LeadScore {
  score: number;
  explanation: string;
}

/** An active rule, its condition parsed. */
export interface ScoringRule {
  name: string;
  points: number;
  condition: Expression;
}

const ruleColumn = (id: string) => LEAD_SCORING_RULE.field.get(id)!.column;

/** The organisation's active rules in their order (a rule whose condition no longer parses is left out). */
export async function activeRules(read: Reader, organizationId: string): Promise<ScoringRule[]> {
  const rows = await read.all<{ name: string; points: number; condition: string }>(
    `SELECT ${ruleColumn("name")} AS name, ${ruleColumn("points")} AS points,
            ${ruleColumn("condition")} AS condition
       FROM ${LEAD_SCORING_RULE.table}
      WHERE organization_id = ? AND ${ruleColumn("active")} = 1
      ORDER BY ${ruleColumn("sort_order")}, ${ruleColumn("name")}, id`,
    [organizationId],
  );
  return rows.flatMap((row) => {
    try {
      return [{
        name: String(row.name),
        points: Number(row.points),
        condition: parseExpression(String(row.condition)),
      }];
    } catch {
      return [];
    }
  });
}

/** `+20 source is referral`, `-10 no activity for a month`. */
function pointsText(rule: ScoringRule): string {
  return `${rule.points >= 0 ? "+" : ""}${rule.points} ${rule.name}`;
}

/** The score of values (the lead's fields and activity variables) under `rules`. */
export function scoreOf(
  rules: readonly ScoringRule[],
  values: Readonly<Record<string, unknown>>,
  today: string,
): LeadScore {
  if (rules.length === 0) return { score: 0, explanation: "No active scoring rules" };
  const counted = rules.filter((rule) =>
    isTruthy(evaluateExpression(rule.condition, values, { today }))
  );
  if (counted.length === 0) return { score: 0, explanation: "No scoring rule applies" };
  const sum = counted.reduce((total, rule) => total + rule.points, 0);
  const score = Math.min(SCORE_MAX, Math.max(SCORE_MIN, sum));
  const words = counted.map(pointsText).join(", ");
  return {
    score,
    explanation: score === sum ? words : `${words} (total ${sum}, kept to ${score})`,
  };
}

/** What scoring needs of a lead: its values by field id, its id once stored, its creation time. */
export interface ScoredLead {
  id: string | null;
  values: Readonly<Record<string, unknown>>;
  createdAt: string;
}

/** A lead's score now, from its stored activities and the given rules. */
export async function scoreLead(
  read: Reader,
  organizationId: string,
  lead: ScoredLead,
  options: { rules: readonly ScoringRule[]; now: string },
): Promise<LeadScore> {
  const today = options.now.slice(0, 10);
  const facts = await activityFacts(read, organizationId, {
    id: lead.id,
    createdDay: lead.createdAt.slice(0, 10),
    today,
  });
  return scoreOf(options.rules, { ...lead.values, ...facts }, today);
}
