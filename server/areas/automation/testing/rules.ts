/** Test helpers of automation rules: saving a rule, running the queue, reading runs. */
import type { TestApp } from "../../../testing/test-app.ts";
import { jsonOf } from "../../../testing/http-assertions.ts";
import { RuleRunner } from "../rules/rule-runner.ts";
import { runColumn } from "../rules/run-queue.ts";

type Row = Record<string, unknown>;

/** One action of a rule, its settings as an object. */
export function step(action: string, params: Row): Row {
  return { action, params: JSON.stringify(params) };
}

/** Saves a rule as `token`'s person; answers the response. */
export function saveRule(t: TestApp, token: string, values: Row): Promise<Response> {
  return t.call("POST", "/api/records/automation_rule", {
    token,
    body: { values: { active: true, ...values } },
  });
}

/** Saves a rule that must be accepted; its record. */
export async function rule(t: TestApp, token: string, values: Row): Promise<Row> {
  return (await jsonOf<{ record: Row }>(await saveRule(t, token, values), 201)).record;
}

/** A runner over the test app's own engine and clock (drained by hand, never started). */
export function runnerOf(t: TestApp, options: { fetch?: typeof fetch } = {}): RuleRunner {
  return new RuleRunner(t.db, { engine: t.records, clock: () => t.clock.now, ...options });
}

/** The runs of a rule, oldest first. */
export function runsOf(t: TestApp, ruleId: string) {
  return t.db.all<
    {
      id: string;
      status: string;
      error: string;
      log: string;
      depth: number;
      record_id: string | null;
      trigger: string;
      due_at: string;
    }
  >(
    `SELECT id, ${
      ["status", "error", "log", "depth", "record_id", "trigger", "due_at"].map((f) =>
        `${runColumn(f)} AS ${f}`
      ).join(", ")
    } FROM automation_runs WHERE ${runColumn("rule")} = ? ORDER BY created_at, ${
      runColumn("depth")
    }, id`,
    [ruleId],
  );
}

/** Creates a record through the API; its record. */
export async function create(t: TestApp, token: string, type: string, values: Row): Promise<Row> {
  return (await jsonOf<{ record: Row }>(
    await t.call("POST", `/api/records/${type}`, { token, body: { values } }),
    201,
  )).record;
}

/** Changes a record through the API at its current version; its record. */
export async function change(
  t: TestApp,
  token: string,
  type: string,
  id: string,
  values: Row,
): Promise<Row> {
  const { record } = await jsonOf<{ record: Row }>(
    await t.call("GET", `/api/records/${type}/${id}`, { token }),
    200,
  );
  return (await jsonOf<{ record: Row }>(
    await t.call("PATCH", `/api/records/${type}/${id}`, {
      token,
      body: { version: record.version, values },
    }),
    200,
  )).record;
}

/** Switches the demo's own rules off, so a test sees only the runs of the rules it saves. */
export async function withoutDemoRules(t: TestApp): Promise<void> {
  await t.db.run("UPDATE automation_rules SET active = 0 WHERE id LIKE 'rule_acme_%'");
}
