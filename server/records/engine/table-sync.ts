/**
 * Tables follow the declarations. At start-up, inside the migration lock, the
 * engine reads the database's tables, columns and indexes once and creates what a
 * declared type lacks: its table and child tables, a field's column, the indexes
 * its naming, unique keys, filters, sorts and default list need (table-ddl.ts
 * writes them), widens a whole-number column the declaration now makes real, and on
 * PostgreSQL lets a column take NULL where the declaration now allows an empty value.
 * It never drops, renames or narrows a column: where the database disagrees with
 * a declaration in a way adding cannot fix (a column of another storage class,
 * one that allows NULL where the declaration does not, a unique index the
 * declaration no longer declares), start-up stops and names the declaration and
 * the column; that change needs a numbered data migration.
 */
import type { Database, Queryable, SqlValue } from "../../db/database.ts";
import { createHash } from "node:crypto";
import { takeMigrationTurn } from "../../db/migrate.ts";
import type { RecordField, RecordType } from "../define.ts";
import {
  childIndexStatements,
  childTableStatements,
  columnDdl,
  indexStatements,
  nullable,
  storageClass,
  tableStatements,
} from "./table-ddl.ts";

type Storage = "TEXT" | "INTEGER" | "REAL";

interface Column {
  storage: string;
  notNull: boolean;
}

interface Index {
  name: string;
  columns: string[];
  unique: boolean;
}

/** What the database holds: each table's columns and indexes (partial indexes left out). */
interface Schema {
  columns: Map<string, Map<string, Column>>;
  indexes: Map<string, Index[]>;
}

/** The database and a declaration disagree in a way the sync may not fix. */
export class SchemaDisagreement extends Error {
  constructor(readonly problems: readonly string[]) {
    super(
      `The database does not match the record declarations, and adding tables, columns or indexes cannot fix it:\n- ${
        problems.join("\n- ")
      }\nA change like this needs a numbered data migration.`,
    );
    this.name = "SchemaDisagreement";
  }
}

/** What a sync did: the statements it ran, in order (none on an already-synced database). */
export interface SyncResult {
  statements: string[];
}

const PG_STORAGE: Record<string, Storage> = {
  text: "TEXT",
  integer: "INTEGER",
  bigint: "INTEGER",
  smallint: "INTEGER",
  "double precision": "REAL",
  real: "REAL",
};

/** Reads the columns and (non-partial) indexes of `tables`, in two queries. */
async function readSchema(tx: Queryable, tables: readonly string[]): Promise<Schema> {
  const columns = new Map<string, Map<string, Column>>();
  const indexes = new Map<string, Index[]>();
  const among = tables.map(() => "?").join(", ");
  const names: SqlValue[] = [...tables];
  const columnRows = tx.dialect === "sqlite"
    ? (await tx.all<{ tbl: string; name: string; type: string; notnull: number; pk: number }>(
      `SELECT m.name AS tbl, p.name AS name, p.type AS type, p."notnull" AS "notnull", p.pk AS pk
         FROM sqlite_master m JOIN pragma_table_info(m.name) p
        WHERE m.type = 'table' AND m.name IN (${among})`,
      names,
    )).map((r) => ({
      tbl: r.tbl,
      name: r.name,
      storage: r.type.toUpperCase(),
      notNull: r.notnull === 1 || r.pk > 0,
    }))
    : (await tx.all<{ tbl: string; name: string; type: string; notnull: boolean }>(
      `SELECT CAST(c.relname AS text) AS tbl, CAST(a.attname AS text) AS name,
              format_type(a.atttypid, NULL) AS type, a.attnotnull AS notnull
         FROM pg_attribute a
         JOIN pg_class c ON c.oid = a.attrelid
         JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relkind = 'r' AND a.attnum > 0
          AND NOT a.attisdropped AND c.relname IN (${among})`,
      names,
    )).map((r) => ({
      tbl: r.tbl,
      name: r.name,
      storage: PG_STORAGE[r.type] ?? r.type,
      notNull: r.notnull,
    }));
  for (const row of columnRows) {
    let table = columns.get(row.tbl);
    if (!table) columns.set(row.tbl, table = new Map());
    table.set(row.name, { storage: row.storage, notNull: row.notNull });
  }
  const indexRows = tx.dialect === "sqlite"
    ? await tx.all<{ tbl: string; name: string; uniq: number; col: string }>(
      `SELECT m.name AS tbl, il.name AS name, il."unique" AS uniq, ii.name AS col
         FROM sqlite_master m
         JOIN pragma_index_list(m.name) il
         JOIN pragma_index_info(il.name) ii
        WHERE m.type = 'table' AND il.partial = 0 AND m.name IN (${among})
        ORDER BY m.name, il.name, ii.seqno`,
      names,
    )
    : (await tx.all<{ tbl: string; name: string; uniq: boolean; col: string }>(
      `SELECT CAST(t.relname AS text) AS tbl, CAST(i.relname AS text) AS name,
              ix.indisunique AS uniq, CAST(a.attname AS text) AS col
         FROM pg_index ix
         JOIN pg_class t ON t.oid = ix.indrelid
         JOIN pg_class i ON i.oid = ix.indexrelid
         JOIN pg_namespace n ON n.oid = t.relnamespace
         CROSS JOIN LATERAL unnest(CAST(ix.indkey AS int2[])) WITH ORDINALITY AS k(attnum, ord)
         JOIN pg_attribute a ON a.attrelid = ix.indrelid AND a.attnum = k.attnum
        WHERE n.nspname = current_schema() AND ix.indpred IS NULL AND t.relname IN (${among})
        ORDER BY t.relname, i.relname, k.ord`,
      names,
    ));
  let last: Index | undefined;
  for (const row of indexRows) {
    if (!last || last.name !== row.name) {
      last = { name: row.name, unique: row.uniq === true || row.uniq === 1, columns: [] };
      let list = indexes.get(row.tbl);
      if (!list) indexes.set(row.tbl, list = []);
      list.push(last);
    }
    last.columns.push(row.col);
  }
  return { columns, indexes };
}

const startsWith = (columns: readonly string[], prefix: readonly string[]) =>
  prefix.every((column, i) => columns[i] === column);

/** An index statement's name, table, columns and uniqueness, read back from its text. */
function parseIndex(sql: string): Index & { table: string; sql: string } {
  const match = /^CREATE (UNIQUE )?INDEX (\w+) ON (\w+) \(([^)]*)\)/.exec(sql);
  if (!match) throw new Error(`Not an index statement: ${sql}`);
  return {
    unique: Boolean(match[1]),
    name: match[2],
    table: match[3],
    columns: match[4].split(",").map((c) => c.trim()),
    sql,
  };
}

/** The standard columns every type's table has, with their storage and NOT NULL. */
function standardColumns(type: RecordType): [string, Storage, boolean][] {
  const d = type.declaration;
  const out: [string, Storage, boolean][] = [
    ["id", "TEXT", true],
    ["organization_id", "TEXT", true],
    ["name", "TEXT", true],
    ["version", "INTEGER", true],
    ["created_at", "TEXT", true],
    ["created_by", "TEXT", false],
    ["updated_at", "TEXT", true],
    ["updated_by", "TEXT", false],
  ];
  if (d.states) out.push(["status", "TEXT", true]);
  if (d.submittable) out.push(["docstatus", "INTEGER", true], ["amended_from", "TEXT", false]);
  return out;
}

/** Plans one type: the statements that add what it lacks, and what adding cannot fix. */
function planType(
  type: RecordType,
  schema: Schema,
  dialect: Queryable["dialect"],
): { statements: string[]; problems: string[] } {
  const statements: string[] = [];
  const problems: string[] = [];
  const existing = schema.columns.get(type.table);
  if (!existing) {
    return { statements: tableStatements(type, dialect), problems };
  }
  const check = (
    table: string,
    columns: Map<string, Column>,
    name: string,
    storage: Storage,
    notNull: boolean,
    field?: RecordField,
  ): boolean => {
    const column = columns.get(name);
    const what = field ? `field ${field.id}` : "standard column";
    if (!column) return false;
    if (column.storage === "INTEGER" && storage === "REAL") {
      // Whole numbers widened to real ones: PostgreSQL changes the column's type;
      // SQLite's INTEGER affinity already keeps a real value as it is given.
      if (dialect === "postgres") {
        statements.push(`ALTER TABLE ${table} ALTER COLUMN ${name} TYPE double precision`);
      }
    } else if (column.storage !== storage) {
      problems.push(
        `${type.id}: column ${table}.${name} is ${column.storage}, the declaration's ${what} needs ${storage}`,
      );
    } else if (notNull && !column.notNull) {
      problems.push(
        `${type.id}: column ${table}.${name} allows NULL, the declaration's ${what} does not`,
      );
    } else if (!notNull && column.notNull && field && !field.required) {
      // An empty value allowed where the column refuses one (a required field never
      // stores one): PostgreSQL drops the constraint; SQLite cannot without
      // rebuilding the table.
      if (dialect === "postgres") {
        statements.push(`ALTER TABLE ${table} ALTER COLUMN ${name} DROP NOT NULL`);
      } else {
        problems.push(
          `${type.id}: column ${table}.${name} is NOT NULL, the declaration's ${what} allows an empty value (SQLite drops NOT NULL only by rebuilding the table)`,
        );
      }
    }
    return true;
  };
  for (const [name, storage, notNull] of standardColumns(type)) {
    if (!check(type.table, existing, name, storage, notNull)) {
      problems.push(`${type.id}: standard column ${type.table}.${name} is missing`);
    }
  }
  for (const field of type.fields) {
    const storage = storageClass(field);
    if (!storage || field.column === "name") continue;
    if (!check(type.table, existing, field.column, storage, !nullable(field), field)) {
      statements.push(`ALTER TABLE ${type.table} ADD COLUMN ${columnDdl(field, dialect)}`);
    }
  }
  statements.push(...missingIndexes(type, schema));
  for (const field of type.fields) {
    if (field.type !== "table" || !field.child) continue;
    const table = field.child.table;
    const childColumns = schema.columns.get(table);
    if (!childColumns) {
      statements.push(...childTableStatements(type, field, dialect));
      continue;
    }
    const parent = field.child.parent_column ?? "parent_id";
    for (
      const [name, storage] of [["id", "TEXT"], ["organization_id", "TEXT"], [parent, "TEXT"], [
        "idx",
        "INTEGER",
      ]] as const
    ) {
      if (!check(table, childColumns, name, storage, true)) {
        problems.push(`${type.id}: standard column ${table}.${name} is missing`);
      }
    }
    for (const child of field.childFields ?? []) {
      const storage = storageClass(child);
      if (!storage) continue;
      if (!check(table, childColumns, child.column, storage, !nullable(child), child)) {
        statements.push(`ALTER TABLE ${table} ADD COLUMN ${columnDdl(child, dialect)}`);
      }
    }
    const indexes = schema.indexes.get(table) ?? [];
    if (!indexes.some((i) => startsWith(i.columns, [parent, "idx"]))) {
      statements.push(`CREATE INDEX ${table}_parent ON ${table} (${parent}, idx)`);
    }
    statements.push(...unserved(childIndexStatements(field), indexes));
  }
  problems.push(...undeclaredUniqueIndexes(type, schema));
  return { statements, problems };
}

/** The indexes the type needs that no index of the table serves (by name or by leading columns). */
function missingIndexes(type: RecordType, schema: Schema): string[] {
  return unserved(indexStatements(type), schema.indexes.get(type.table) ?? []);
}

/** The index statements no existing index serves. */
function unserved(wanted: readonly string[], indexes: readonly Index[]): string[] {
  return wanted.filter((sql) => {
    const wanted = parseIndex(sql);
    return !indexes.some((i) =>
      i.name === wanted.name ||
      (wanted.unique
        ? i.unique && i.columns.join() === wanted.columns.join()
        : startsWith(i.columns, wanted.columns))
    );
  });
}

/**
 * Unique indexes on the table that are no declared key: the engine would refuse
 * saves there without naming a field, and dropping one is never automatic.
 */
function undeclaredUniqueIndexes(type: RecordType, schema: Schema): string[] {
  const keys = type.uniqueKeys.map((key) =>
    ["organization_id", ...key.map((f) => f.column)].join()
  );
  if ("series" in type.declaration.naming) keys.push("organization_id,name");
  return (schema.indexes.get(type.table) ?? [])
    .filter((i) => i.unique && i.columns.join() !== "id" && !keys.includes(i.columns.join()))
    .map((i) =>
      `${type.id}: unique index ${i.name} on ${type.table} (${
        i.columns.join(", ")
      }) is not declared (unique or unique_together)`
    );
}

/**
 * Brings the database's tables up to the declarations: creates what is missing,
 * refuses (SchemaDisagreement, nothing changed) what it may not fix. Run it in the
 * migration lock's transaction.
 */
export async function syncDeclaredTables(
  tx: Queryable,
  types: readonly RecordType[],
): Promise<SyncResult> {
  const tables = types.flatMap((type) => [
    type.table,
    ...type.fields.flatMap((f) => f.child ? [f.child.table] : []),
  ]);
  const schema = await readSchema(tx, tables);
  const statements: string[] = [];
  const problems: string[] = [];
  for (const type of types) {
    const plan = planType(type, schema, tx.dialect);
    statements.push(...plan.statements);
    problems.push(...plan.problems);
  }
  if (problems.length > 0) throw new SchemaDisagreement(problems);
  for (const sql of statements) await tx.exec(sql);
  return { statements };
}

/** The meta row holding what the tables were last synced to. */
const SYNCED = "declared_tables";

/**
 * What a sync depends on: every declared table's statements in the dialect (its
 * columns, defaults, indexes and child tables) and the numbered migrations applied.
 */
async function fingerprint(db: Queryable, types: readonly RecordType[]): Promise<string> {
  const applied = await db.get<{ n: number; last: number | null }>(
    "SELECT COUNT(*) AS n, MAX(version) AS last FROM schema_migrations",
  );
  const text = [
    `${applied?.n ?? 0}:${applied?.last ?? 0}`,
    ...types.flatMap((type) => tableStatements(type, db.dialect)),
  ].join("\n");
  return createHash("sha256").update(text).digest("hex");
}

/**
 * Start-up's sync, after the numbered migrations: when neither a declaration nor
 * the migrations changed since the last sync (a fingerprint of both is kept in
 * `meta`), there is nothing to read; otherwise the tables are synced in the
 * migration lock and the fingerprint kept, in one transaction.
 */
export async function syncTables(db: Database, types: readonly RecordType[]): Promise<SyncResult> {
  const print = await fingerprint(db, types);
  const kept = await db.get<{ value: string }>("SELECT value FROM meta WHERE key = ?", [SYNCED]);
  if (kept?.value === print) return { statements: [] };
  return await db.transaction(async (tx) => {
    await takeMigrationTurn(tx);
    const result = await syncDeclaredTables(tx, types);
    await tx.run(
      "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      [SYNCED, print],
    );
    return result;
  });
}
