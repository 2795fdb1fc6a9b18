/**
 * The tables a record type is stored in, derived from its declaration: the
 * standard columns, one typed column per field, a table per child table, and the
 * indexes its lists filter and sort by. Migrations for declared types are written
 * from this (and a test checks the migrated schema against it); tests create a
 * test-only type's tables with it.
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

function columnDdl(field: RecordField, dialect: Dialect): string | null {
  const kind = storageClass(field);
  if (!kind) return null;
  const text = dialect === "sqlite" ? "TEXT" : 'text COLLATE "C"';
  if (kind === "TEXT") {
    return nullable(field)
      ? `${field.column} ${text}`
      : `${field.column} ${text} NOT NULL DEFAULT ''`;
  }
  if (kind === "INTEGER") return `${field.column} INTEGER NOT NULL DEFAULT 0`;
  return `${field.column} ${dialect === "sqlite" ? "REAL" : "double precision"} NOT NULL DEFAULT 0`;
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
  for (const field of type.fields) {
    if (field.type !== "table" || !field.child) continue;
    const parent = field.child.parent_column ?? "parent_id";
    const childColumns = [
      `id ${text} PRIMARY KEY`,
      `organization_id ${text} NOT NULL REFERENCES organizations(id)`,
      `${parent} ${text} NOT NULL REFERENCES ${type.table}(id)`,
      `idx INTEGER NOT NULL`,
      ...(field.childFields ?? []).map((c) => columnDdl(c, dialect)).filter((c) => c !== null),
    ];
    out.push(`CREATE TABLE ${field.child.table} (\n  ${childColumns.join(",\n  ")}\n)`);
    out.push(
      `CREATE INDEX ${field.child.table}_parent ON ${field.child.table} (${parent}, idx)`,
    );
  }
  return out;
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
  return out;
}

/** The column a sortable or filterable key (field id or standard column) is stored in. */
export function sortColumn(type: RecordType, key: string): string {
  return type.field.get(key)?.column ?? key;
}
