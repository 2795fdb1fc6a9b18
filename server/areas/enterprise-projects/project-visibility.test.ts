/**
 * The enterprise calls show a project as the record's own GET does: its change
 * history and its versions' comparison leave out the budget and the team's
 * hourly rates (level 1) for a member, and its tasks — included, or in a proposed
 * schedule — are only those the caller may read (a member: their own).
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { jsonOf } from "../../testing/http-assertions.ts";

type Json = Record<string, unknown>;

const PROJECT = "prj_acme_internal";
const BASE = `/enterprise-projects/${PROJECT}`;

async function version(t: TestApp, token: string): Promise<number> {
  const answer = await jsonOf<{ version: { version_number: number } }>(
    await t.call("POST", `${BASE}/versions`, { token, body: { change_summary: "Checkpoint" } }),
    201,
  );
  return answer.version.version_number;
}

/** Raises the budget and every team rate through the record API; answers the versions around it. */
async function changeMoney(t: TestApp): Promise<{ from: number; to: number }> {
  const admin = await t.tokenFor("admin@acme.test");
  const from = await version(t, admin);
  const { record } = await jsonOf<{ record: Json }>(
    await t.call("GET", `/api/records/project/${PROJECT}`, { token: admin }),
  );
  const members = (record.members as Json[]).map((row) => ({
    ...Object.fromEntries(Object.entries(row).filter(([key]) => !key.endsWith("__title"))),
    hourly_rate: 4321.09,
  }));
  await jsonOf(
    await t.call("PATCH", `/api/records/project/${PROJECT}`, {
      token: admin,
      body: { version: record.version, values: { budget: 987654.32, members } },
    }),
  );
  return { from, to: await version(t, admin) };
}

Deno.test("a member reads a project's change history and version comparison without its budget and hourly rates", async () => {
  const t = await createTestApp();
  try {
    const { from, to } = await changeMoney(t);
    const member = await t.tokenFor("member@acme.test");
    const pm = await t.tokenFor("pm@acme.test");
    const history = async (token: string) =>
      JSON.stringify(await jsonOf(await t.call("GET", `${BASE}/change-history`, { token })));
    const compare = async (token: string) =>
      await jsonOf<{ differences: { part: string; field: string }[] }>(
        await t.call("GET", `${BASE}/versions/compare?from=${from}&to=${to}`, { token }),
      );
    const shown = await history(member);
    ok(shown.includes('"field":"members"'), "the team change is listed");
    for (const hidden of ["987654.32", "4321.09", '"field":"budget"', "hourly_rate"]) {
      ok(!shown.includes(hidden), hidden);
    }
    ok((await history(pm)).includes("987654.32"));
    const memberDiff = await compare(member);
    assertEquals(JSON.stringify(memberDiff).includes("987654"), false);
    assertEquals(JSON.stringify(memberDiff).includes("4321"), false);
    assertEquals(memberDiff.differences.some((d) => d.field === "Budget"), false);
    const pmDiff = await compare(pm);
    ok(pmDiff.differences.some((d) => d.field === "Budget"));
    ok(pmDiff.differences.some((d) => d.part === "member" && d.field === "Hourly rate"));
  } finally {
    await t.close();
  }
});

Deno.test("a member sees only their own tasks among a project's included tasks and proposed schedule", async () => {
  const t = await createTestApp();
  try {
    const own = new Set(
      (await t.db.all<{ id: string }>(
        `SELECT id FROM tasks WHERE project_id = ?
           AND (assignee_id = 'usr_acme_member' OR created_by = 'usr_acme_member')`,
        [PROJECT],
      )).map((r) => r.id),
    );
    const all = await t.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM tasks WHERE project_id = ?",
      [
        PROJECT,
      ],
    );
    ok(own.size > 0 && own.size < Number(all!.n));
    const member = await t.tokenFor("member@acme.test");
    const pm = await t.tokenFor("pm@acme.test");
    const included = async (token: string) =>
      await jsonOf<{ tasks: { id: string }[]; phases: { tasks: { id: string }[] }[] }>(
        await t.call("GET", `${BASE}?include=tasks,phases`, { token }),
      );
    const mine = await included(member);
    assertEquals(new Set(mine.tasks.map((task) => task.id)), own);
    for (const phase of mine.phases) {
      for (const task of phase.tasks) ok(own.has(task.id), task.id);
    }
    assertEquals((await included(pm)).tasks.length, Number(all!.n));

    const schedule = async (token: string) =>
      await jsonOf<{ tasks: { task_id: string }[]; critical_path: string[] }>(
        await t.call("POST", `${BASE}/optimize-schedule`, { token, body: {} }),
      );
    const proposed = await schedule(member);
    ok(proposed.tasks.length > 0);
    for (const task of proposed.tasks) ok(own.has(task.task_id), task.task_id);
    for (const id of proposed.critical_path) ok(own.has(id), id);
    ok((await schedule(pm)).tasks.some((task) => !own.has(task.task_id)));
  } finally {
    await t.close();
  }
});
