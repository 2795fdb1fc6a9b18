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
import {
  conditionSql,
  NotCompilable,
  selectionSql,
  type SqlColumn,
  sqlText,
} from "./expression-sql.ts";
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
  const rules = compiledRules(type, alias, today, dialect);
  if (!rules) return undefined;
  const ways = rules.map((rule) => `WHEN ${rule.holds} THEN ${sqlText(rule.status)}`);
  const otherwise = type.declaration.states ? `${alias}.status` : "NULL";
  return `(CASE ${ways.join(" ")} ELSE ${otherwise} END)`;
}

/**
 * Records of the type whose derived status is one of `statuses`, as a condition the
 * planner can answer from an index, where the CASE above can only be computed row by
 * row: for each rule giving one of them, that rule holds and no rule before it does
 * (the CASE reads them in order, a condition that is unknown counting as not
 * holding); and, where the type keeps a workflow state, no rule holds and the stored
 * state is one of them. Undefined when the type derives no status.
 */
export function derivedStatusIn(
  type: RecordType,
  alias: string,
  today: string,
  dialect: Dialect,
  statuses: readonly string[],
): string | undefined {
  const rules = compiledRules(type, alias, today, dialect);
  if (!rules) return undefined;
  const wanted = new Set(statuses);
  const ways: string[] = [];
  rules.forEach((rule, i) => {
    if (!wanted.has(rule.status)) return;
    const before = rules.slice(0, i).map((r) => `(${r.holds}) IS NOT TRUE`);
    ways.push(`(${[...before, rule.selects].join(" AND ")})`);
  });
  const stored = (type.declaration.states?.list ?? []).filter((s) => wanted.has(s.id));
  if (stored.length > 0) {
    const none = rules.map((r) => `(${r.holds}) IS NOT TRUE`);
    const state = `${alias}.status IN (${stored.map((s) => sqlText(s.id)).join(", ")})`;
    ways.push(`(${[...none, state].join(" AND ")})`);
  }
  return ways.length === 0 ? "1 = 0" : ways.length === 1 ? ways[0] : `(${ways.join(" OR ")})`;
}

/** Each derived status rule's condition as SQL, in the declaration's order. */
function compiledRules(type: RecordType, alias: string, today: string, dialect: Dialect) {
  const rules = type.declaration.derived_status;
  if (!rules || rules.length === 0) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error(`Not a date: "${today}"`);
  const scope = { column: recordColumns(type, alias), today, dialect };
  return rules.map((rule) => {
    const when = parseExpression(rule.when);
    const states = rule.in_states
      ? `${alias}.status IN (${rule.in_states.map(sqlText).join(", ")}) AND `
      : "";
    const [holds, selects] = [conditionSql(when, scope), selectionSql(when, scope)];
    return {
      status: rule.status,
      /** Whether the rule holds, two-valued. */
      holds: states ? `(${states}${holds})` : holds,
      /** The same as a WHERE term an index can answer (never negated). */
      selects: states ? `(${states}${selects})` : selects,
    };
  });
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
