/**
 * Tables follow the declarations, on the run's database (SQLite, or PostgreSQL
 * with TEST_DATABASE_URL): a field added to a declared type and a new type in a
 * test-only area get their column, table and indexes with no migration file; a
 * second start changes nothing; a change adding cannot make (a narrowed column, a
 * NULL allowed where the declaration forbids it, a unique key dropped) stops the
 * sync naming the declaration and the column, and changes nothing.
 */
import { deepStrictEqual as assertEquals, ok, rejects } from "node:assert/strict";
import type { Database } from "../../db/database.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { defineRecordType, type RecordType } from "../define.ts";
import { recordTypes } from "../catalogue.ts";
import { TASK } from "../../areas/work/types/task.ts";
import { TYPE_MASTER } from "../../areas/workspace/types/type-master.ts";
import { SchemaDisagreement, syncDeclaredTables, syncTables } from "./table-sync.ts";

/** The task type with one more field: a filterable select with a declared default. */
const TASK_WITH_CHANNEL = defineRecordType({
  ...TASK.declaration,
  fields: [
    ...TASK.declaration.fields,
    {
      id: "channel",
      label: "Channel",
      type: "select",
      filterable: true,
      default: "email",
      options: [{ value: "email", label: "Email" }, { value: "phone", label: "Phone" }],
    },
  ],
});

/** A new type of a test-only area: a timesheet with its lines, a unique key and a report index. */
const TIMESHEET = defineRecordType({
  id: "sync_timesheet",
  label: "Timesheet",
  plural: "Timesheets",
  module: "milestones",
  table: "sync_timesheets",
  naming: { series: "TS-.#####" },
  title_field: "title",
  search_fields: ["title"],
  fields: [
    { id: "title", label: "Title", type: "data", required: true, sortable: true },
    { id: "employee", label: "Employee", type: "link", link: "user", filterable: true },
    { id: "week", label: "Week", type: "date" },
    { id: "hours", label: "Hours", type: "float" },
    {
      id: "entries",
      label: "Entries",
      type: "table",
      child: {
        table: "sync_timesheet_entries",
        parent_column: "timesheet_id",
        indexes: [{ fields: ["day"] }],
        fields: [
          { id: "day", label: "Day", type: "date" },
          { id: "minutes", label: "Minutes", type: "int" },
        ],
      },
    },
  ],
  unique_together: [["employee", "week"]],
  indexes: [{ fields: ["week", "hours"] }],
  list: { columns: ["title"], sort: [{ field: "week", dir: "desc" }] },
  form: {
    tabs: [{
      id: "main",
      label: "Timesheet",
      sections: [{ columns: [["title", "employee", "week", "hours"], ["entries"]] }],
    }],
  },
  roles: { owner: ["read"] },
});

const sync = (db: Database, types: readonly RecordType[]) =>
  db.transaction((tx) => syncDeclaredTables(tx, types));

async function columnsOf(db: Database, table: string): Promise<Record<string, string>> {
  if (db.dialect === "sqlite") {
    const rows = await db.all<{ name: string; type: string; notnull: number; pk: number }>(
      'SELECT name, type, "notnull", pk FROM pragma_table_info(?)',
      [table],
    );
    // The primary key counts as NOT NULL, as the engine's convention declares it.
    return Object.fromEntries(
      rows.map((r) => [r.name, `${r.type}${r.notnull || r.pk ? " NOT NULL" : ""}`]),
    );
  }
  const rows = await db.all<{ name: string; type: string; nullable: string }>(
    `SELECT CAST(column_name AS text) AS name, CAST(data_type AS text) AS type,
            CAST(is_nullable AS text) AS nullable
       FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ?`,
    [table],
  );
  const storage: Record<string, string> = {
    text: "TEXT",
    integer: "INTEGER",
    "double precision": "REAL",
  };
  return Object.fromEntries(
    rows.map((r) => [r.name, `${storage[r.type]}${r.nullable === "NO" ? " NOT NULL" : ""}`]),
  );
}

/** The table's indexes as "unique? (columns)", sorted. */
async function indexesOf(db: Database, table: string): Promise<string[]> {
  const rows = db.dialect === "sqlite"
    ? await db.all<{ def: string }>(
      `SELECT (CASE WHEN il."unique" THEN 'unique ' ELSE '' END) || '(' ||
              (SELECT group_concat(name, ', ') FROM (SELECT name FROM pragma_index_info(il.name) ORDER BY seqno)) || ')' AS def
         FROM pragma_index_list(?) il WHERE il.origin != 'pk'`,
      [table],
    )
    : await db.all<{ def: string }>(
      `SELECT (CASE WHEN ix.indisunique THEN 'unique ' ELSE '' END) || '(' ||
              array_to_string(ARRAY(
                SELECT CAST(a.attname AS text)
                  FROM unnest(CAST(ix.indkey AS int2[])) WITH ORDINALITY AS k(attnum, ord)
                  JOIN pg_attribute a ON a.attrelid = ix.indrelid AND a.attnum = k.attnum
                 ORDER BY k.ord), ', ') || ')' AS def
         FROM pg_index ix JOIN pg_class t ON t.oid = ix.indrelid
        WHERE t.relname = ? AND NOT ix.indisprimary`,
      [table],
    );
  return rows.map((r) => r.def).sort();
}

Deno.test("a field added to a declared type and a new type get their column, tables and indexes at start-up, and a second start changes nothing", async () => {
  const t = await createTestDatabase();
  try {
    const before = await t.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM tasks");
    ok(before!.n > 0, "the seeded tasks are there to take the new column's default");

    const types = recordTypes().map((type) => type.id === "task" ? TASK_WITH_CHANNEL : type);
    const first = await sync(t.db, [...types, TIMESHEET]);
    assertEquals(first.statements.length > 0, true);

    assertEquals((await columnsOf(t.db, "tasks")).channel, "TEXT NOT NULL");
    assertEquals(
      (await t.db.all<{ channel: string }>("SELECT DISTINCT channel FROM tasks")).map((r) =>
        r.channel
      ),
      ["email"],
      "rows already there get the declared default",
    );
    ok((await indexesOf(t.db, "tasks")).includes("(organization_id, channel)"));

    assertEquals(await columnsOf(t.db, "sync_timesheets"), {
      id: "TEXT NOT NULL",
      organization_id: "TEXT NOT NULL",
      name: "TEXT NOT NULL",
      version: "INTEGER NOT NULL",
      created_at: "TEXT NOT NULL",
      created_by: "TEXT",
      updated_at: "TEXT NOT NULL",
      updated_by: "TEXT",
      title: "TEXT NOT NULL",
      employee: "TEXT",
      week: "TEXT",
      hours: "REAL NOT NULL",
    });
    assertEquals(await indexesOf(t.db, "sync_timesheets"), [
      "(organization_id, employee)",
      "(organization_id, title)",
      "(organization_id, week, hours)",
      "(organization_id, week, id)",
      "unique (organization_id, employee, week)",
      "unique (organization_id, name)",
    ]);
    assertEquals(await columnsOf(t.db, "sync_timesheet_entries"), {
      id: "TEXT NOT NULL",
      organization_id: "TEXT NOT NULL",
      timesheet_id: "TEXT NOT NULL",
      idx: "INTEGER NOT NULL",
      day: "TEXT",
      minutes: "INTEGER NOT NULL",
    });
    assertEquals(await indexesOf(t.db, "sync_timesheet_entries"), [
      "(organization_id, day)",
      "(timesheet_id, idx)",
    ]);

    assertEquals((await sync(t.db, [...types, TIMESHEET])).statements, []);
  } finally {
    await t.drop();
  }
});

Deno.test("the product's migrated and seeded database is already in step with every declaration", async () => {
  const t = await createTestDatabase();
  try {
    assertEquals((await sync(t.db, recordTypes())).statements, []);
  } finally {
    await t.drop();
  }
});

Deno.test("start-up's sync reads nothing while the declarations are those last synced, and syncs again when one changes", async () => {
  const t = await createTestDatabase();
  try {
    // Start-up synced and kept its fingerprint; the same declarations leave nothing to do.
    assertEquals((await syncTables(t.db, recordTypes())).statements, []);
    const grown = await syncTables(t.db, [...recordTypes(), TIMESHEET]);
    ok(grown.statements.some((sql) => sql.startsWith("CREATE TABLE sync_timesheets")));
    assertEquals((await syncTables(t.db, [...recordTypes(), TIMESHEET])).statements, []);
    ok(Object.keys(await columnsOf(t.db, "sync_timesheet_entries")).includes("minutes"));
  } finally {
    await t.drop();
  }
});

Deno.test("a narrowed column, a NULL the declaration forbids and an undeclared unique key stop the sync, naming the declaration and the column, and nothing changes", async () => {
  const t = await createTestDatabase();
  try {
    // estimated_hours is stored as a real number; declaring it whole is a narrowing.
    const narrowed = defineRecordType({
      ...TASK_WITH_CHANNEL.declaration,
      fields: TASK_WITH_CHANNEL.declaration.fields.map((f) =>
        f.id === "estimated_hours" ? { ...f, type: "int" as const } : f
      ),
    });
    // due_date allows NULL (a date); declaring it text makes it NOT NULL.
    const tightened = defineRecordType({
      ...TASK.declaration,
      fields: TASK.declaration.fields.map((f) =>
        f.id === "due_date" ? { ...f, type: "data" as const } : f
      ),
    });
    const { unique_together: _, ...unkeyed } = TYPE_MASTER.declaration;
    const error = await rejects(
      sync(t.db, [narrowed, tightened, defineRecordType(unkeyed)]),
      (e: unknown) => {
        ok(e instanceof SchemaDisagreement);
        assertEquals(e.problems, [
          "task: column tasks.estimated_hours is REAL, the declaration's field estimated_hours needs INTEGER",
          "task: column tasks.due_date allows NULL, the declaration's field due_date does not",
          "type_master: unique index type_masters_code on type_masters (organization_id, kind, code) is not declared (unique or unique_together)",
        ]);
        ok(e.message.includes("needs a numbered data migration"));
        return true;
      },
    );
    assertEquals(error, undefined);
    // The channel column the narrowed declaration also adds was not added.
    assertEquals((await columnsOf(t.db, "tasks")).channel, undefined);
  } finally {
    await t.drop();
  }
});

Deno.test("a whole-number field declared real is widened, keeps its values and takes fractions", async () => {
  const t = await createTestDatabase();
  try {
    const widened = defineRecordType({
      ...TASK.declaration,
      fields: TASK.declaration.fields.map((f) =>
        f.id === "story_points" ? { ...f, type: "float" as const } : f
      ),
    });
    const task = await t.db.get<{ id: string; story_points: number }>(
      "SELECT id, story_points FROM tasks ORDER BY id LIMIT 1",
    );
    const first = await sync(t.db, [widened]);
    // PostgreSQL changes the column's type; SQLite's INTEGER affinity already keeps reals.
    assertEquals(
      first.statements,
      t.db.dialect === "postgres"
        ? ["ALTER TABLE tasks ALTER COLUMN story_points TYPE double precision"]
        : [],
    );
    const kept = await t.db.get<{ story_points: number }>(
      "SELECT story_points FROM tasks WHERE id = ?",
      [task!.id],
    );
    assertEquals(kept!.story_points, task!.story_points);
    await t.db.run("UPDATE tasks SET story_points = 2.5 WHERE id = ?", [task!.id]);
    const fraction = await t.db.get<{ story_points: number }>(
      "SELECT story_points FROM tasks WHERE id = ?",
      [task!.id],
    );
    assertEquals(fraction!.story_points, 2.5);
    assertEquals((await sync(t.db, [widened])).statements, []);
  } finally {
    await t.drop();
  }
});

Deno.test("a field that now allows an empty value lets its column take NULL on PostgreSQL, and stops the sync on SQLite naming it", async () => {
  const t = await createTestDatabase();
  try {
    // description is text (NOT NULL, empty is ''); declared a date, it may be empty (NULL).
    const loosened = defineRecordType({
      ...TASK.declaration,
      fields: TASK.declaration.fields.map((f) =>
        f.id === "description" ? { ...f, type: "date" as const } : f
      ),
    });
    if (t.db.dialect === "postgres") {
      const first = await sync(t.db, [loosened]);
      assertEquals(first.statements, ["ALTER TABLE tasks ALTER COLUMN description DROP NOT NULL"]);
      await t.db.run("UPDATE tasks SET description = NULL WHERE id = (SELECT MIN(id) FROM tasks)");
      assertEquals((await sync(t.db, [loosened])).statements, []);
    } else {
      await rejects(sync(t.db, [loosened]), (e: unknown) => {
        ok(e instanceof SchemaDisagreement);
        assertEquals(e.problems, [
          "task: column tasks.description is NOT NULL, the declaration's field description allows an empty value (SQLite drops NOT NULL only by rebuilding the table)",
        ]);
        return true;
      });
    }
  } finally {
    await t.drop();
  }
});
