/**
 * The tables a record type is stored in, derived from its declaration: the
 * standard columns, one typed column per field, a table per child table, and the
 * indexes its lists filter and sort by and the ones it declares. The start-up
 * sync (table-sync.ts) creates tables, columns and indexes from this.
 */
import type { Dialect } from "../../db/database.ts";
import type { RecordField, RecordType } from "../define.ts";

/** The storage class of a field's column, or null for a table field (no column). */
export function storageClass(field: RecordField): "TEXT" | "INTEGER" | "REAL" | null {
  switch (field.type) {
    case "table":
      return null;
    case "int":
    case "check":
      return "INTEGER";
    case "float":
    case "currency":
    case "percent":
      return "REAL";
    default:
      return "TEXT";
  }
}

/** Whether an empty value is stored as NULL (links, dates) rather than '' or 0. */
export function nullable(field: RecordField): boolean {
  return field.type === "link" || field.type === "date" || field.type === "datetime";
}

/**
 * A field's column definition, as CREATE TABLE and ADD COLUMN write it; null for a
 * table field. Its DEFAULT is the declared default when that is a constant (so rows
 * already there when a column is added get it), else the empty value.
 */
export function columnDdl(field: RecordField, dialect: Dialect): string | null {
  const kind = storageClass(field);
  if (!kind) return null;
  const text = dialect === "sqlite" ? "TEXT" : 'text COLLATE "C"';
  const given = field.default;
  const constant = given !== undefined && !(typeof given === "string" && given.startsWith("@"));
  if (kind === "TEXT") {
    if (nullable(field)) return `${field.column} ${text}`;
    const value = constant ? String(given).replaceAll("'", "''") : "";
    return `${field.column} ${text} NOT NULL DEFAULT '${value}'`;
  }
  const number = constant && typeof given !== "string" ? Number(given) : 0;
  if (kind === "INTEGER") return `${field.column} INTEGER NOT NULL DEFAULT ${Math.trunc(number)}`;
  return `${field.column} ${
    dialect === "sqlite" ? "REAL" : "double precision"
  } NOT NULL DEFAULT ${number}`;
}

/** CREATE TABLE and CREATE INDEX statements for a record type and its child tables. */
export function tableStatements(type: RecordType, dialect: Dialect): string[] {
  const text = dialect === "sqlite" ? "TEXT" : 'text COLLATE "C"';
  const d = type.declaration;
  const columns = [
    `id ${text} PRIMARY KEY`,
    `organization_id ${text} NOT NULL REFERENCES organizations(id)`,
    `name ${text} NOT NULL`,
    `version INTEGER NOT NULL DEFAULT 1`,
    `created_at ${text} NOT NULL`,
    `created_by ${text}`,
    `updated_at ${text} NOT NULL`,
    `updated_by ${text}`,
  ];
  if (d.states) columns.push(`status ${text} NOT NULL`);
  if (d.submittable) {
    columns.push(`docstatus INTEGER NOT NULL DEFAULT 0`, `amended_from ${text}`);
  }
  for (const field of type.fields) {
    const ddl = columnDdl(field, dialect);
    // A naming field `name` is the standard column.
    if (ddl && field.column !== "name") columns.push(ddl);
  }
  const out = [`CREATE TABLE ${type.table} (\n  ${columns.join(",\n  ")}\n)`];
  out.push(...indexStatements(type));
  for (const field of type.fields) out.push(...childTableStatements(type, field, dialect));
  return out;
}

/** CREATE TABLE and its row-order index for a table field's child table; none for another field. */
export function childTableStatements(
  type: RecordType,
  field: RecordField,
  dialect: Dialect,
): string[] {
  if (field.type !== "table" || !field.child) return [];
  const text = dialect === "sqlite" ? "TEXT" : 'text COLLATE "C"';
  const parent = field.child.parent_column ?? "parent_id";
  const childColumns = [
    `id ${text} PRIMARY KEY`,
    `organization_id ${text} NOT NULL REFERENCES organizations(id)`,
    `${parent} ${text} NOT NULL REFERENCES ${type.table}(id)`,
    `idx INTEGER NOT NULL`,
    ...(field.childFields ?? []).map((c) => columnDdl(c, dialect)).filter((c) => c !== null),
  ];
  return [
    `CREATE TABLE ${field.child.table} (\n  ${childColumns.join(",\n  ")}\n)`,
    `CREATE INDEX ${field.child.table}_parent ON ${field.child.table} (${parent}, idx)`,
    ...childIndexStatements(field),
  ];
}

/** The indexes a record type's table needs: name, unique keys, filterable and sortable fields, the list's sort. */
export function indexStatements(type: RecordType): string[] {
  const d = type.declaration;
  const t = type.table;
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (name: string, sql: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    out.push(sql);
  };
  if ("series" in d.naming) {
    add(`${t}_name`, `CREATE UNIQUE INDEX ${t}_name ON ${t} (organization_id, name)`);
  }
  for (const key of type.uniqueKeys) {
    const columns = key.map((f) => f.column);
    add(
      `${t}_${columns.join("_")}_unique`,
      `CREATE UNIQUE INDEX ${t}_${columns.join("_")}_unique ON ${t} (organization_id, ${
        columns.join(", ")
      })`,
    );
  }
  for (const f of type.fields) {
    if (!storageClass(f) || f.unique) continue;
    if (f.filterable || f.sortable) {
      add(
        `${t}_${f.column}`,
        `CREATE INDEX ${t}_${f.column} ON ${t} (organization_id, ${f.column})`,
      );
    }
  }
  const first = d.list.sort[0];
  if (first) {
    const column = sortColumn(type, first.field);
    add(`${t}_list`, `CREATE INDEX ${t}_list ON ${t} (organization_id, ${column}, id)`);
  }
  for (const index of d.indexes ?? []) {
    const columns = [
      ...(index.across_organizations ? [] : ["organization_id"]),
      ...index.fields.map((f) => sortColumn(type, f)),
    ];
    add(declaredIndexName(t, columns), declaredIndex(t, columns));
  }
  return out;
}

function declaredIndexName(table: string, columns: readonly string[]): string {
  const across = columns[0] !== "organization_id";
  return `${table}_${across ? "across" : "by"}_${
    columns.filter((c) => c !== "organization_id").join("_")
  }`;
}

function declaredIndex(table: string, columns: readonly string[]): string {
  return `CREATE INDEX ${declaredIndexName(table, columns)} ON ${table} (${columns.join(", ")})`;
}

/** A child table's declared indexes (its row-order index aside). */
export function childIndexStatements(field: RecordField): string[] {
  if (!field.child?.indexes) return [];
  const columnOf = (id: string) => field.childFields?.find((c) => c.id === id)?.column ?? id;
  return field.child.indexes.map((index) =>
    declaredIndex(field.child!.table, [
      ...(index.across_organizations ? [] : ["organization_id"]),
      ...index.fields.map(columnOf),
    ])
  );
}

/** The column a sortable or filterable key (field id or standard column) is stored in. */
export function sortColumn(type: RecordType, key: string): string {
  return type.field.get(key)?.column ?? key;
}
