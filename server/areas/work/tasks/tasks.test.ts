import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { assertInvalidFields, jsonOf } from "../../../testing/http-assertions.ts";

interface Task {
  id: string;
  title: string;
  status: string;
  priority: number;
  priority_label: string;
  project_id: string | null;
  project: { id: string; name: string } | null;
  project_name: string;
  assignee_id: string | null;
  assignee: { id: string; full_name: string } | null;
  assignee_name: string;
  due_date: string | null;
  is_overdue: boolean;
  tags: string[];
  dependencies: string[];
  is_milestone: boolean;
  is_billable: boolean;
  custom_fields: Record<string, unknown>;
}

interface TasksBody {
  tasks: Task[];
  total: number;
}

const LABELS = ["low", "medium", "high", "critical"];

async function tasks(t: TestApp, email: string, body: unknown): Promise<TasksBody> {
  const token = await t.tokenFor(email);
  return await jsonOf<TasksBody>(await t.call("POST", "/tasks/list-with-details", { token, body }));
}

Deno.test("POST /tasks/list-with-details answers tasks with project, assignee and priority label", async () => {
  const t = await createTestApp();
  try {
    const body = await tasks(t, "pm@acme.test", {});
    const stored = await t.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM tasks WHERE organization_id = 'org_acme'",
    );
    assertEquals(body.total, stored?.n);
    ok(body.total > 100);
    assertEquals(body.tasks.length, 100);
    const today = new Date(t.clock.now).toISOString().slice(0, 10);
    for (const task of body.tasks) {
      ok(task.priority >= 1 && task.priority <= 4, `priority ${task.priority}`);
      assertEquals(task.priority_label, LABELS[task.priority - 1]);
      assertEquals(task.project?.id, task.project_id);
      assertEquals(task.project?.name, task.project_name);
      if (task.assignee) assertEquals(task.assignee.full_name, task.assignee_name);
      else assertEquals(task.assignee_name, "Unassigned");
      assertEquals(
        task.is_overdue,
        task.due_date !== null && task.due_date < today && task.status !== "completed",
      );
      ok(Array.isArray(task.tags) && Array.isArray(task.dependencies));
    }
    const dues = body.tasks.map((task) => task.due_date!);
    assertEquals(dues, [...dues].sort());
    const named = body.tasks.find((task) => task.assignee_id === "usr_acme_pm");
    assertEquals(named?.assignee_name, "Peter Novak");
  } finally {
    await t.close();
  }
});

Deno.test("POST /tasks/list-with-details labels a task without project or assignee 'No Project' and 'Unassigned'", async () => {
  const t = await createTestApp();
  try {
    const now = new Date(t.clock.now).toISOString();
    await t.db.run(
      `INSERT INTO tasks (id, organization_id, project_id, title, status, assignee_id, due_date, created_at, updated_at)
       VALUES ('tsk_loose', 'org_acme', NULL, 'Water the office plants', 'todo', NULL, NULL, ?, ?)`,
      [now, now],
    );
    const body = await tasks(t, "pm@acme.test", { search: "OFFICE Plants" });
    assertEquals(body.total, 1);
    const task = body.tasks[0];
    assertEquals(
      {
        id: task.id,
        project: task.project,
        project_name: task.project_name,
        assignee: task.assignee,
        assignee_name: task.assignee_name,
        priority: task.priority,
        priority_label: task.priority_label,
        is_overdue: task.is_overdue,
      },
      {
        id: "tsk_loose",
        project: null,
        project_name: "No Project",
        assignee: null,
        assignee_name: "Unassigned",
        priority: 2,
        priority_label: "medium",
        is_overdue: false,
      },
    );
  } finally {
    await t.close();
  }
});

Deno.test("POST /tasks/list-with-details applies its filters", async () => {
  const t = await createTestApp();
  try {
    const mine = await tasks(t, "pm@acme.test", { assignee_id: "me", limit: 500 });
    ok(mine.total > 0);
    ok(mine.tasks.every((task) => task.assignee_id === "usr_acme_pm"));

    const erp = await tasks(t, "pm@acme.test", { project_id: "prj_northwind_erp", limit: 500 });
    const stored = await t.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM tasks WHERE project_id = 'prj_northwind_erp'",
    );
    assertEquals(erp.total, stored?.n);
    ok(erp.tasks.every((task) => task.project_name === "Northwind ERP Rollout"));

    const open = await tasks(t, "pm@acme.test", { open_only: true, limit: 500 });
    ok(open.tasks.every((task) => task.status !== "completed"));
    const blocked = await tasks(t, "pm@acme.test", { status: "blocked", limit: 500 });
    ok(blocked.tasks.every((task) => task.status === "blocked"));

    const window = await tasks(t, "pm@acme.test", {
      due_after: "2000-01-01",
      due_before: "2000-01-02",
    });
    assertEquals(window, { tasks: [], total: 0 });
  } finally {
    await t.close();
  }
});

Deno.test("POST /tasks/list-with-details answers 400 naming a wrong-typed or unknown field", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("pm@acme.test");
    const cases: [unknown, string][] = [
      [{ status: "done" }, "status"],
      [{ limit: 0 }, "limit"],
      [{ due_before: "soon" }, "due_before"],
      [{ open_only: 1 }, "open_only"],
      [{ priority: 3 }, "priority"],
    ];
    for (const [body, field] of cases) {
      await assertInvalidFields(
        await t.call("POST", "/tasks/list-with-details", { token, body }),
        field,
      );
    }
  } finally {
    await t.close();
  }
});

Deno.test("POST /tasks/list-with-details shows a member only the tasks assigned to or created by them, with tags and dependencies", async () => {
  const t = await createTestApp();
  try {
    const body = await tasks(t, "tom@acme.test", { limit: 500 });
    const stored = await t.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM tasks WHERE organization_id = 'org_acme' AND (assignee_id = 'usr_acme_tom' OR created_by = 'usr_acme_tom')",
    );
    ok(body.total > 0);
    assertEquals(body.total, Number(stored?.n));
    assertEquals(body.tasks.filter((task) => task.assignee_id !== "usr_acme_tom"), []);

    const waiting = await t.db.get<{ task_id: string; depends_on: string }>(
      "SELECT task_id, depends_on FROM task_dependencies WHERE task_id LIKE 'tsk_northwind_erp_%' ORDER BY task_id LIMIT 1",
    );
    const all = await tasks(t, "pm@acme.test", { project_id: "prj_northwind_erp", limit: 500 });
    const task = all.tasks.find((k) => k.id === waiting!.task_id)!;
    assertEquals(task.dependencies, [waiting!.depends_on]);
    const tags = await t.db.get<{ tags: string }>("SELECT tags FROM tasks WHERE id = ?", [task.id]);
    assertEquals(task.tags, [tags!.tags]);
  } finally {
    await t.close();
  }
});
