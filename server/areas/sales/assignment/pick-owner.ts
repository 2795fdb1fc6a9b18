/**
 * Who a rule gives its next lead to, decided under the rule's row lock so that
 * leads created at once take their turns as if one after another (DESIGN.md §9):
 * a fixed person, or the team member after the one the rule assigned last (its
 * latest turn in the assignment log), skipping anyone holding the rule's cap of
 * open leads (not won or lost). Nobody when everyone is at the cap, with why.
 */
import type { Reader } from "../../../db/database.ts";
import { forUpdate } from "../../../db/dialect.ts";
import { LEAD_ASSIGNMENT_RULE } from "../types/lead-assignment-rule.ts";
import type { AssignmentRule } from "./assignment-rules.ts";

/** What a rule decided for one lead. */
export interface Pick {
  owner: string | null;
  /** Its place in the rule's turns. */
  turn: number;
  reason: string;
}

/** The rule's team, in order. */
async function teamOf(read: Reader, rule: AssignmentRule): Promise<string[]> {
  if (rule.method === "fixed") return rule.fixedUser ? [rule.fixedUser] : [];
  const team = LEAD_ASSIGNMENT_RULE.field.get("team")!;
  const column = team.childFields!.find((f) => f.id === "member")!.column;
  const rows = await read.all<{ person: string }>(
    `SELECT ${column} AS person FROM ${
      team.child!.table
    } WHERE rule_id = ? AND ${column} IS NOT NULL ORDER BY idx`,
    [rule.id],
  );
  return rows.map((r) => String(r.person));
}

/** Open leads (in a stage of kind open) each of `users` holds. */
export async function openLeadCounts(
  read: Reader,
  organizationId: string,
  users: readonly string[],
): Promise<Map<string, number>> {
  if (users.length === 0) return new Map();
  const rows = await read.all<{ person: string; n: number }>(
    `SELECT assigned_to AS person, COUNT(*) AS n FROM leads
      WHERE organization_id = ? AND assigned_to IN (${users.map(() => "?").join(", ")})
        AND status NOT IN (SELECT code FROM lead_stages WHERE organization_id = ? AND kind <> 'open')
      GROUP BY assigned_to`,
    [organizationId, ...users, organizationId],
  );
  return new Map(rows.map((r) => [String(r.person), Number(r.n)]));
}

/** Takes the rule's turn: locks the rule, then picks its next owner. */
export async function pickOwner(
  read: Reader,
  organizationId: string,
  rule: AssignmentRule,
): Promise<Pick> {
  await read.get(
    `SELECT id FROM ${LEAD_ASSIGNMENT_RULE.table} WHERE organization_id = ? AND id = ? ${
      forUpdate(read.dialect)
    }`,
    [organizationId, rule.id],
  );
  const team = await teamOf(read, rule);
  const last = await read.get<{ assigned_to: string | null; turn: number }>(
    `SELECT assigned_to, rule_turn AS turn FROM lead_assignments
      WHERE organization_id = ? AND rule_id = ? AND assigned_to IS NOT NULL
      ORDER BY rule_turn DESC, id DESC LIMIT 1`,
    [organizationId, rule.id],
  );
  const top = await read.get<{ turn: number | null }>(
    "SELECT MAX(rule_turn) AS turn FROM lead_assignments WHERE organization_id = ? AND rule_id = ?",
    [organizationId, rule.id],
  );
  const turn = Number(top?.turn ?? 0) + 1;
  const named = `Rule "${rule.name}"`;
  if (team.length === 0) return { owner: null, turn, reason: `${named}: nobody to assign to` };
  const start = last?.assigned_to ? team.indexOf(last.assigned_to) + 1 : 0;
  const order = team.map((_, i) => team[(start + i) % team.length]);
  const counts = rule.capacity > 0
    ? await openLeadCounts(read, organizationId, team)
    : new Map<string, number>();
  const owner = order.find((u) => rule.capacity <= 0 || (counts.get(u) ?? 0) < rule.capacity);
  if (!owner) {
    return {
      owner: null,
      turn,
      reason: `${named}: everyone is at the cap of ${rule.capacity} open leads; left unassigned`,
    };
  }
  const how = rule.method === "fixed" ? "assigned to one person" : "round robin";
  const skipped = order.indexOf(owner);
  return {
    owner,
    turn,
    reason: skipped > 0 ? `${named}: ${how}, ${skipped} at the cap skipped` : `${named}: ${how}`,
  };
}
