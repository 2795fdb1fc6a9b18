/**
 * The queue across instances and crashes, on SQLite and (with TEST_DATABASE_URL)
 * PostgreSQL: two runners on two connections to one database carry out each run
 * exactly once; a process killed with SIGKILL after committing a change and
 * claiming its run loses nothing, and the run is carried out once, by another
 * instance, when its lease has passed.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { areaEngine } from "../../area-engine.ts";
import { create, rule, runnerOf, runsOf, step, withoutDemoRules } from "../testing/rules.ts";
import { RuleRunner } from "./rule-runner.ts";
import { RUN_LEASE_MS } from "./run-queue.ts";

async function withApp(fn: (t: TestApp, admin: string) => Promise<void>): Promise<void> {
  const t = await createTestApp();
  try {
    await withoutDemoRules(t);
    await fn(t, await t.tokenFor("admin@acme.test"));
  } finally {
    await t.close();
  }
}

const followUps = (t: TestApp, prefix: string) =>
  t.db.all<{ title: string; n: number }>(
    `SELECT title, COUNT(*) AS n FROM tasks WHERE organization_id = 'org_acme' AND title LIKE ?
      GROUP BY title ORDER BY title`,
    [`${prefix}%`],
  );

Deno.test("two instances on one database carry out each run exactly once", async () => {
  await withApp(async (t, admin) => {
    const project = (await t.db.get<{ id: string }>(
      "SELECT id FROM projects WHERE organization_id = 'org_acme' ORDER BY id LIMIT 1",
    ))!.id;
    const saved = await rule(t, admin, {
      name: "Follow up every lead",
      record_type: "lead",
      trigger: "created",
      actions: [step("create_record", {
        type: "task",
        values: { title: "Follow up {{ name }}", project },
      })],
    });
    const count = 60;
    for (let i = 0; i < count; i++) {
      await create(t, admin, "lead", {
        name: `Twin ${String(i).padStart(2, "0")}`,
        source: "website",
      });
    }
    const other = t.connect();
    try {
      const second = new RuleRunner(other, {
        engine: areaEngine(other, { publicUrl: "http://localhost:8000", clock: () => t.clock.now }),
        clock: () => t.clock.now,
      });
      await Promise.all([runnerOf(t).drain(), second.drain(), runnerOf(t).drain()]);
    } finally {
      await other.close();
    }
    const runs = await runsOf(t, String(saved.id));
    assertEquals(runs.length, count);
    ok(
      runs.every((r) => r.status === "succeeded"),
      JSON.stringify(runs.filter((r) => r.status !== "succeeded")),
    );
    const tasks = await followUps(t, "Follow up Twin ");
    assertEquals(tasks.length, count);
    ok(tasks.every((task) => Number(task.n) === 1), "no task made twice");
  });
});

Deno.test("a process killed with SIGKILL after commit loses nothing, and the run is done once after", async () => {
  await withApp(async (t, admin) => {
    const project = (await t.db.get<{ id: string }>(
      "SELECT id FROM projects WHERE organization_id = 'org_acme' ORDER BY id LIMIT 1",
    ))!.id;
    const saved = await rule(t, admin, {
      name: "Follow up after a crash",
      record_type: "lead",
      trigger: "created",
      actions: [step("create_record", {
        type: "task",
        values: { title: "Crash follow up {{ name }}", project },
      })],
    });
    const child = new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        new URL("../testing/crashing-writer.ts", import.meta.url).pathname,
        t.url,
        "Crashy",
      ],
      stdout: "piped",
      stderr: "inherit",
      env: { LOG_LEVEL: "quiet" },
    }).spawn();
    const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
    let said = "";
    while (!said.includes("claimed")) {
      const { value, done } = await reader.read();
      if (done) break;
      said += value;
    }
    assertEquals(said.trim(), "claimed 1");
    child.kill("SIGKILL");
    await child.status;
    await reader.cancel().catch(() => {});
    const [claimed] = await runsOf(t, String(saved.id));
    assertEquals(claimed.status, "running", "claimed by the process that died");
    const runner = runnerOf(t);
    await runner.drain();
    assertEquals((await followUps(t, "Crash follow up")).length, 0, "its lease still holds");
    t.clock.advance(RUN_LEASE_MS + 60_000);
    await runner.drain();
    await runner.drain();
    assertEquals(
      (await followUps(t, "Crash follow up")).map((r) => [r.title, Number(r.n)]),
      [["Crash follow up Crashy", 1]],
    );
    assertEquals((await runsOf(t, String(saved.id))).map((r) => r.status), ["succeeded"]);
  });
});
