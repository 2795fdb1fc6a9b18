import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import type { Database } from "../database.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { recordTypes } from "../../records/catalogue.ts";
import { TASK_STATUSES } from "../../areas/analytics/projects/constants.ts";
import { selectOptions } from "../../records/engine/select-options.ts";

async function codes(db: Database, org: string, kind: string): Promise<Set<string>> {
  const rows = await db.all<{ code: string }>(
    "SELECT code FROM type_masters WHERE organization_id = ? AND kind = ? AND active = 1",
    [org, kind],
  );
  return new Set(rows.map((r) => r.code));
}

async function count(db: Database, sql: string, params: string[] = []): Promise<number> {
  return (await db.get<{ n: number }>(sql, params))!.n;
}

Deno.test("the demo seed's select values are values of their type master lists and declared options", async () => {
  const t = await createTestDatabase();
  try {
    for (const org of ["org_acme", "org_globex"]) {
      for (const type of recordTypes()) {
        for (const field of type.fields) {
          if (field.type !== "select") continue;
          // Declared options, the organisation's lists, or the product's own (roles, record types).
          const allowed = new Set(
            (await selectOptions(t.db, org, field)).map((o) => String(o.value)),
          );
          const stored = await t.db.all<{ value: string }>(
            `SELECT DISTINCT ${field.column} AS value FROM ${type.table} WHERE organization_id = ?`,
            [org],
          );
          for (const { value } of stored) {
            // An optional select left empty holds '' (the engine's empty text).
            const empty = value === "" && !field.required;
            ok(allowed.has(value) || empty, `${org} ${type.id}.${field.id} holds "${value}"`);
          }
        }
      }
      // The statuses project analytics counts are the organisation's task statuses.
      assertEquals([...await codes(t.db, org, "task_status")].sort(), [...TASK_STATUSES].sort());
    }
  } finally {
    await t.drop();
  }
});

Deno.test("the demo seed numbers every task in its series, counters included, and fills the stamps", async () => {
  const t = await createTestDatabase();
  try {
    const tasks = await t.db.all<{ organization_id: string; name: string; created_at: string }>(
      "SELECT organization_id, name, created_at FROM tasks ORDER BY organization_id, name",
    );
    for (const task of tasks) {
      ok(task.name.startsWith(`TSK-${task.created_at.slice(0, 4)}-`), task.name);
    }
    const series = await t.db.all<{ organization_id: string; prefix: string; current: number }>(
      "SELECT organization_id, prefix, current FROM naming_series WHERE prefix LIKE 'TSK-%'",
    );
    for (const s of series) {
      const names = tasks.filter((k) =>
        k.organization_id === s.organization_id && k.name.startsWith(s.prefix)
      ).map((k) => k.name).sort();
      assertEquals(
        names,
        Array.from({ length: s.current }, (_, i) => `${s.prefix}${String(i + 1).padStart(5, "0")}`),
      );
    }
    assertEquals(series.reduce((sum, s) => sum + Number(s.current), 0), tasks.length);
    for (const table of ["tasks", "projects", "leads", "clients", "items"]) {
      assertEquals(
        await count(t.db, `SELECT COUNT(*) AS n FROM ${table} WHERE created_by IS NULL`),
        0,
        `${table} without created_by`,
      );
    }
  } finally {
    await t.drop();
  }
});

Deno.test("the demo seed holds enough records to look real, members as ordered child rows", async () => {
  const t = await createTestDatabase();
  try {
    const acme = ["org_acme"];
    ok(await count(t.db, "SELECT COUNT(*) AS n FROM tasks") >= 200);
    ok(await count(t.db, "SELECT COUNT(*) AS n FROM leads WHERE organization_id = ?", acme) >= 48);
    ok(
      await count(t.db, "SELECT COUNT(*) AS n FROM clients WHERE organization_id = ?", acme) >= 24,
    );
    assertEquals(
      await count(t.db, "SELECT COUNT(*) AS n FROM items WHERE organization_id = ?", acme),
      12,
    );
    ok(await count(t.db, "SELECT COUNT(*) AS n FROM task_dependencies") > 0);
    const members = await t.db.all<{ project_id: string; idx: number }>(
      "SELECT project_id, idx FROM project_members ORDER BY project_id, idx",
    );
    ok(members.length > 0);
    const byProject = Map.groupBy(members, (m) => m.project_id);
    for (const [project, rows] of byProject) {
      assertEquals(rows.map((r) => r.idx), rows.map((_, i) => i), project);
    }
  } finally {
    await t.drop();
  }
});
