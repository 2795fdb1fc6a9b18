/**
 * Races on automation: rules saved at once whose loop check reads the other rules
 * (each pair of kinds would loop, so whichever kind is saved first keeps the other
 * out); a rule tested 20 times at once; a failed run retried 20 times at once.
 */
import type { TestApp } from "../../server/testing/test-app.ts";
import { AT_ONCE, type RaceScenario, type RaceWrite } from "./race-scenario.ts";
import { countBy, type Json, personOn } from "./race-calls.ts";
import { queueRun } from "../../server/areas/automation/rules/run-queue.ts";

type Person = Awaited<ReturnType<typeof personOn>>;

/** A rule that sets one lead field when another changes. */
function crossing(mark: string, kind: "a" | "b"): Json {
  const [watch, set] = kind === "a" ? ["score", "estimated_value"] : ["estimated_value", "score"];
  return {
    name: `${mark} ${kind}`,
    record_type: "lead",
    trigger: "field_changed",
    watch_fields: watch,
    active: true,
    actions: [{ action: "set_field", params: JSON.stringify({ values: { [set]: 1 } }) }],
  };
}

const rulesSaved: RaceScenario<{ person: Person; mark: string }> = {
  name: "20 rules saved at once, two kinds that would loop with each other",
  covers: ["automation_rule.save"],
  async prepare(app: TestApp) {
    return { person: await personOn(app, "admin@acme.test"), mark: `Race ${crypto.randomUUID()}` };
  },
  writes: (_app, { person, mark }): RaceWrite[] =>
    Array.from(
      { length: AT_ONCE },
      (_, i) => person.createLater("automation_rule", crossing(mark, i % 2 === 0 ? "a" : "b")),
    ),
  async outcome(_app, { person, mark }) {
    const rules = await person.list("automation_rule", [
      { field: "name", op: "contains", value: mark },
    ]);
    return countBy(rules.map((r) => ({ kind: String(r.name).slice(-1) })), "kind");
  },
  // Whichever kind is saved first keeps the other kind out.
  orders: (count) => [
    Array.from({ length: count }, (_, i) => i),
    [1, 0, ...Array.from({ length: count - 2 }, (_, i) => i + 2)],
  ],
};

const ruleTested: RaceScenario<{ person: Person; id: string; ready: RaceWrite[] }> = {
  name: "one rule tested 20 times at once",
  covers: ["automation_rule.dry_run"],
  async prepare(app: TestApp) {
    const person = await personOn(app, "admin@acme.test");
    const rule = await person.create("automation_rule", {
      name: `Race ${crypto.randomUUID()}`,
      record_type: "lead",
      trigger: "created",
      active: true,
      actions: [{ action: "notify", params: JSON.stringify({ to: ["owner"], message: "x" }) }],
    });
    const ready = [];
    for (let i = 0; i < AT_ONCE; i++) {
      ready.push(await person.actLater("automation_rule", String(rule.id), "dry_run"));
    }
    return { person, id: String(rule.id), ready };
  },
  writes: (_app, state) => state.ready,
  async outcome(_app, { person, id }) {
    const rule = await person.get("automation_rule", id);
    return {
      version: rule.version,
      tested: String(rule.dry_run_result).endsWith("Nothing was changed."),
    };
  },
};

const runRetried: RaceScenario<{ person: Person; id: string; ready: RaceWrite[] }> = {
  name: "one failed run retried 20 times at once",
  covers: ["automation_run.retry"],
  async prepare(app: TestApp) {
    const person = await personOn(app, "admin@acme.test");
    const rule = await person.create("automation_rule", {
      name: `Race ${crypto.randomUUID()}`,
      record_type: "lead",
      trigger: "manual",
      active: false,
      actions: [{ action: "notify", params: JSON.stringify({ to: ["owner"], message: "x" }) }],
    });
    const now = new Date().toISOString();
    const key = `race:${rule.id}`;
    await app.db.transaction((tx) =>
      queueRun(tx, {
        organizationId: "org_acme",
        ruleId: String(rule.id),
        recordType: "lead",
        recordId: null,
        recordName: "",
        trigger: "manual",
        depth: 1,
        dueAt: now,
        now,
        key,
        skipped: "Set up to fail",
      })
    );
    await app.db.run("UPDATE automation_runs SET status = 'failed' WHERE run_key = ?", [key]);
    const run = await app.db.get<{ id: string }>(
      "SELECT id FROM automation_runs WHERE run_key = ?",
      [
        key,
      ],
    );
    const ready = [];
    for (let i = 0; i < AT_ONCE; i++) {
      ready.push(await person.actLater("automation_run", run!.id, "retry"));
    }
    return { person, id: run!.id, ready };
  },
  writes: (_app, state) => state.ready,
  async outcome(_app, { person, id }) {
    const run = await person.get("automation_run", id);
    return {
      status: run.status,
      retried: String(run.log).split("\n").filter((l) => l.startsWith("Retried")).length,
    };
  },
};

/** Every race on automation. */
export const AUTOMATION_RACES: readonly RaceScenario<never>[] = [
  rulesSaved,
  ruleTested,
  runRetried,
] as unknown as RaceScenario<never>[];
