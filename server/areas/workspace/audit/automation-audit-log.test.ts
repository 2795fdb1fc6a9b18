import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { assertInvalidFields, errorOf, jsonOf } from "../../../testing/http-assertions.ts";
import { revokePermission } from "../../../testing/role-permissions.ts";
import { recordAudit } from "../../../platform/audit/record.ts";
import { parseCsv } from "../../../records/csv/mod.ts";
import { ScreenDescriptor } from "../../../../schemas/descriptor/mod.ts";

interface Change {
  field: string;
  label: string;
  from: string;
  to: string;
}

interface Entry {
  id: string;
  action: string;
  resource_type: string;
  resource_id: string | null;
  resource_title: string | null;
  action_label: string;
  resource_label: string;
  actor_text: string;
  made_by: "person" | "automation";
  automation_run_id: string | null;
  automation_path: string | null;
  changes: Change[];
  change_lines: string[];
  created_at: string;
}

const LOGS = "/api/automation/audit-log";
const EXPORT = "/api/automation/audit-log/export";
const PROJECT = "prj_acme_internal";

async function trail(t: TestApp, token: string, filters: Record<string, unknown> = {}) {
  return await jsonOf<{ logs: Entry[]; total: number }>(
    await t.call("POST", LOGS, { token, body: { filters: { limit: 500, ...filters } } }),
  );
}

/** The admin changes the project's status, end date and budget; answers its status label before. */
async function changeProject(t: TestApp, token: string): Promise<void> {
  const path = `/api/records/project/${PROJECT}`;
  const { record } = await jsonOf<{ record: { version: number } }>(
    await t.call("GET", path, { token }),
  );
  await jsonOf(
    await t.call("PATCH", path, {
      token,
      body: {
        version: record.version,
        values: { status: "on_hold", end_date: "2026-12-31", budget: 250000 },
      },
    }),
  );
}

/** An entry an automation run wrote through the engine: its rule owner as actor, its run as request. */
async function automationChange(t: TestApp, runId: string): Promise<void> {
  await recordAudit(t.db, {
    organizationId: "org_acme",
    actorId: "usr_acme_admin",
    action: "update",
    resourceType: "project",
    resourceId: PROJECT,
    before: { risk_level: "low", budget: 1000 },
    after: { risk_level: "critical", budget: 98765 },
    requestId: `automation:${runId}`,
    now: new Date(t.clock.now + 60_000).toISOString(),
  });
}

Deno.test("POST /api/automation/audit-log filters by one record and tells its field changes by label, as people read the values", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    await changeProject(t, token);
    const { logs, total } = await trail(t, token, {
      resource_type: "project",
      record_id: PROJECT,
    });
    ok(total >= 1);
    ok(logs.every((l) => l.resource_type === "project" && l.resource_id === PROJECT));
    const everything = await trail(t, token);
    ok(everything.logs.some((l) => l.resource_id !== PROJECT), "other records are left out");

    const change = logs[0];
    assertEquals([change.action_label, change.actor_text, change.made_by], [
      "Changed",
      "Alice Morgan",
      "person",
    ]);
    const byField = Object.fromEntries(change.changes.map((c) => [c.field, c]));
    assertEquals(byField.status.label, "Status");
    assertEquals(byField.status.to, "On hold");
    ok(!/_/.test(byField.status.from), `a status reads by its label: ${byField.status.from}`);
    assertEquals([byField.end_date.label, byField.end_date.to], ["End date", "Dec 31, 2026"]);
    assertEquals([byField.budget.label, byField.budget.to], ["Budget", "$250,000.00"]);
    ok(change.change_lines.includes("Status: " + byField.status.from + " → On hold"));
  } finally {
    await t.close();
  }
});

Deno.test("POST /api/automation/audit-log tells changes made by automation runs, by their rule's owner, and filters by who made them", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    await automationChange(t, "run_42");
    const automated = await trail(t, token, { made_by: "automation" });
    assertEquals(automated.total, 1);
    const [entry] = automated.logs;
    assertEquals(
      {
        actor_text: entry.actor_text,
        made_by: entry.made_by,
        automation_run_id: entry.automation_run_id,
        automation_path: entry.automation_path,
        changes: entry.changes,
      },
      {
        actor_text: "Alice Morgan via automation",
        made_by: "automation",
        automation_run_id: "run_42",
        automation_path: "/app/automation/executions/run_42",
        changes: [
          { field: "risk_level", label: "Risk level", from: "Low", to: "Critical" },
          { field: "budget", label: "Budget", from: "$1,000.00", to: "$98,765.00" },
        ],
      },
    );
    const people = await trail(t, token, { made_by: "people" });
    const both = await trail(t, token, { made_by: "both" });
    const all = await trail(t, token);
    assertEquals(people.logs.some((l) => l.made_by === "automation"), false);
    assertEquals(people.total + 1, both.total);
    assertEquals(both.total, all.total);
  } finally {
    await t.close();
  }
});

Deno.test("GET /api/automation/audit-log/export streams the rows the screen lists for the same filters", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    await changeProject(t, token);
    await automationChange(t, "run_7");
    for (
      const filters of [
        {},
        { resource_type: "project", record_id: PROJECT },
        { made_by: "automation" },
        { made_by: "people", resource_type: "project" },
      ] as Record<string, string>[]
    ) {
      const { logs } = await trail(t, token, filters);
      const res = await t.call("GET", `${EXPORT}?${new URLSearchParams(filters)}`, { token });
      assertEquals(res.status, 200);
      ok(res.headers.get("content-type")?.startsWith("text/csv"));
      ok(/attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/.test(
        res.headers.get("content-disposition") ?? "",
      ));
      const [heading, ...rows] = parseCsv(await res.text()).map((row) => row.cells);
      assertEquals(heading, [
        "When",
        "By",
        "Action",
        "Kind",
        "Record",
        "Changes",
        "Automation run",
      ]);
      assertEquals(
        rows,
        logs.map((l) => [
          l.created_at,
          l.actor_text,
          l.action_label,
          l.resource_label,
          l.resource_title ?? "",
          l.change_lines.join("\n"),
          l.automation_run_id ?? "",
        ]),
      );
    }
    // Past one page of the export (200 entries), entries of one moment keep their order.
    for (let i = 0; i < 430; i++) await automationChange(t, `run_many_${i}`);
    const many = await trail(t, token, { made_by: "automation" });
    assertEquals(many.total, 431);
    const csv = await (await t.call("GET", `${EXPORT}?made_by=automation`, { token })).text();
    assertEquals(
      parseCsv(csv).slice(1).map((row) => row.cells[6]),
      many.logs.map((l) => l.automation_run_id),
    );
    const blank = await t.call("GET", `${EXPORT}?actor_id=&made_by=&from=`, { token });
    assertEquals(blank.status, 200);
  } finally {
    await t.close();
  }
});

Deno.test("The automation audit log and its export leave out entries of types the caller may not read and level-1 values", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    await changeProject(t, token);
    await automationChange(t, "run_9");
    ok((await trail(t, token)).logs.some((l) => l.resource_type === "task"));

    await revokePermission(t, "firm_admin", "projects.level1");
    await revokePermission(t, "firm_admin", "tasks.read");
    const { logs } = await trail(t, token);
    assertEquals(logs.some((l) => l.resource_type === "task"), false);
    const projectEntries = logs.filter((l) => l.resource_id === PROJECT);
    ok(projectEntries.length >= 2);
    ok(projectEntries.every((l) => l.changes.every((c) => c.field !== "budget")));
    const automated = projectEntries.find((l) => l.made_by === "automation")!;
    assertEquals(automated.change_lines, ["Risk level: Low → Critical"]);
    const shown = JSON.stringify(logs);
    ok(!shown.includes("98765") && !shown.includes("98,765") && !shown.includes("250,000"));

    const csv = await (await t.call("GET", EXPORT, { token })).text();
    ok(!csv.includes("98,765") && !csv.includes("250,000"));
    ok(!csv.includes(",Task,"), "no task entry is exported");
    assertEquals(
      await (await t.call("GET", `${EXPORT}?resource_type=task`, { token })).text(),
      "When,By,Action,Kind,Record,Changes,Automation run\r\n",
    );
  } finally {
    await t.close();
  }
});

Deno.test("The automation audit log's calls need the module's read permission", async () => {
  const t = await createTestApp();
  try {
    const member = await t.tokenFor("member@acme.test");
    const calls: [string, string, unknown][] = [
      ["POST", LOGS, { filters: {} }],
      ["POST", "/api/automation/audit-log/filters", {}],
      ["GET", EXPORT, undefined],
    ];
    for (const [method, path, body] of calls) {
      const error = await errorOf(
        await t.call(method, path, { token: member, body }),
        403,
        "forbidden",
      );
      assertEquals(error.details?.permission, "automation_audit_log.read");
    }
    const admin = await t.tokenFor("admin@acme.test");
    assertEquals((await t.call("POST", LOGS, { token: admin, body: {} })).status, 200);
    await revokePermission(t, "firm_admin", "automation_audit_log.read");
    for (const [method, path, body] of calls) {
      await errorOf(await t.call(method, path, { token: admin, body }), 403, "forbidden");
    }
  } finally {
    await t.close();
  }
});

Deno.test("The automation audit log answers 400 naming a bad filter, on the screen's call and the export", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const cases: [unknown, string][] = [
      [{ filters: { made_by: "robots" } }, "filters.made_by"],
      [{ filters: { record_id: PROJECT } }, "filters.record_id"],
      [{ filters: { record_id: "" } }, "filters.record_id"],
      [{ filters: { from: "last week" } }, "filters.from"],
      [{ filters: { limit: 501 } }, "filters.limit"],
    ];
    for (const [body, field] of cases) {
      await assertInvalidFields(await t.call("POST", LOGS, { token, body }), field);
    }
    const queries: [string, string][] = [
      ["made_by=robots", "made_by"],
      [`record_id=${PROJECT}`, "record_id"],
      ["to=2026-02-31", "to"],
      ["colour=red", "colour"],
    ];
    for (const [query, field] of queries) {
      await assertInvalidFields(await t.call("GET", `${EXPORT}?${query}`, { token }), field);
    }
  } finally {
    await t.close();
  }
});

Deno.test("The automation audit log screen offers the record, made-by and date filters, the changes and the CSV download to whoever holds the module's read", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const screen = await jsonOf<Record<string, unknown>>(
      await t.call("GET", "/ui/screens/automation/audit-log", { token: admin }),
    );
    const parsed = ScreenDescriptor.safeParse(screen);
    ok(parsed.success, parsed.error?.message);
    const text = JSON.stringify(screen);
    for (
      const part of [
        '"recordTypeField":"resource_type"',
        '"name":"made_by"',
        '"key":"change_lines","label":"Changes","format":"lines"',
        '"to":"{+automation_path}"',
        `"source":"${EXPORT}?actor_id={actor_id}&action={action}&resource_type={resource_type}&record_id={record_id}&made_by={made_by}&from={from}&to={to}"`,
      ]
    ) ok(text.includes(part), `the screen has ${part}`);
    const routes = await jsonOf<{ routes: { path: string }[] }>(
      await t.call("GET", "/ui/routes", { token: admin }),
    );
    ok(routes.routes.some((r) => r.path === "/app/automation/audit-log"));

    const member = await t.tokenFor("member@acme.test");
    const refused = await t.call("GET", "/ui/screens/automation/audit-log", { token: member });
    await refused.body?.cancel();
    assertEquals(refused.status, 403);
  } finally {
    await t.close();
  }
});
