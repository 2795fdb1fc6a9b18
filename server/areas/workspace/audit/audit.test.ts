import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../../../testing/test-app.ts";
import { assertInvalidFields, jsonOf } from "../../../testing/http-assertions.ts";
import { revokePermission } from "../../../testing/role-permissions.ts";

interface AuditBody {
  logs: {
    id: string;
    actor_id: string | null;
    actor_name: string | null;
    action: string;
    resource_type: string;
    resource_id: string | null;
    before: unknown;
    after: unknown;
    created_at: string;
  }[];
  total: number;
}

Deno.test("POST /audit/logs/ answers the organisation's entries newest first with actor names", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const body = await jsonOf<AuditBody>(
      await t.call("POST", "/audit/logs/", { token, body: { filters: {} } }),
    );
    assertEquals(body.total, 7);
    assertEquals(body.logs.length, 7);
    const times = body.logs.map((l) => l.created_at);
    assertEquals(times, [...times].sort().reverse());
    const grant = body.logs.find((l) => l.action === "role.grant")!;
    assertEquals({ ...grant, id: "", created_at: "" }, {
      id: "",
      actor_id: "usr_acme_admin",
      actor_name: "Alice Morgan",
      action: "role.grant",
      resource_type: "role",
      resource_id: "sales",
      before: null,
      after: { seeded: true },
      created_at: "",
      action_label: "Permission granted",
      resource_label: "Role",
      resource_title: null,
      resource_path: null,
      actor_text: "Alice Morgan",
      made_by: "person",
      automation_run_id: null,
      automation_path: null,
      changes: [],
      change_lines: [],
    });
    const withoutSlash = await jsonOf<AuditBody>(
      await t.call("POST", "/audit/logs", { token, body: { filters: {} } }),
    );
    assertEquals(withoutSlash, body);
  } finally {
    await t.close();
  }
});

Deno.test("POST /audit/logs/ applies actor, action, type, date and paging filters", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const logs = async (filters: Record<string, unknown>) =>
      await jsonOf<AuditBody>(await t.call("POST", "/audit/logs/", { token, body: { filters } }));

    assertEquals((await logs({ action: "role.grant" })).logs.map((l) => l.resource_id), ["sales"]);
    assertEquals((await logs({ actor_id: "usr_acme_pm" })).logs.map((l) => l.action).sort(), [
      "project.update",
      "task.complete",
    ]);
    assertEquals((await logs({ resource_type: "lead" })).logs.map((l) => l.action), [
      "lead.assign",
    ]);

    const all = await logs({});
    const newestDay = all.logs[0].created_at.slice(0, 10);
    const today = await logs({ from: newestDay, to: newestDay });
    ok(today.total >= 1);
    ok(today.logs.every((l) => l.created_at.startsWith(newestDay)));

    const page = await logs({ skip: 5, limit: 10 });
    assertEquals([page.total, page.logs.length], [7, 2]);
    assertEquals(page.logs.map((l) => l.id), all.logs.slice(5).map((l) => l.id));
  } finally {
    await t.close();
  }
});

Deno.test("POST /api/audit/filters answers the actors, actions and resource types present", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const body = await jsonOf(await t.call("POST", "/api/audit/filters", { token, body: {} }));
    assertEquals(body, {
      actors: [
        { id: "usr_acme_admin", name: "Alice Morgan" },
        { id: "usr_acme_finance", name: "Frank Chen" },
        { id: "usr_acme_pm", name: "Peter Novak" },
        { id: "usr_acme_sales", name: "Sara Lopez" },
      ],
      actions: [
        "invoice.send",
        "lead.assign",
        "module.enable",
        "project.update",
        "role.grant",
        "task.complete",
        "user.invite",
      ],
      resource_types: ["invoice", "lead", "module", "project", "role", "task", "user"],
      action_options: [
        { value: "invoice.send", label: "Invoice sent" },
        { value: "lead.assign", label: "Lead assigned" },
        { value: "module.enable", label: "Module turned on" },
        { value: "project.update", label: "Project updated" },
        { value: "role.grant", label: "Permission granted" },
        { value: "task.complete", label: "Task completed" },
        { value: "user.invite", label: "Member invited" },
      ],
      resource_type_options: [
        { value: "invoice", label: "Invoice" },
        { value: "lead", label: "Lead" },
        { value: "module", label: "Module" },
        { value: "project", label: "Project" },
        { value: "role", label: "Role" },
        { value: "task", label: "Task" },
        { value: "user", label: "Person" },
      ],
    });
  } finally {
    await t.close();
  }
});

Deno.test("POST /audit/logs/ answers 400 naming a wrong-typed filter", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const cases: [unknown, string][] = [
      [{ filters: { limit: 0 } }, "filters.limit"],
      [{ filters: { from: "yesterday" } }, "filters.from"],
      [{ filters: { to: "2026-02-31x" } }, "filters.to"],
      [{ filters: { to: "2026-13-01" } }, "filters.to"],
      [{ filters: { action: 5 } }, "filters.action"],
      [{ filters: [] }, "filters"],
    ];
    for (const [body, field] of cases) {
      await assertInvalidFields(await t.call("POST", "/audit/logs/", { token, body }), field);
    }
  } finally {
    await t.close();
  }
});

Deno.test("POST /audit/logs/ shows records' audited values as their GET does: no level-1 field without the level, no record of a type the caller may not read", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const path = "/api/records/project/prj_acme_internal";
    const { record } = await jsonOf<{ record: { version: number } }>(
      await t.call("GET", path, { token }),
    );
    await jsonOf(
      await t.call("PATCH", path, {
        token,
        body: { version: record.version, values: { budget: 987654.32, description: "Rebudgeted" } },
      }),
    );
    const logs = async () =>
      (await jsonOf<AuditBody>(
        await t.call("POST", "/audit/logs/", { token, body: { filters: {} } }),
      )).logs;
    const before = (await logs()).find((l) => l.resource_id === "prj_acme_internal")!;
    assertEquals((before.after as Record<string, unknown>).budget, 987654.32);
    ok((await logs()).some((l) => l.resource_type === "task"));

    await revokePermission(t, "firm_admin", "projects.level1");
    await revokePermission(t, "firm_admin", "tasks.read");
    const after = await logs();
    const entry = after.find((l) => l.resource_id === "prj_acme_internal")!;
    assertEquals(entry.after, { description: "Rebudgeted" });
    ok(!JSON.stringify(after).includes("987654"));
    assertEquals(after.some((l) => l.resource_type === "task"), false);
  } finally {
    await t.close();
  }
});

Deno.test("POST /audit/logs/ names each entry's record by its title with where it opens, and its action and kind by their labels", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const path = "/api/records/expense/exp_acme_member_1";
    const { record } = await jsonOf<{ record: { version: number; title: string } }>(
      await t.call("GET", path, { token }),
    );
    await jsonOf(
      await t.call("POST", `${path}/actions/submit`, { token, body: { version: record.version } }),
    );
    const { logs } = await jsonOf<{ logs: Record<string, unknown>[] }>(
      await t.call("POST", "/audit/logs/", { token, body: { filters: {} } }),
    );
    const words = (l: Record<string, unknown>) => ({
      action_label: l.action_label,
      resource_label: l.resource_label,
      resource_title: l.resource_title,
      resource_path: l.resource_path,
    });
    const submitted = logs.find((l) => l.resource_id === "exp_acme_member_1")!;
    assertEquals(words(submitted), {
      action_label: "Submit",
      resource_label: "Expense claim",
      resource_title: record.title,
      resource_path: "/app/expenses/exp_acme_member_1",
    });
    const task = logs.find((l) => l.resource_id === "tsk_northwind_erp_001")!;
    const { record: taskRecord } = await jsonOf<{ record: { title: string } }>(
      await t.call("GET", "/api/records/task/tsk_northwind_erp_001", { token }),
    );
    assertEquals(words(task), {
      action_label: "Task completed",
      resource_label: "Task",
      resource_title: taskRecord.title,
      resource_path: "/app/tasks/tsk_northwind_erp_001",
    });
    const invited = logs.find((l) => l.action === "user.invite")!;
    ok(typeof invited.resource_title === "string" && !/_/.test(invited.resource_title));
  } finally {
    await t.close();
  }
});
