/**
 * Races of lead assignment: 20 leads created at once that one round-robin rule
 * assigns take the team's turns as created one after another — each member
 * gets the same number, and the rule's log of turns runs 1 to 20 with the team
 * in order (the rule's row is locked for its turn, assignment/pick-owner.ts).
 */
import { AT_ONCE, type RaceScenario } from "./race-scenario.ts";
import { countBy, personOn } from "./race-calls.ts";

interface Rush {
  rule: string;
  territory: string;
  token: string;
}

const TEAM = ["usr_acme_sales", "usr_acme_pm", "usr_acme_maya", "usr_acme_admin"];

const roundRobinRush: RaceScenario<Rush> = {
  name: "20 leads created at once assigned in turn by one round-robin rule of a team of 4",
  covers: ["lead.save"],
  async prepare(app) {
    const admin = await personOn(app, "admin@acme.test");
    const territory = `Rush ${crypto.randomUUID().slice(0, 8)}`;
    const rule = await admin.create("lead_assignment_rule", {
      name: territory,
      sort_order: 0,
      territories: territory,
      team: TEAM.map((member) => ({ member })),
    });
    return { rule: rule.id as string, territory, token: admin.token };
  },
  writes: (_app, state) =>
    Array.from({ length: AT_ONCE }, (_, i) => (call) =>
      call("POST", "/api/records/lead", {
        token: state.token,
        body: { values: { name: `Rush ${i}`, source: "website", territory: state.territory } },
      })),
  async outcome(app, state) {
    const turns = await app.db.all<{ turn: number; person: string }>(
      "SELECT rule_turn AS turn, assigned_to AS person FROM lead_assignments WHERE rule_id = ? ORDER BY rule_turn",
      [state.rule],
    );
    return {
      owners: countBy(turns, "person"),
      turns: turns.map((r) => `${Number(r.turn)}:${r.person}`),
    };
  },
};

/** Every race of lead assignment. */
export const ASSIGNMENT_RACES: readonly RaceScenario<never>[] = [
  roundRobinRush as RaceScenario<never>,
];
