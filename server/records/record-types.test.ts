/**
 * Today's records through the record engine's API, as their declarations make
 * them: task numbers and type-master statuses, a project's team as child rows and
 * its level-1 money fields, a member confined to their own tasks, a lead's
 * conversion into a client, and sales without delete. Runs on SQLite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { errorOf, jsonOf } from "../testing/http-assertions.ts";
import { permissionOf } from "../platform/access/authorize.ts";
import { recordTypes } from "./catalogue.ts";

type Values = Record<string, unknown>;
interface RecordBody {
  record: Values & { id: string; name: string; version: number };
}

/** The test app with every declared type's role grants in every organisation. */
async function withApp(fn: (t: TestApp) => Promise<void>): Promise<void> {
  const t = await createTestApp();
  try {
    const roles = await t.db.all<{ id: string; organization_id: string; name: string }>(
      "SELECT id, organization_id, name FROM roles",
    );
    for (const type of recordTypes()) {
      for (const [roleName, actions] of Object.entries(type.declaration.roles)) {
        for (const role of roles.filter((r) => r.name === roleName)) {
          for (const action of actions) {
            await t.db.run(
              `INSERT INTO role_permissions (organization_id, role_id, permission) VALUES (?, ?, ?)
               ON CONFLICT DO NOTHING`,
              [role.organization_id, role.id, permissionOf(type.module, action)],
            );
          }
        }
      }
    }
    await fn(t);
  } finally {
    await t.close();
  }
}

async function create(t: TestApp, token: string, type: string, values: Values) {
  return await t.call("POST", `/api/records/${type}`, { token, body: { values } });
}

async function get(t: TestApp, token: string, type: string, id: string) {
  return await t.call("GET", `/api/records/${type}/${id}`, { token });
}

Deno.test("a task created through the record API takes the organisation's next TSK number, its defaults and its dependencies", async () => {
  await withApp(async (t) => {
    const admin = await t.tokenFor("admin@acme.test");
    const prefix = `TSK-${new Date(t.clock.now).toISOString().slice(0, 4)}-`;
    const counter = await t.db.get<{ current: number }>(
      "SELECT current FROM naming_series WHERE organization_id = 'org_acme' AND prefix = ?",
      [prefix],
    );
    const { record } = await jsonOf<RecordBody>(
      await create(t, admin, "task", {
        title: "Prepare the steering committee deck",
        project: "prj_northwind_erp",
        assignee: "usr_acme_maya",
        due_date: "2031-03-02",
        tags: "client, slides",
        dependencies: [{ depends_on: "tsk_northwind_erp_001" }],
      }),
      201,
    );
    assertEquals(
      record.name,
      `${prefix}${String(Number(counter?.current ?? 0) + 1).padStart(5, "0")}`,
    );
    assertEquals(
      [record.status, record.priority, record.billable, record.milestone, record.tags],
      ["todo", 2, true, false, "client, slides"],
    );
    assertEquals(
      (record.dependencies as Values[]).map((d) => d.depends_on),
      ["tsk_northwind_erp_001"],
    );
  });
});

Deno.test("a task's status is one of its organisation's task statuses: a new type master value is accepted at once", async () => {
  await withApp(async (t) => {
    const admin = await t.tokenFor("admin@acme.test");
    const values = { title: "Wait for the client", status: "waiting" };
    const refused = await errorOf(await create(t, admin, "task", values), 400, "invalid_input");
    // The organisation's statuses are named as people read them, not by their codes.
    ok(refused.details?.fields?.status?.includes("In progress"), JSON.stringify(refused));
    await jsonOf(
      await create(t, admin, "type_master", {
        kind: "task_status",
        code: "waiting",
        label: "Waiting on client",
        tone: "warning",
        position: 6,
      }),
      201,
    );
    const { record } = await jsonOf<RecordBody>(await create(t, admin, "task", values), 201);
    assertEquals(record.status, "waiting");
    // Globex's list is its own.
    const globex = await t.tokenFor("admin@globex.test");
    await errorOf(await create(t, globex, "task", values), 400, "invalid_input");
  });
});

Deno.test("a project keeps its team as child rows; budget and hourly rates are level 1, hidden from members", async () => {
  await withApp(async (t) => {
    const pm = await t.tokenFor("pm@acme.test");
    const { record } = await jsonOf<RecordBody>(
      await create(t, pm, "project", {
        name: "Contoso Data Platform",
        client: "cli_contoso",
        status: "planning",
        project_type: "analytics",
        start_date: "2031-01-05",
        end_date: "2031-06-30",
        budget: 150000,
        members: [
          { user: "usr_acme_pm", role: "manager", hourly_rate: 150 },
          { user: "usr_acme_tom", role: "developer", hourly_rate: 110 },
        ],
      }),
      201,
    );
    assertEquals([record.name, record.budget, record.manager], [
      "Contoso Data Platform",
      150000,
      "usr_acme_pm",
    ]);
    assertEquals(
      (record.members as Values[]).map((m) => [m.user, m.role, m.hourly_rate]),
      [["usr_acme_pm", "manager", 150], ["usr_acme_tom", "developer", 110]],
    );
    const renamed = await jsonOf<RecordBody>(
      await t.call("PATCH", `/api/records/project/${record.id}`, {
        token: pm,
        body: { version: record.version, values: { name: "Contoso Data Platform (phase 1)" } },
      }),
    );
    assertEquals(renamed.record.name, "Contoso Data Platform (phase 1)");

    const member = await t.tokenFor("tom@acme.test");
    const seen = await jsonOf<RecordBody>(await get(t, member, "project", record.id));
    assertEquals("budget" in seen.record, false);
    assertEquals(
      (seen.record.members as Values[]).map((m) => "hourly_rate" in m),
      [false, false],
    );
    const sent = await errorOf(
      await t.call("POST", "/api/records/project/list", {
        token: member,
        body: { fields: ["name", "budget"] },
      }),
      400,
      "invalid_input",
    );
    ok(sent.details?.fields?.fields, JSON.stringify(sent));
  });
});

Deno.test("a member reads and changes only the tasks assigned to or created by them", async () => {
  await withApp(async (t) => {
    const member = await t.tokenFor("tom@acme.test");
    const list = await jsonOf<{ items: Values[] }>(
      await t.call("POST", "/api/records/task/list", {
        token: member,
        body: { limit: 500, fields: ["assignee"] },
      }),
    );
    ok(list.items.length > 0);
    assertEquals(list.items.filter((i) => i.assignee !== "usr_acme_tom"), []);
    const other = await t.db.get<{ id: string }>(
      "SELECT id FROM tasks WHERE organization_id = 'org_acme' AND assignee_id <> 'usr_acme_tom' AND (created_by IS NULL OR created_by <> 'usr_acme_tom') LIMIT 1",
    );
    await errorOf(await get(t, member, "task", other!.id), 404, "not_found");
    const { record } = await jsonOf<RecordBody>(
      await create(t, member, "task", { title: "Book the workshop room" }),
      201,
    );
    await jsonOf(await get(t, member, "task", record.id));
  });
});

Deno.test("an import by a member updates their own task, audited with its change, and not another's", async () => {
  await withApp(async (t) => {
    const task = recordTypes().find((type) => type.id === "task")!;
    await t.db.run(
      `INSERT INTO role_permissions (organization_id, role_id, permission)
       SELECT organization_id, id, ? FROM roles WHERE name = 'member' ON CONFLICT DO NOTHING`,
      [permissionOf(task.module, "import")],
    );
    const member = await t.tokenFor("tom@acme.test");
    const { record: own } = await jsonOf<RecordBody>(
      await create(t, member, "task", { title: "Book the workshop room" }),
      201,
    );
    const other = await t.db.get<{ id: string; title: string; version: number }>(
      "SELECT id, title, version FROM tasks WHERE organization_id = 'org_acme' AND assignee_id <> 'usr_acme_tom' AND (created_by IS NULL OR created_by <> 'usr_acme_tom') LIMIT 1",
    );
    const form = new FormData();
    form.set(
      "file",
      new File(
        [`ID,Title\n${own.id},Book the big room\n${other!.id},Taken over\n`],
        "tasks.csv",
        { type: "text/csv" },
      ),
    );
    form.set("mode", "partial");
    const res = await t.fetch(
      new Request("http://localhost/api/records/task/import", {
        method: "POST",
        headers: { authorization: `Bearer ${member}` },
        body: form,
      }),
    );
    assertEquals(await res.json(), {
      dry_run: false,
      created: 0,
      updated: 1,
      failed: [{ line: 3, field: "id", column: "ID", message: "No task has this ID" }],
      header: ["ID", "Title"],
      failed_rows: [{ line: 3, cells: [other!.id, "Taken over"] }],
    });
    const titleOf = async (id: string) =>
      await t.db.get<{ title: string; version: number }>(
        "SELECT title, version FROM tasks WHERE id = ?",
        [id],
      );
    assertEquals({ ...await titleOf(own.id) }, { title: "Book the big room", version: 2 });
    assertEquals({ ...await titleOf(other!.id) }, { title: other!.title, version: other!.version });
    const audit = await t.db.all<{ action: string; before_value: string; after_value: string }>(
      "SELECT action, before_value, after_value FROM audit_logs WHERE resource_id = ? AND action = 'import'",
      [own.id],
    );
    assertEquals(
      audit.map((a) => [a.action, JSON.parse(a.before_value), JSON.parse(a.after_value)]),
      [["import", { title: "Book the workshop room" }, { title: "Book the big room" }]],
    );
  });
});

Deno.test("converting a lead creates its client from the company and marks the lead won, once", async () => {
  await withApp(async (t) => {
    const sales = await t.tokenFor("sales@acme.test");
    const { record: lead } = await jsonOf<RecordBody>(
      await create(t, sales, "lead", {
        name: "Dana Whitfield",
        company: "Bluebird Logistics",
        email: "dana@bluebird.example",
        phone: "+1 555 0199",
        source: "referral",
        estimated_value: 42000,
      }),
      201,
    );
    assertEquals([lead.stage, lead.owner, lead.client], ["new", "usr_acme_sales", null]);
    const converted = await jsonOf<RecordBody>(
      await t.call("POST", `/api/records/lead/${lead.id}/actions/convert`, {
        token: sales,
        body: { version: lead.version },
      }),
    );
    assertEquals(converted.record.stage, "won");
    const clientId = converted.record.client as string;
    const { record: client } = await jsonOf<RecordBody>(await get(t, sales, "client", clientId));
    assertEquals([client.name, client.email, client.phone, client.status], [
      "Bluebird Logistics",
      "dana@bluebird.example",
      "+1 555 0199",
      "active",
    ]);
    const again = await t.call("POST", `/api/records/lead/${lead.id}/actions/convert`, {
      token: sales,
      body: { version: converted.record.version },
    });
    ok([403, 409].includes(again.status), `a second conversion answered ${again.status}`);
    const clients = await t.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM clients WHERE name = 'Bluebird Logistics'",
    );
    assertEquals(Number(clients?.n), 1);
  });
});

Deno.test("sales may not delete a lead or a client: 403 naming the permission, and the record stays", async () => {
  await withApp(async (t) => {
    const sales = await t.tokenFor("sales@acme.test");
    const { record } = await jsonOf<RecordBody>(await get(t, sales, "lead", "led_acme_001"));
    const refused = await errorOf(
      await t.call("DELETE", `/api/records/lead/led_acme_001?version=${record.version}`, {
        token: sales,
      }),
      403,
      "forbidden",
    );
    ok(refused.message.includes("leads.delete"), refused.message);
    const client = await errorOf(
      await t.call("DELETE", "/api/records/client/cli_contoso?version=1", { token: sales }),
      403,
      "forbidden",
    );
    ok(client.message.includes("clients.delete"), client.message);
    await jsonOf(await get(t, sales, "lead", "led_acme_001"));
  });
});

Deno.test("another organisation's lead is 404, and a stale version is 409 with nothing changed", async () => {
  await withApp(async (t) => {
    const globex = await t.tokenFor("admin@globex.test");
    await errorOf(await get(t, globex, "lead", "led_acme_001"), 404, "not_found");
    const sales = await t.tokenFor("sales@acme.test");
    const { record } = await jsonOf<RecordBody>(await get(t, sales, "lead", "led_acme_002"));
    await jsonOf(
      await t.call("PATCH", "/api/records/lead/led_acme_002", {
        token: sales,
        body: { version: record.version, values: { estimated_value: 77 } },
      }),
    );
    await errorOf(
      await t.call("PATCH", "/api/records/lead/led_acme_002", {
        token: sales,
        body: { version: record.version, values: { estimated_value: 12 } },
      }),
      409,
      "conflict",
    );
    const stored = await t.db.get<{ estimated_value: number }>(
      "SELECT estimated_value FROM leads WHERE id = 'led_acme_002'",
    );
    assertEquals(Number(stored?.estimated_value), 77);
  });
});
