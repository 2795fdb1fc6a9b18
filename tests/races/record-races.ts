/**
 * Races on one record's own actions whose controller creates or changes other records:
 * a lead converted into a client, an obligation marked done (its next occurrence
 * made), started, waived and reopened. Twenty of the same action on one version
 * of the record: one is carried out, the rest find the record changed.
 */
import type { TestApp } from "../../server/testing/test-app.ts";
import { AT_ONCE, type RaceScenario, type RaceWrite } from "./race-scenario.ts";
import { countBy, type Json, personOn } from "./race-calls.ts";

type Person = Awaited<ReturnType<typeof personOn>>;

interface OneRecord {
  person: Person;
  /** Whatever identifies the records the outcome counts. */
  mark: string;
  id: string;
  ready: RaceWrite[];
}

/** Twenty of `action` on one record that `make` brings to the state the action needs. */
function sameActionRace(options: {
  name: string;
  type: string;
  action: string;
  email: string;
  body?: Json;
  make(person: Person, mark: string): Promise<string>;
  outcome(person: Person, state: OneRecord): Promise<unknown>;
}): RaceScenario<OneRecord> {
  return {
    name: options.name,
    covers: [`${options.type}.${options.action}`],
    async prepare(app: TestApp) {
      const person = await personOn(app, options.email);
      const mark = `Race ${crypto.randomUUID()}`;
      const id = await options.make(person, mark);
      const ready = [];
      for (let i = 0; i < AT_ONCE; i++) {
        ready.push(await person.actLater(options.type, id, options.action, options.body));
      }
      return { person, mark, id, ready };
    },
    writes: (_app, state) => state.ready,
    outcome: (_app, state) => options.outcome(state.person, state),
  };
}

const leadConverted = sameActionRace({
  name: "one lead converted into a client 20 times at once",
  type: "lead",
  action: "convert",
  email: "sales@acme.test",
  make: async (person, mark) =>
    (await person.create("lead", { name: "Dana Race", company: mark, source: "referral" }))
      .id as string,
  async outcome(person, state) {
    const lead = await person.get("lead", state.id);
    const clients = await person.list("client", [{ field: "name", op: "eq", value: state.mark }]);
    return { stage: lead.stage, clients: clients.length };
  },
});

const proposalAccepted = sameActionRace({
  name: "one sent proposal accepted 20 times at once",
  type: "proposal",
  action: "accept",
  email: "admin@acme.test",
  body: { signature_name: "Dana Race" },
  async make(person, mark) {
    const proposal = await person.create("proposal", {
      title: mark,
      client: "cli_northwind",
      valid_until: "2099-12-31",
      deposit_percent: 50,
      lines: [{ description: "Build", quantity: 4, rate: 250 }],
    });
    await person.act("proposal", proposal.id as string, "send");
    return proposal.id as string;
  },
  async outcome(person, state) {
    const proposal = await person.get("proposal", state.id);
    const deposits = await person.list("invoice", [
      { field: "client", op: "eq", value: "cli_northwind" },
    ]);
    // Every deposit invoice of this proposal (its notes name it), however many were made.
    return {
      status: proposal.status,
      deposits: deposits.filter((i) => String(i.notes ?? "").includes(String(proposal.name)))
        .length,
    };
  },
});

/** An obligation of the admin's, recurring monthly, brought to `status` by `actions`. */
function obligation(actions: readonly [string, Json?][]) {
  return async (person: Person, mark: string) => {
    const item = await person.create("compliance_item", {
      title: mark,
      category: "tax",
      due_date: "2026-04-30",
      recurrence: "monthly",
      owner: "usr_acme_admin",
    });
    for (const [action, body] of actions) {
      await person.act("compliance_item", item.id as string, action, body);
    }
    return item.id as string;
  };
}

async function obligationsOutcome(person: Person, state: OneRecord) {
  const items = await person.list("compliance_item", [
    { field: "title", op: "eq", value: state.mark },
  ]);
  return { items: countBy(items, "status"), due: items.map((i) => i.due_date).sort() };
}

const WAIVE = { comment: "Not applicable this year" };

/** Every race on a record's own actions. */
export const RECORD_RACES: readonly RaceScenario<never>[] = [
  leadConverted,
  proposalAccepted,
  sameActionRace({
    name: "one recurring obligation marked done 20 times at once",
    type: "compliance_item",
    action: "complete",
    email: "admin@acme.test",
    make: obligation([]),
    outcome: obligationsOutcome,
  }),
  sameActionRace({
    name: "one obligation started 20 times at once",
    type: "compliance_item",
    action: "start",
    email: "admin@acme.test",
    make: obligation([]),
    outcome: obligationsOutcome,
  }),
  sameActionRace({
    name: "one obligation waived 20 times at once",
    type: "compliance_item",
    action: "waive",
    email: "admin@acme.test",
    body: WAIVE,
    make: obligation([]),
    outcome: obligationsOutcome,
  }),
  sameActionRace({
    name: "one waived obligation reopened 20 times at once",
    type: "compliance_item",
    action: "reopen",
    email: "admin@acme.test",
    make: obligation([["waive", WAIVE]]),
    outcome: obligationsOutcome,
  }),
] as unknown as RaceScenario<never>[];
