/**
 * The organisation's active lead assignment rules, read in their order, and
 * whether one matches a lead: every criterion the rule sets (sources,
 * territories, a range of estimated value, a condition) must hold. A rule whose
 * condition no longer parses matches nothing.
 */
import type { Reader } from "../../../db/database.ts";
import {
  evaluateExpression,
  type Expression,
  isTruthy,
  parseExpression,
} from "../../../../schemas/records/expression.ts";
import { LEAD_ASSIGNMENT_RULE } from "../types/lead-assignment-rule.ts";

/** An active rule as assignment uses it. */
export interface AssignmentRule {
  id: string;
  name: string;
  sources: string[];
  territories: string[];
  minValue: number;
  maxValue: number;
  condition: Expression | null | "broken";
  method: "round_robin" | "fixed";
  fixedUser: string | null;
  capacity: number;
  always: boolean;
}

/** The stored column of a rule's field. */
export const ruleColumn = (id: string) => LEAD_ASSIGNMENT_RULE.field.get(id)!.column;

/** `website, Referral` → `["website", "referral"]`. */
export function listOf(text: unknown): string[] {
  return String(text ?? "").split(",").map((s) => s.trim().toLowerCase()).filter(Boolean);
}

function parsed(source: string): AssignmentRule["condition"] {
  if (!source.trim()) return null;
  try {
    return parseExpression(source);
  } catch {
    return "broken";
  }
}

/** The organisation's active rules, lowest order first. */
export async function activeAssignmentRules(
  read: Reader,
  organizationId: string,
): Promise<AssignmentRule[]> {
  const c = ruleColumn;
  const rows = await read.all<Record<string, unknown>>(
    `SELECT id, ${c("name")} AS name, ${c("sources")} AS sources, ${
      c("territories")
    } AS territories,
            ${c("min_value")} AS min_value, ${c("max_value")} AS max_value,
            ${c("condition")} AS condition, ${c("method")} AS method,
            ${c("fixed_user")} AS fixed_user, ${c("capacity")} AS capacity, ${c("always")} AS always
       FROM ${LEAD_ASSIGNMENT_RULE.table}
      WHERE organization_id = ? AND ${c("active")} = 1
      ORDER BY ${c("sort_order")}, ${c("name")}, id`,
    [organizationId],
  );
  return rows.map((row) => ({
    id: String(row.id),
    name: String(row.name),
    sources: listOf(row.sources),
    territories: listOf(row.territories),
    minValue: Number(row.min_value ?? 0),
    maxValue: Number(row.max_value ?? 0),
    condition: parsed(String(row.condition ?? "")),
    method: row.method === "fixed" ? "fixed" : "round_robin",
    fixedUser: row.fixed_user ? String(row.fixed_user) : null,
    capacity: Number(row.capacity ?? 0),
    always: !!row.always,
  }));
}

/** Whether every criterion the rule sets holds for the lead's values. */
export function ruleMatches(
  rule: AssignmentRule,
  lead: Readonly<Record<string, unknown>>,
  today: string,
): boolean {
  if (rule.sources.length && !rule.sources.includes(String(lead.source ?? "").toLowerCase())) {
    return false;
  }
  const territory = String(lead.territory ?? "").trim().toLowerCase();
  if (rule.territories.length && !rule.territories.includes(territory)) return false;
  const value = Number(lead.estimated_value ?? 0);
  if (rule.minValue > 0 && value < rule.minValue) return false;
  if (rule.maxValue > 0 && value > rule.maxValue) return false;
  if (rule.condition === "broken") return false;
  if (rule.condition) return isTruthy(evaluateExpression(rule.condition, lead, { today }));
  return true;
}
