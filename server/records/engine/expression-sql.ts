/**
 * The expression language (schemas/records/expression.ts) compiled to SQL, so a
 * derived status or a condition declared once is evaluated by the database the way
 * the evaluator evaluates it on a loaded record, and can be filtered, grouped and
 * counted over millions of rows. The SQL is the same on SQLite and PostgreSQL.
 *
 * The evaluator's semantics are kept: null equals only null; an ordering
 * comparison with null or across types is false; arithmetic on null or across
 * types, and dividing by zero, give null; `and`, `or` and `not` use truthiness
 * (null, false, 0 and "" are false). Every condition compiles to a two-valued
 * predicate (`… IS TRUE`), so `not` of an unknown is true, as the evaluator says.
 * Literals and today's date are written into the SQL (quoted), never a parameter,
 * so a compiled expression can stand anywhere a column can.
 *
 * What does not compile (a function the database would answer differently, a
 * child table) throws `NotCompilable`: a declaration that needs it is refused at
 * start-up, not at the first report.
 */
import type { Expression } from "../../../schemas/records/expression.ts";
import { isTruthy } from "../../../schemas/records/expression.ts";
import type { Dialect } from "../../db/database.ts";
import { addDays } from "../../db/dialect.ts";

/** A value's kind in SQL: a check is stored 0/1 and reads as a flag. */
export type SqlKind = "text" | "number" | "flag" | "null";

/** A column an identifier stands for. */
export interface SqlColumn {
  sql: string;
  kind: Exclude<SqlKind, "null">;
  nullable: boolean;
}

/** An expression that SQL cannot answer the way the evaluator does. */
export class NotCompilable extends Error {}

/** What a compilation needs: the record's columns by field id, today's date and the dialect. */
export interface SqlScope {
  column(name: string): SqlColumn | undefined;
  /** `YYYY-MM-DD`. */
  today: string;
  dialect: Dialect;
}

interface Value {
  sql: string;
  kind: SqlKind;
  nullable: boolean;
}

const TRUE = "1 = 1";
const FALSE = "1 = 0";

/** A text literal, quoted. */
export function sqlText(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** The condition as a two-valued SQL predicate. */
export function conditionSql(expression: Expression, scope: SqlScope): string {
  return truth(expression, scope, false);
}

/**
 * The condition as a WHERE term selecting exactly the rows `conditionSql` holds for,
 * written so an index can answer it: where nothing negates a comparison, a WHERE
 * keeps only true rows whether or not the comparison says `IS TRUE`, so it does not
 * (an unknown `a = 1 OR b = 2` is not selected, as the two-valued one is false). Under
 * `not`, and as a value, the two-valued predicate stays.
 */
export function selectionSql(expression: Expression, scope: SqlScope): string {
  return truth(expression, scope, true);
}

/** The expression's value as SQL, with its kind. */
export function valueSql(expression: Expression, scope: SqlScope): Value {
  return value(expression, scope);
}

/** The condition as SQL; `selecting` where only a WHERE reads it and nothing negates it. */
function truth(node: Expression, scope: SqlScope, selecting: boolean): string {
  switch (node.kind) {
    case "literal":
      return isTruthy(node.value) ? TRUE : FALSE;
    case "not":
      return `NOT (${truth(node.operand, scope, false)})`;
    case "binary":
      if (node.op === "and" || node.op === "or") {
        const [left, right] = [node.left, node.right].map((n) => truth(n, scope, selecting));
        return `(${left} ${node.op.toUpperCase()} ${right})`;
      }
      if (["==", "!=", "<", "<=", ">", ">="].includes(node.op)) {
        return compare(node.op, value(node.left, scope), value(node.right, scope), selecting);
      }
      return truthOf(value(node, scope));
    case "in": {
      const subject = value(node.value, scope);
      const items = node.list.map((item) => value(item, scope));
      if (
        selecting && !node.negated && items.length > 0 &&
        node.list.every((item) => item.kind === "literal") &&
        items.every((item) => item.kind === subject.kind && subject.kind !== "null")
      ) {
        // Literals of the subject's kind: one IN, as an index reads a list of values.
        return `(${subject.sql} IN (${items.map((item) => item.sql).join(", ")}))`;
      }
      const ways = items.map((item) => compare("==", subject, item, selecting && !node.negated));
      const any = ways.length === 0 ? FALSE : `(${ways.join(" OR ")})`;
      return node.negated ? `NOT ${any}` : any;
    }
    case "call":
      if (node.name === "is_set") return `NOT (${empty(one(node, scope))})`;
      return truthOf(value(node, scope));
    default:
      return truthOf(value(node, scope));
  }
}

/** Truthiness of a value: set and not zero, false or "". */
function truthOf(v: Value): string {
  switch (v.kind) {
    case "null":
      return FALSE;
    case "text":
      return `(COALESCE(${v.sql}, '') <> '')`;
    default:
      return `(COALESCE(${v.sql}, 0) <> 0)`;
  }
}

/** Whether a value is empty (`is_set` is its negation): null, or "" for text. */
function empty(v: Value): string {
  if (v.kind === "null") return TRUE;
  if (v.kind === "text") return `(${v.sql} IS NULL OR ${v.sql} = '')`;
  return v.nullable ? `(${v.sql} IS NULL)` : FALSE;
}

/** A comparison; `selecting`: a bare one, for a WHERE that nothing negates. */
function compare(op: string, left: Value, right: Value, selecting = false): string {
  if (op === "==" || op === "!=") {
    return op === "==" ? equality(left, right, selecting) : `NOT (${equality(left, right)})`;
  }
  if (left.kind !== right.kind || (left.kind !== "number" && left.kind !== "text")) return FALSE;
  const bare = `(${left.sql} ${op} ${right.sql})`;
  return selecting ? bare : `(${bare} IS TRUE)`;
}

/** `==` of the evaluator: same kind and value, null only equal to null. */
function equality(left: Value, right: Value, selecting = false): string {
  if (left.kind === "null" || right.kind === "null") {
    if (left.kind === "null" && right.kind === "null") return TRUE;
    const other = left.kind === "null" ? right : left;
    return other.nullable ? `(${other.sql} IS NULL)` : FALSE;
  }
  if (left.kind !== right.kind) {
    return left.nullable && right.nullable
      ? `(${left.sql} IS NULL AND ${right.sql} IS NULL)`
      : FALSE;
  }
  const bare = `(${left.sql} = ${right.sql})`;
  const same = selecting ? bare : `(${bare} IS TRUE)`;
  return left.nullable && right.nullable
    ? `(${same} OR (${left.sql} IS NULL AND ${right.sql} IS NULL))`
    : same;
}

/** A predicate as a flag value (1 or 0). */
function flag(predicate: string): Value {
  return { sql: `(CASE WHEN ${predicate} THEN 1 ELSE 0 END)`, kind: "flag", nullable: false };
}

function value(node: Expression, scope: SqlScope): Value {
  switch (node.kind) {
    case "literal":
      return literal(node.value);
    case "identifier": {
      const column = scope.column(node.name);
      if (!column) throw new NotCompilable(`"${node.name}" is not a column of the record`);
      return column;
    }
    case "negate": {
      const operand = value(node.operand, scope);
      return operand.kind === "number"
        ? { sql: `(-${operand.sql})`, kind: "number", nullable: operand.nullable }
        : literal(null);
    }
    case "not":
    case "in":
      return flag(truth(node, scope, false));
    case "binary":
      if (["and", "or", "==", "!=", "<", "<=", ">", ">="].includes(node.op)) {
        return flag(truth(node, scope, false));
      }
      return arithmetic(node.op, value(node.left, scope), value(node.right, scope));
    case "call":
      return call(node, scope);
  }
}

function literal(v: string | number | boolean | null): Value {
  if (v === null) return { sql: "NULL", kind: "null", nullable: true };
  if (typeof v === "boolean") return { sql: v ? "1" : "0", kind: "flag", nullable: false };
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new NotCompilable(`${v} is not a finite number`);
    return { sql: String(v), kind: "number", nullable: false };
  }
  return { sql: sqlText(v), kind: "text", nullable: false };
}

function arithmetic(op: string, left: Value, right: Value): Value {
  if (op === "+" && left.kind === "text" && right.kind === "text") {
    return { sql: `(${left.sql} || ${right.sql})`, kind: "text", nullable: true };
  }
  if (left.kind !== "number" || right.kind !== "number") return literal(null);
  const sql = op === "/"
    ? `(${left.sql} * 1.0 / NULLIF(${right.sql}, 0))`
    : `(${left.sql} ${op} ${right.sql})`;
  return { sql, kind: "number", nullable: true };
}

function one(node: Extract<Expression, { kind: "call" }>, scope: SqlScope): Value {
  if (node.args.length !== 1) throw new NotCompilable(`${node.name}() takes one argument`);
  return value(node.args[0], scope);
}

function call(node: Extract<Expression, { kind: "call" }>, scope: SqlScope): Value {
  switch (node.name) {
    case "today":
      return literal(scope.today);
    case "is_set":
      return flag(truth(node, scope, false));
    case "lower": {
      const v = one(node, scope);
      return v.kind === "text" ? { ...v, sql: `LOWER(${v.sql})` } : literal(null);
    }
    case "abs": {
      const v = one(node, scope);
      return v.kind === "number" ? { ...v, sql: `ABS(${v.sql})` } : literal(null);
    }
    case "if": {
      const [condition, then, otherwise] = node.args;
      if (!condition || !then) throw new NotCompilable("if() takes two or three arguments");
      const a = value(then, scope);
      const b = otherwise ? value(otherwise, scope) : literal(null);
      const kind = a.kind === "null" ? b.kind : a.kind;
      if (b.kind !== "null" && b.kind !== kind) {
        throw new NotCompilable("if() gives values of two kinds");
      }
      return {
        sql: `(CASE WHEN ${truth(condition, scope, false)} THEN ${a.sql} ELSE ${b.sql} END)`,
        kind,
        nullable: a.nullable || b.nullable,
      };
    }
    case "add_days": {
      const [day, days] = node.args;
      if (days?.kind !== "literal" || typeof days.value !== "number") {
        throw new NotCompilable("add_days() compiles with a constant number of days");
      }
      const date = value(day, scope);
      if (date.kind !== "text") return literal(null);
      return { sql: addDays(scope.dialect, date.sql, days.value), kind: "text", nullable: true };
    }
    default:
      throw new NotCompilable(`${node.name}() does not compile to SQL`);
  }
}
