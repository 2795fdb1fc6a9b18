/**
 * The prepared schema (numbered migrations, then the start-up table sync) agrees
 * with every declared record type, checked here independently of the sync: each standard
 * column and each field's column exists with the storage class of the engine's
 * convention (ENGINE13: TEXT, INTEGER, REAL; NOT NULL where empty is '' or 0),
 * child tables have their parent column, row order and index, and the indexes
 * the type's naming, unique, filterable and sortable fields and default list sort
 * need exist, on the dialect of the run.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import type { Database } from "../db/database.ts";
import { recordTypes } from "./catalogue.ts";
import { defineRecordType, type RecordField, type RecordType } from "./define.ts";
import { type FieldDeclaration, PRODUCT_LISTS } from "./declaration.ts";
import { createTestDatabase } from "../testing/test-database.ts";
import { TASK } from "../areas/work/types/task.ts";
import { TYPE_MASTER } from "../areas/workspace/types/type-master.ts";
import {
  DEFAULT_TYPE_MASTERS,
  TYPE_MASTER_KINDS,
} from "../areas/workspace/types/type-master-defaults.ts";

type Storage = "TEXT" | "INTEGER" | "REAL";

interface Column {
  storage: Storage | string;
  notNull: boolean;
}

interface Index {
  name: string;
  columns: string[];
  unique: boolean;
}

/** The storage class of a field's column by the convention; null for child tables (no column). */
function storageOf(field: RecordField): Storage | null {
  if (field.type === "table") return null;
  if (field.type === "int" || field.type === "check") return "INTEGER";
  if (["float", "currency", "percent"].includes(field.type)) return "REAL";
  return "TEXT";
}

/** Links, dates and datetimes store empty as NULL; every other column is NOT NULL. */
function emptyIsNull(field: RecordField): boolean {
  return ["link", "date", "datetime"].includes(field.type);
}

const PG_STORAGE: Record<string, Storage> = {
  text: "TEXT",
  integer: "INTEGER",
  bigint: "INTEGER",
  smallint: "INTEGER",
  "double precision": "REAL",
  real: "REAL",
};

async function columnsOf(db: Database, table: string): Promise<Map<string, Column>> {
  const rows = db.dialect === "sqlite"
    ? await db.all<{ name: string; type: string; notnull: number; pk: number }>(
      'SELECT name, type, "notnull", pk FROM pragma_table_info(?)',
      [table],
    )
    : (await db.all<{ name: string; type: string; nullable: string }>(
      `SELECT CAST(column_name AS text) AS name, CAST(data_type AS text) AS type,
              CAST(is_nullable AS text) AS nullable
         FROM information_schema.columns WHERE table_schema = 'public' AND table_name = ?`,
      [table],
    )).map((r) => ({ name: r.name, type: r.type, notnull: r.nullable === "NO" ? 1 : 0, pk: 0 }));
  return new Map(rows.map((r) => [r.name, {
    storage: db.dialect === "sqlite" ? r.type.toUpperCase() : PG_STORAGE[r.type] ?? r.type,
    // The primary key (`id`) counts as NOT NULL, as the convention declares it.
    notNull: r.notnull === 1 || r.pk > 0,
  }]));
}

/** The table's indexes (partial ones left out: they do not serve every list). */
async function indexesOf(db: Database, table: string): Promise<Index[]> {
  if (db.dialect === "sqlite") {
    const list = await db.all<{ name: string; unique: number; partial: number }>(
      'SELECT name, "unique", partial FROM pragma_index_list(?)',
      [table],
    );
    const out: Index[] = [];
    for (const index of list.filter((i) => i.partial === 0)) {
      const columns = await db.all<{ name: string }>(
        "SELECT name FROM pragma_index_info(?) ORDER BY seqno",
        [index.name],
      );
      out.push({
        name: index.name,
        unique: index.unique === 1,
        columns: columns.map((c) => c.name),
      });
    }
    return out;
  }
  const rows = await db.all<{ name: string; is_unique: boolean; columns: string }>(
    `SELECT CAST(i.relname AS text) AS name, ix.indisunique AS is_unique,
            array_to_string(ARRAY(
              SELECT CAST(a.attname AS text)
                FROM unnest(CAST(ix.indkey AS int2[])) WITH ORDINALITY AS k(attnum, ord)
                JOIN pg_attribute a ON a.attrelid = ix.indrelid AND a.attnum = k.attnum
               ORDER BY k.ord), ',') AS columns
       FROM pg_index ix
       JOIN pg_class t ON t.oid = ix.indrelid
       JOIN pg_class i ON i.oid = ix.indexrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = 'public' AND t.relname = ? AND ix.indpred IS NULL`,
    [table],
  );
  return rows.map((r) => ({ name: r.name, unique: r.is_unique, columns: r.columns.split(",") }));
}

const startsWith = (columns: string[], prefix: string[]) =>
  prefix.every((column, i) => columns[i] === column);

/** Everything in which the database's schema differs from the declared types, as sentences. */
async function schemaProblems(db: Database, types: readonly RecordType[]): Promise<string[]> {
  const problems: string[] = [];
  for (const type of types) {
    const d = type.declaration;
    const columns = await columnsOf(db, type.table);
    if (columns.size === 0) {
      problems.push(`${type.id}: table ${type.table} is missing`);
      continue;
    }
    const expect = (
      table: string,
      cols: Map<string, Column>,
      name: string,
      storage: Storage,
      notNull: boolean,
    ) => {
      const column = cols.get(name);
      if (!column) problems.push(`${type.id}: ${table}.${name} is missing`);
      else if (column.storage !== storage) {
        problems.push(`${type.id}: ${table}.${name} is ${column.storage}, declared ${storage}`);
      } else if (notNull && !column.notNull) {
        problems.push(`${type.id}: ${table}.${name} allows NULL`);
      }
    };
    const standard: [string, Storage, boolean][] = [
      ["id", "TEXT", true],
      ["organization_id", "TEXT", true],
      ["name", "TEXT", true],
      ["version", "INTEGER", true],
      ["created_at", "TEXT", true],
      ["created_by", "TEXT", false],
      ["updated_at", "TEXT", true],
      ["updated_by", "TEXT", false],
    ];
    if (d.states) standard.push(["status", "TEXT", true]);
    if (d.submittable) {
      standard.push(["docstatus", "INTEGER", true], ["amended_from", "TEXT", false]);
    }
    for (const [name, storage, notNull] of standard) {
      expect(type.table, columns, name, storage, notNull);
    }
    for (const field of type.fields) {
      const storage = storageOf(field);
      if (storage) expect(type.table, columns, field.column, storage, !emptyIsNull(field));
    }

    const indexes = await indexesOf(db, type.table);
    const need = (prefix: string[], unique: boolean, why: string) => {
      const found = indexes.some((i) =>
        unique
          ? i.unique && i.columns.length === prefix.length && startsWith(i.columns, prefix)
          : startsWith(i.columns, prefix)
      );
      if (!found) {
        problems.push(
          `${type.id}: no ${unique ? "unique " : ""}index on ${type.table} (${
            prefix.join(", ")
          }) for ${why}`,
        );
      }
    };
    if ("series" in d.naming) need(["organization_id", "name"], true, "the naming series");
    const keys = type.uniqueKeys.map((key) => ["organization_id", ...key.map((f) => f.column)]);
    for (const [i, key] of keys.entries()) {
      need(key, true, `unique ${type.uniqueKeys[i].map((f) => f.id).join(" + ")}`);
    }
    // Every unique index is a declared key, so the engine names the field a duplicate is refused at.
    if ("series" in d.naming) keys.push(["organization_id", "name"]);
    for (const index of indexes.filter((i) => i.unique && i.columns.join() !== "id")) {
      if (!keys.some((k) => k.join() === index.columns.join())) {
        problems.push(
          `${type.id}: unique index ${index.name} on ${type.table} (${
            index.columns.join(", ")
          }) is not declared (unique or unique_together)`,
        );
      }
    }
    for (const field of type.fields) {
      if (!storageOf(field) || field.unique) continue;
      if (field.filterable || field.sortable) {
        need(["organization_id", field.column], false, `${field.id} (filterable or sortable)`);
      }
    }
    const sort = d.list.sort[0];
    if (sort) {
      need(
        ["organization_id", type.field.get(sort.field)?.column ?? sort.field, "id"],
        false,
        "the default list sort",
      );
    }

    for (const field of type.fields) {
      if (field.type !== "table" || !field.child) continue;
      const table = field.child.table;
      const parent = field.child.parent_column ?? "parent_id";
      const childColumns = await columnsOf(db, table);
      if (childColumns.size === 0) {
        problems.push(`${type.id}: child table ${table} is missing`);
        continue;
      }
      expect(table, childColumns, "id", "TEXT", true);
      expect(table, childColumns, "organization_id", "TEXT", true);
      expect(table, childColumns, parent, "TEXT", true);
      expect(table, childColumns, "idx", "INTEGER", true);
      for (const child of field.childFields ?? []) {
        const storage = storageOf(child);
        if (storage) expect(table, childColumns, child.column, storage, !emptyIsNull(child));
      }
      const childIndexes = await indexesOf(db, table);
      if (!childIndexes.some((i) => startsWith(i.columns, [parent, "idx"]))) {
        problems.push(`${type.id}: no index on ${table} (${parent}, idx) for the row order`);
      }
    }
  }
  return problems;
}

Deno.test("every declared record type's table, child tables and indexes are in the migrated schema", async () => {
  const t = await createTestDatabase();
  try {
    assertEquals(await schemaProblems(t.db, recordTypes()), []);
  } finally {
    await t.drop();
  }
});

Deno.test("a declaration the schema does not follow is reported, field by field and index by index", async () => {
  const changed: FieldDeclaration[] = [
    // Declared as text, stored as REAL.
    { id: "estimated_hours", label: "Estimate", type: "data" },
    // Not migrated at all.
    { id: "billing_code", label: "Billing code", type: "data", filterable: true },
    // Stored, but no index serves the filter.
    { id: "story_points", label: "Points", type: "int", filterable: true },
  ];
  const drifted = defineRecordType({
    ...TASK.declaration,
    fields: [
      ...TASK.declaration.fields.filter((f) => !changed.some((c) => c.id === f.id)),
      ...changed,
    ],
  });
  const unmigrated = defineRecordType({
    ...TASK.declaration,
    id: "timesheet",
    table: "timesheets",
  });
  const t = await createTestDatabase();
  try {
    assertEquals(await schemaProblems(t.db, [drifted, unmigrated]), [
      "task: tasks.estimated_hours is REAL, declared TEXT",
      "task: tasks.billing_code is missing",
      "task: no index on tasks (organization_id, billing_code) for billing_code (filterable or sortable)",
      "task: no index on tasks (organization_id, story_points) for story_points (filterable or sortable)",
      "timesheet: table timesheets is missing",
    ]);
  } finally {
    await t.drop();
  }
});

Deno.test("a unique index the declaration does not declare, and a declared key with no index, are reported", async () => {
  const { unique_together: _, ...undeclared } = TYPE_MASTER.declaration;
  const unindexed = defineRecordType({
    ...TASK.declaration,
    unique_together: [["project", "title"]],
  });
  const t = await createTestDatabase();
  try {
    assertEquals(
      await schemaProblems(t.db, [defineRecordType(undeclared), unindexed]),
      [
        "type_master: unique index type_masters_code on type_masters (organization_id, kind, code) is not declared (unique or unique_together)",
        "task: no unique index on tasks (organization_id, project_id, title) for unique project + title",
      ],
    );
  } finally {
    await t.drop();
  }
});

Deno.test("every select list and link a declaration names exists", () => {
  const kinds = new Set<string>(TYPE_MASTER_KINDS.map((k) => k.value));
  const types = new Set(recordTypes().map((t) => t.id));
  const fields = recordTypes().flatMap((t) =>
    t.fields.flatMap((f) => [f, ...(f.childFields ?? [])]).map((f) => ({ type: t.id, f }))
  );
  for (const { type, f } of fields) {
    // Staff roles and record types are lists the product keeps, not type masters.
    if (f.options_from && !PRODUCT_LISTS.includes(f.options_from)) {
      ok(kinds.has(f.options_from), `${type}.${f.id}: no type master list ${f.options_from}`);
      ok(
        DEFAULT_TYPE_MASTERS.some((row) => row.kind === f.options_from),
        `${type}.${f.id}: list ${f.options_from} starts empty`,
      );
    }
    if (f.link) ok(f.link === "user" || types.has(f.link), `${type}.${f.id}: no type ${f.link}`);
  }
});
