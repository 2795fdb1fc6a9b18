/**
 * Every enumerated value a record holds has a label in its declaration, so no
 * screen ever shows a bare code: in the seeded demo organisations, each stored
 * select value is one of its field's declared options (or a row of the
 * organisation's list for a field whose options come from a type master list), and
 * each stored status is one of the type's declared states.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { recordTypes } from "../../server/records/catalogue.ts";
import type { RecordField, RecordType } from "../../server/records/define.ts";
import { PRODUCT_LISTS } from "../../server/records/declaration.ts";
import { createTestDatabase } from "../../server/testing/test-database.ts";
import type { Database } from "../../server/db/database.ts";
import { TASK_STATUSES } from "../../server/areas/analytics/projects/constants.ts";
import { DEFAULT_TYPE_MASTERS } from "../../server/areas/workspace/types/type-master-defaults.ts";

/** The stored values of a column with no label where they are declared, as sentences. */
async function unlabelled(db: Database, type: RecordType): Promise<string[]> {
  const problems: string[] = [];
  const check = async (
    table: string,
    column: string,
    what: string,
    declared: ((org: string) => Promise<Set<string>>) | Set<string>,
  ) => {
    const rows = await db.all<{ org: string; value: string | number }>(
      `SELECT DISTINCT organization_id AS org, ${column} AS value FROM ${table}
        WHERE ${column} IS NOT NULL ORDER BY organization_id, ${column}`,
    );
    for (const row of rows) {
      const value = String(row.value);
      if (value === "") continue;
      const known = declared instanceof Set ? declared : await declared(row.org);
      if (!known.has(value)) problems.push(`${what} holds "${value}" (${row.org}), not declared`);
    }
  };
  const fieldsOf = (fields: readonly RecordField[], table: string) =>
    fields.filter((f) =>
      (f.type === "select" || f.options) && !PRODUCT_LISTS.includes(f.options_from ?? "")
    )
      .map((f) => ({ f, table }));
  const fields = [
    ...fieldsOf(type.fields, type.table),
    ...type.fields.flatMap((f) => f.child ? fieldsOf(f.childFields ?? [], f.child.table) : []),
  ];
  for (const { f, table } of fields) {
    const what = `${type.id}.${f.id} (${table}.${f.column})`;
    if (f.options_from) {
      const kind = f.options_from;
      await check(table, f.column, what, async (org) =>
        new Set(
          (await db.all<{ code: string }>(
            "SELECT code FROM type_masters WHERE organization_id = ? AND kind = ?",
            [org, kind],
          )).map((r) => r.code),
        ));
    } else {
      await check(table, f.column, what, new Set((f.options ?? []).map((o) => String(o.value))));
    }
  }
  if (type.declaration.states) {
    await check(
      type.table,
      "status",
      `${type.id}.status`,
      new Set(type.declaration.states.list.map((s) => s.id)),
    );
  }
  return problems;
}

Deno.test("every enumerated value the demo records hold is declared with its label", async () => {
  const t = await createTestDatabase();
  try {
    const problems: string[] = [];
    for (const type of recordTypes()) problems.push(...await unlabelled(t.db, type));
    assertEquals(problems, []);
  } finally {
    await t.drop();
  }
});

Deno.test("a stored value with no declared label is reported, naming the field and the value", async () => {
  const t = await createTestDatabase();
  try {
    const lead = await t.db.get<{ id: string; org: string }>(
      "SELECT id, organization_id AS org FROM leads ORDER BY id LIMIT 1",
    );
    await t.db.run("UPDATE leads SET source = 'carrier_pigeon' WHERE id = ?", [lead!.id]);
    const problems: string[] = [];
    for (const type of recordTypes()) problems.push(...await unlabelled(t.db, type));
    assertEquals(problems, [
      `lead.source (leads.source) holds "carrier_pigeon" (${lead!.org}), not declared`,
    ]);
  } finally {
    await t.drop();
  }
});

Deno.test("the analytics count tasks by exactly the statuses every organisation's task list starts with", () => {
  // The payload's `tasks_by_status` (spec 001) has its keys; a status the list gains counts as open.
  assertEquals(
    [...TASK_STATUSES],
    DEFAULT_TYPE_MASTERS.filter((m) => m.kind === "task_status").map((m) => m.code),
  );
});
