import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { assertInvalidFields, errorOf, jsonOf } from "../../../testing/http-assertions.ts";
import { workingDay } from "./project-from-template.ts";

type Rec = Record<string, unknown> & { id: string };

/** A plan worked by hand below: A, then B and C after A, then the milestone D after both. */
const PLAN = [
  {
    key: "A",
    title: "Kick-off",
    phase: "planning",
    start_offset: 0,
    duration_days: 2,
    estimated_hours: 6,
    role: "project_manager",
  },
  {
    key: "B",
    title: "Build",
    phase: "development",
    start_offset: 2,
    duration_days: 5,
    estimated_hours: 40,
    role: "member",
    depends_on: "A",
  },
  {
    key: "C",
    title: "Review",
    phase: "development",
    start_offset: 2,
    duration_days: 3,
    estimated_hours: 10,
    role: "sales",
    depends_on: "A",
  },
  {
    key: "D",
    title: "Go live",
    phase: "deployment",
    start_offset: 7,
    duration_days: 0,
    milestone: true,
    depends_on: "B, C",
  },
];
const ROLES = [
  { role: "project_manager", user: "usr_acme_pm", team_role: "manager" },
  { role: "member", user: "usr_acme_member", team_role: "developer" },
  { role: "sales", team_role: "consultant" },
];

async function makeTemplate(t: TestApp, token: string, tasks: unknown[] = PLAN) {
  return await t.call("POST", "/api/records/project_template", {
    token,
    body: { values: { name: "Launch plan", category: "Software", tasks, roles: ROLES } },
  });
}

Deno.test("a project made from a template has its tasks at working-day dates, their dependencies, assignees from roles, its team and audit entries", async () => {
  const t = await createTestApp();
  try {
    const pm = await t.tokenFor("pm@acme.test");
    const { record: template } = await jsonOf<{ record: Rec }>(await makeTemplate(t, pm), 201);
    assertEquals(template.task_count, 4);

    const res = await t.call("POST", `/project-templates/${template.id}/projects`, {
      token: pm,
      body: { name: "Contoso launch", client: "cli_northwind", start_date: "2027-03-05" },
    });
    const made = await jsonOf<{ project: Rec; tasks: Rec[] }>(res, 201);
    // 2027-03-05 is a Friday: working day 1 is Monday the 8th.
    assertEquals(
      [made.project.name, made.project.client, made.project.start_date, made.project.end_date],
      ["Contoso launch", "cli_northwind", "2027-03-05", "2027-03-16"],
    );
    assertEquals(made.project.estimated_hours, 56);
    assertEquals(
      (made.project.members as { user: string; role: string }[]).map((m) => [m.user, m.role]),
      [["usr_acme_pm", "manager"], ["usr_acme_member", "developer"]],
    );
    assertEquals(
      (made.project.phases as { phase: string; start_date: string; end_date: string }[])
        .map((p) => [p.phase, p.start_date, p.end_date]),
      [
        ["planning", "2027-03-05", "2027-03-08"],
        ["development", "2027-03-09", "2027-03-15"],
        ["deployment", "2027-03-16", "2027-03-16"],
      ],
    );

    const tasks = await t.db.all<
      {
        id: string;
        title: string;
        start_date: string;
        due_date: string;
        assignee_id: string | null;
        is_milestone: number | boolean;
      }
    >(
      "SELECT id, title, start_date, due_date, assignee_id, is_milestone FROM tasks WHERE project_id = ? ORDER BY title",
      [made.project.id],
    );
    assertEquals(
      tasks.map((x) => [x.title, x.start_date, x.due_date, x.assignee_id, Number(x.is_milestone)]),
      [
        ["Build", "2027-03-09", "2027-03-15", "usr_acme_member", 0],
        ["Go live", "2027-03-16", "2027-03-16", null, 1],
        ["Kick-off", "2027-03-05", "2027-03-08", "usr_acme_pm", 0],
        ["Review", "2027-03-09", "2027-03-11", null, 0],
      ],
    );
    const id = Object.fromEntries(tasks.map((x) => [x.title, x.id]));
    const deps = await t.db.all<{ task_id: string; depends_on: string }>(
      `SELECT d.task_id, d.depends_on FROM task_dependencies d JOIN tasks k ON k.id = d.task_id
        WHERE k.project_id = ? ORDER BY d.task_id, d.idx`,
      [made.project.id],
    );
    const byTask = (title: string) =>
      deps.filter((d) => d.task_id === id[title]).map((d) => d.depends_on);
    assertEquals(byTask("Kick-off"), []);
    assertEquals(byTask("Build"), [id["Kick-off"]]);
    assertEquals(byTask("Review"), [id["Kick-off"]]);
    assertEquals(byTask("Go live"), [id["Build"], id["Review"]]);
    // The task as the API reads it carries its dependencies.
    const { record: live } = await jsonOf<{ record: Rec }>(
      await t.call("GET", `/api/records/task/${id["Go live"]}`, { token: pm }),
    );
    assertEquals(
      (live.dependencies as { depends_on: string }[]).map((d) => d.depends_on),
      [id["Build"], id["Review"]],
    );

    const audit = await t.db.all<{ resource_type: string; resource_id: string; actor_id: string }>(
      "SELECT resource_type, resource_id, actor_id FROM audit_logs WHERE action = 'create' AND resource_id IN (?, ?, ?, ?, ?) ORDER BY resource_type, resource_id",
      [made.project.id, ...tasks.map((x) => x.id)],
    );
    assertEquals(audit.length, 5);
    ok(audit.every((a) => a.actor_id === "usr_acme_pm"));
    assertEquals(audit.filter((a) => a.resource_type === "project").length, 1);
  } finally {
    await t.close();
  }
});

Deno.test("a template's plan naming no row, the row itself or a cycle is refused at the row's field, nothing stored", async () => {
  const t = await createTestApp();
  try {
    const pm = await t.tokenFor("pm@acme.test");
    const count = async () =>
      (await t.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM project_templates"))!.n;
    const before = Number(await count());
    const row = (key: string, depends_on: string) => ({ key, title: `Task ${key}`, depends_on });
    const cycle = await assertInvalidFields(
      await makeTemplate(t, pm, [row("A", "C"), row("B", "A"), row("C", "B")]),
      "tasks[0].depends_on",
    );
    ok(cycle.message.includes("A → C → B → A"), cycle.message);
    await assertInvalidFields(
      await makeTemplate(t, pm, [row("A", ""), row("B", "A, Z")]),
      "tasks[1].depends_on",
    );
    await assertInvalidFields(await makeTemplate(t, pm, [row("A", "A")]), "tasks[0].depends_on");
    assertEquals(Number(await count()), before);
    const rows = await t.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM project_template_tasks WHERE title LIKE 'Task %'",
    );
    assertEquals(Number(rows!.n), 0);

    // An update that makes a cycle is refused too, and the plan is kept as it was.
    const { record } = await jsonOf<{ record: Rec }>(
      await makeTemplate(t, pm, [row("A", ""), row("B", "A")]),
      201,
    );
    await assertInvalidFields(
      await t.call("PATCH", `/api/records/project_template/${record.id}`, {
        token: pm,
        body: { version: record.version, values: { tasks: [row("A", "B"), row("B", "A")] } },
      }),
      "tasks[0].depends_on",
    );
    const kept = await t.db.all<{ depends_on: string }>(
      "SELECT depends_on FROM project_template_tasks WHERE template_id = ? ORDER BY idx",
      [record.id],
    );
    assertEquals(kept.map((r) => r.depends_on ?? ""), ["", "A"]);
  } finally {
    await t.close();
  }
});

Deno.test("making a project from a template: another organisation's template is 404, a caller who may not create projects 403, bad input 400 naming the field", async () => {
  const t = await createTestApp();
  try {
    const pm = await t.tokenFor("pm@acme.test");
    const acme = await t.db.get<{ id: string; task_count: number }>(
      "SELECT id, task_count FROM project_templates WHERE organization_id = 'org_acme' AND name = 'Web application'",
    );
    const globex = await t.db.get<{ id: string }>(
      "SELECT id FROM project_templates WHERE organization_id = 'org_globex' LIMIT 1",
    );
    const projects = async () =>
      Number((await t.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM projects"))!.n);
    const before = await projects();
    const call = (id: string, token: string, body: unknown) =>
      t.call("POST", `/project-templates/${id}/projects`, { token, body });
    const good = { name: "New site", start_date: "2027-03-01" };

    const missing = await errorOf(await call(globex!.id, pm, good), 404, "not_found");
    assertEquals(missing.message, "Project template not found");
    await errorOf(
      await call(acme!.id, await t.tokenFor("member@acme.test"), good),
      403,
      "forbidden",
    );
    await errorOf(
      await call(acme!.id, await t.tokenFor("sales@acme.test"), good),
      403,
      "forbidden",
    );
    await assertInvalidFields(await call(acme!.id, pm, { start_date: "2027-03-01" }), "name");
    await assertInvalidFields(
      await call(acme!.id, pm, { ...good, start_date: "2027-02-30" }),
      "start_date",
    );
    await assertInvalidFields(await call(acme!.id, pm, { ...good, client: "cli_nope" }), "client");
    assertEquals(await projects(), before);

    // A seeded template has a real plan: its task count is its rows, and a project gets them all.
    const made = await jsonOf<{ tasks: Rec[] }>(await call(acme!.id, pm, good), 201);
    assertEquals(made.tasks.length, acme!.task_count);
    assertEquals(acme!.task_count, 6);
    assertEquals(await projects(), before + 1);
  } finally {
    await t.close();
  }
});

Deno.test("working days skip weekends: a Saturday start begins on Monday", () => {
  assertEquals(workingDay("2027-03-06", 0), "2027-03-08");
  assertEquals(workingDay("2027-03-06", 5), "2027-03-15");
  assertEquals(workingDay("2027-03-05", 1), "2027-03-08");
});
