/**
 * A record type's columns as the expression compiler sees them, and its derived
 * status (record-states.ts `derivedStatus`) as one SQL `CASE`: the declaration's
 * rules in order, each a compiled condition, the stored workflow state (or
 * nothing) when none holds. Lists filter by it, queries group and count by it, so
 * "Overdue" is defined once, in the declaration, and never re-coded in SQL.
 */
import type { Dialect } from "../../db/database.ts";
import { parseExpression } from "../../../schemas/records/expression.ts";
import type { RecordField, RecordType } from "../define.ts";
import { conditionSql, NotCompilable, type SqlColumn, sqlText } from "./expression-sql.ts";
import { nullable, storageClass } from "./table-ddl.ts";

/** A field's column under `alias`, as the compiler sees it; undefined for a child table. */
export function fieldColumn(field: RecordField, alias: string): SqlColumn | undefined {
  const kind = storageClass(field);
  if (!kind) return undefined;
  return {
    sql: `${alias}.${field.column}`,
    kind: field.type === "check" ? "flag" : kind === "TEXT" ? "text" : "number",
    nullable: nullable(field),
  };
}

/** The columns of a record under `alias` by the names expressions use (fields and standard keys). */
export function recordColumns(type: RecordType, alias: string) {
  return (name: string): SqlColumn | undefined => {
    const field = type.field.get(name);
    if (field) return fieldColumn(field, alias);
    if (name === "docstatus" && type.declaration.submittable) {
      return { sql: `${alias}.docstatus`, kind: "number", nullable: false };
    }
    if (name === "status" && type.declaration.states) {
      return { sql: `${alias}.status`, kind: "text", nullable: false };
    }
    if (["id", "name", "created_at", "updated_at"].includes(name)) {
      return { sql: `${alias}.${name}`, kind: "text", nullable: false };
    }
    return undefined;
  };
}

/**
 * The shown status of records of the type under `alias` on `today`, or undefined
 * when the type derives none. Throws NotCompilable for a rule SQL cannot answer.
 */
export function derivedStatusSql(
  type: RecordType,
  alias: string,
  today: string,
  dialect: Dialect,
): string | undefined {
  const rules = type.declaration.derived_status;
  if (!rules || rules.length === 0) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error(`Not a date: "${today}"`);
  const scope = { column: recordColumns(type, alias), today, dialect };
  const ways = rules.map((rule) => {
    const holds = conditionSql(parseExpression(rule.when), scope);
    const states = rule.in_states
      ? `${alias}.status IN (${rule.in_states.map(sqlText).join(", ")}) AND `
      : "";
    return `WHEN ${states}${holds} THEN ${sqlText(rule.status)}`;
  });
  const otherwise = type.declaration.states ? `${alias}.status` : "NULL";
  return `(CASE ${ways.join(" ")} ELSE ${otherwise} END)`;
}

/** Refuses, at start-up, a type whose derived status SQL cannot answer. */
export function checkDerivedStatusSql(type: RecordType): void {
  for (const dialect of ["sqlite", "postgres"] as const) {
    try {
      derivedStatusSql(type, "t", "2000-01-01", dialect);
    } catch (error) {
      if (!(error instanceof NotCompilable)) throw error;
      throw new Error(
        `Record type "${type.id}": a derived status rule does not compile to SQL: ${error.message}`,
      );
    }
  }
}
