/**
 * Who a rule gives its next lead to, decided under the rule's row lock so that
 * leads assigned at once take their turns as if one after another (DESIGN.md §9):
 * a fixed person, or the team member after the one the rule assigned last (its
 * latest turn in the assignment log), skipping anyone holding the rule's cap of
 * open leads (in a stage of kind open). Nobody when everyone is at the cap, with
 * why. The state is read once (`ruleTurns`) and then taken turn by turn
 * (`takeTurn`), so a bulk assignment of many leads reads it once per rule.
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

/** A rule's turns as read under its lock, moved on by each turn taken. */
export interface RuleTurns {
  rule: AssignmentRule;
  team: string[];
  /** The member the rule assigned last. */
  last: string | null;
  /** The rule's latest turn. */
  turn: number;
  /** Open leads each member holds. */
  open: Map<string, number>;
}

/** The rule's team, in order. */
async function teamOf(read: Reader, rule: AssignmentRule): Promise<string[]> {
  if (rule.method === "fixed") return rule.fixedUser ? [rule.fixedUser] : [];
  const team = LEAD_ASSIGNMENT_RULE.field.get("team")!;
  const column = team.childFields!.find((f) => f.id === "member")!.column;
  const rows = await read.all<{ person: string }>(
    `SELECT ${column} AS person FROM ${team.child!.table}
      WHERE rule_id = ? AND ${column} IS NOT NULL ORDER BY idx`,
    [rule.id],
  );
  return rows.map((r) => String(r.person));
}

/** The codes of the organisation's stages that are not open (won, lost). */
export async function closedStages(read: Reader, organizationId: string): Promise<Set<string>> {
  const rows = await read.all<{ code: string }>(
    "SELECT code FROM lead_stages WHERE organization_id = ? AND kind <> 'open'",
    [organizationId],
  );
  return new Set(rows.map((r) => String(r.code)));
}

/** Open leads (in a stage of kind open) each of `users` holds. */
async function openLeadCounts(
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

/** Locks the rule's row, then reads its turns. */
export async function ruleTurns(
  read: Reader,
  organizationId: string,
  rule: AssignmentRule,
): Promise<RuleTurns> {
  await read.get(
    `SELECT id FROM ${LEAD_ASSIGNMENT_RULE.table} WHERE organization_id = ? AND id = ? ${
      forUpdate(read.dialect)
    }`,
    [organizationId, rule.id],
  );
  const team = await teamOf(read, rule);
  const last = await read.get<{ assigned_to: string | null }>(
    `SELECT assigned_to FROM lead_assignments
      WHERE organization_id = ? AND rule_id = ? AND assigned_to IS NOT NULL
      ORDER BY rule_turn DESC, id DESC LIMIT 1`,
    [organizationId, rule.id],
  );
  const top = await read.get<{ turn: number | null }>(
    "SELECT MAX(rule_turn) AS turn FROM lead_assignments WHERE organization_id = ? AND rule_id = ?",
    [organizationId, rule.id],
  );
  return {
    rule,
    team,
    last: last?.assigned_to ?? null,
    turn: Number(top?.turn ?? 0),
    open: rule.capacity > 0 ? await openLeadCounts(read, organizationId, team) : new Map(),
  };
}

/**
 * Takes the rule's next turn for a lead; `release` names who gives up an open
 * lead by it (its owner before, in a bulk reassignment). Moves the turns on.
 */
export function takeTurn(state: RuleTurns, release: string | null = null): Pick {
  const { rule, team } = state;
  const turn = ++state.turn;
  const named = `Rule "${rule.name}"`;
  if (team.length === 0) return { owner: null, turn, reason: `${named}: nobody to assign to` };
  const start = state.last ? team.indexOf(state.last) + 1 : 0;
  const order = team.map((_, i) => team[(start + i) % team.length]);
  const held = (u: string) => (state.open.get(u) ?? 0) - (u === release ? 1 : 0);
  const owner = order.find((u) => rule.capacity <= 0 || held(u) < rule.capacity);
  if (!owner) {
    return {
      owner: null,
      turn,
      reason: `${named}: everyone is at the cap of ${rule.capacity} open leads; left unassigned`,
    };
  }
  state.last = owner;
  if (rule.capacity > 0) {
    state.open.set(owner, (state.open.get(owner) ?? 0) + 1);
    if (release && state.open.has(release)) {
      state.open.set(release, state.open.get(release)! - 1);
    }
  }
  const how = rule.method === "fixed" ? "assigned to one person" : "round robin";
  const skipped = order.indexOf(owner);
  return {
    owner,
    turn,
    reason: skipped > 0 ? `${named}: ${how}, ${skipped} at the cap skipped` : `${named}: ${how}`,
  };
}
