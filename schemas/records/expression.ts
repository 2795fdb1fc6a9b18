/**
 * The record engine's condition language (`visible_if`, `required_if`,
 * `read_only_if`, computed expressions), evaluated identically by the server and
 * the client. A small tokenizer and parser build a syntax tree
 * (`expression-syntax.ts`); the evaluator walks it over a record's values. There is
 * no `eval` and no `Function`: identifiers are looked up as the record's own
 * properties only, so `constructor` or `__proto__` read as missing (null).
 *
 * Semantics, chosen to be total (a condition never throws while evaluating):
 * null compares equal only to null, and ordering comparisons with null or across
 * types are false; strings compare by code units, so ISO dates compare as dates;
 * arithmetic on null, across types, dividing by zero or overflowing gives null;
 * `+` joins two strings. `and`/`or`/`not` use `isTruthy`.
 */
import { type Expression, parseExpression } from "./expression-syntax.ts";
import { roundHalfAway } from "../money/rounding.ts";

export {
  type BinaryOperator,
  type Expression,
  EXPRESSION_FUNCTIONS,
  EXPRESSION_MAX_DEPTH,
  EXPRESSION_MAX_LENGTH,
  ExpressionError,
  parseExpression,
} from "./expression-syntax.ts";

/** What an evaluation needs besides the values. */
export interface EvaluateOptions {
  /** Today's date (`YYYY-MM-DD`), what `today()` answers; passed in so results are repeatable. */
  today: string;
}

/** A value's truth: null, false, 0, NaN, "" and empty lists are false. */
export function isTruthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === "") return false;
  if (typeof value === "number") return value !== 0 && !Number.isNaN(value);
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** The value of `expression` over a record's `values`. */
export function evaluateExpression(
  expression: Expression,
  values: Readonly<Record<string, unknown>>,
  options: EvaluateOptions,
): unknown {
  const evaluate = (node: Expression): unknown => {
    switch (node.kind) {
      case "literal":
        return node.value;
      case "identifier":
        return Object.hasOwn(values, node.name) ? values[node.name] ?? null : null;
      case "not":
        return !isTruthy(evaluate(node.operand));
      case "negate": {
        const value = evaluate(node.operand);
        return typeof value === "number" ? finite(-value) : null;
      }
      case "in": {
        const value = evaluate(node.value);
        const found = node.list.some((item) => same(value, evaluate(item)));
        return node.negated ? !found : found;
      }
      case "call":
        return call(node.name, node.args.map(evaluate), options);
      case "binary":
        if (node.op === "and") {
          return isTruthy(evaluate(node.left)) && isTruthy(evaluate(node.right));
        }
        if (node.op === "or") {
          return isTruthy(evaluate(node.left)) || isTruthy(evaluate(node.right));
        }
        return binary(node.op, evaluate(node.left), evaluate(node.right));
    }
  };
  return evaluate(expression);
}

/** The truth of a condition's source over `values` (parses it; throws ExpressionError). */
export function conditionHolds(
  source: string,
  values: Readonly<Record<string, unknown>>,
  options: EvaluateOptions,
): boolean {
  return isTruthy(evaluateExpression(parseExpression(source), values, options));
}

/** The identifiers an expression reads, sorted, each once. */
export function fieldsOf(expression: Expression): string[] {
  return namesOf(expression, "identifier");
}

/** The functions an expression calls (`today`, `add_days`…), sorted, each once. */
export function callsOf(expression: Expression): string[] {
  return namesOf(expression, "call");
}

function namesOf(expression: Expression, kind: "identifier" | "call"): string[] {
  const names = new Set<string>();
  const visit = (node: Expression): void => {
    switch (node.kind) {
      case "identifier":
        if (kind === "identifier") names.add(node.name);
        return;
      case "not":
      case "negate":
        return visit(node.operand);
      case "in":
        visit(node.value);
        return node.list.forEach(visit);
      case "call":
        if (kind === "call") names.add(node.name);
        return node.args.forEach(visit);
      case "binary":
        visit(node.left);
        return visit(node.right);
      case "literal":
        return;
    }
  };
  visit(expression);
  return [...names].sort();
}

function binary(op: string, left: unknown, right: unknown): unknown {
  switch (op) {
    case "==":
      return same(left, right);
    case "!=":
      return !same(left, right);
    case "<":
      return order(left, right, (c) => c < 0);
    case "<=":
      return order(left, right, (c) => c <= 0);
    case ">":
      return order(left, right, (c) => c > 0);
    case ">=":
      return order(left, right, (c) => c >= 0);
    case "+":
      if (typeof left === "string" && typeof right === "string") return left + right;
      return arithmetic(left, right, (a, b) => a + b);
    case "-":
      return arithmetic(left, right, (a, b) => a - b);
    case "*":
      return arithmetic(left, right, (a, b) => a * b);
    default:
      return arithmetic(left, right, (a, b) => b === 0 ? Number.NaN : a / b);
  }
}

/** Equality of two values: same type and value (null only equals null). */
function same(left: unknown, right: unknown): boolean {
  if (left === undefined) left = null;
  if (right === undefined) right = null;
  return left === right;
}

/** An ordering comparison of two numbers or two strings; false for anything else. */
function order(left: unknown, right: unknown, holds: (comparison: number) => boolean): boolean {
  if (typeof left === "number" && typeof right === "number") {
    return !Number.isNaN(left - right) && holds(left < right ? -1 : left > right ? 1 : 0);
  }
  if (typeof left === "string" && typeof right === "string") {
    return holds(left < right ? -1 : left > right ? 1 : 0);
  }
  return false;
}

function arithmetic(left: unknown, right: unknown, apply: (a: number, b: number) => number) {
  if (typeof left !== "number" || typeof right !== "number") return null;
  return finite(apply(left, right));
}

function finite(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

function call(name: string, args: unknown[], options: EvaluateOptions): unknown {
  const [first, second] = args;
  switch (name) {
    case "today":
      return options.today;
    case "len":
      return typeof first === "string" || Array.isArray(first)
        ? first.length
        : first === null || first === undefined
        ? 0
        : null;
    case "is_set":
      return first !== null && first !== undefined && first !== "" &&
        !(Array.isArray(first) && first.length === 0);
    case "lower":
      return typeof first === "string" ? first.toLowerCase() : null;
    case "round": {
      if (typeof first !== "number") return null;
      const digits = second === undefined ? 0 : second;
      if (typeof digits !== "number" || !Number.isInteger(digits) || digits < 0 || digits > 9) {
        return null;
      }
      return finite(roundHalfAway(first, digits));
    }
    case "abs":
      return typeof first === "number" ? Math.abs(first) : null;
    case "min":
    case "max":
      return extreme(args, name === "min" ? -1 : 1);
    case "if":
      return isTruthy(first) ? second : args[2];
    case "add_days":
      return addDays(first, second);
    default:
      return null;
  }
}

/** A `YYYY-MM-DD` date moved by a whole number of days; null for anything else. */
function addDays(day: unknown, days: unknown): string | null {
  if (typeof day !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  if (typeof days !== "number" || !Number.isInteger(days) || Math.abs(days) > 100_000) return null;
  const ms = Date.parse(`${day}T00:00:00.000Z`);
  return Number.isNaN(ms) ? null : new Date(ms + days * 86_400_000).toISOString().slice(0, 10);
}

/** The least (`sign` -1) or greatest (1) of numbers, or of strings; null when mixed or any null. */
function extreme(args: unknown[], sign: number): unknown {
  const kind = typeof args[0];
  if ((kind !== "number" && kind !== "string") || args.some((a) => typeof a !== kind)) return null;
  if (kind === "number" && args.some((a) => Number.isNaN(a))) return null;
  return args.reduce((best, next) =>
    ((next as string | number) > (best as string | number) ? 1 : -1) === sign ? next : best
  );
}
