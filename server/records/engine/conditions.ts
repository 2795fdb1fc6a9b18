/**
 * The declarations' conditions and computed expressions, in the expression
 * language the client evaluates too (schemas/records/expression.ts). Each source
 * text is parsed once and kept.
 */
import {
  callsOf,
  evaluateExpression,
  type Expression,
  isTruthy,
  parseExpression,
} from "../../../schemas/records/expression.ts";
import type { RecordData } from "./record-rows.ts";

const parsed = new Map<string, Expression>();

function compiled(source: string): Expression {
  let expression = parsed.get(source);
  if (!expression) {
    expression = parseExpression(source);
    parsed.set(source, expression);
  }
  return expression;
}

/** Whether a condition holds on the values; `absent` when there is no condition. */
export function conditionHolds(
  source: string | undefined,
  values: RecordData,
  now: string,
  absent: boolean,
): boolean {
  if (!source) return absent;
  return isTruthy(evaluateExpression(compiled(source), values, { today: now.slice(0, 10) }));
}

/** The value of a computed field's expression. */
export function evaluateComputed(
  source: string,
  values: RecordData,
  now = new Date().toISOString(),
): unknown {
  return evaluateExpression(compiled(source), values, { today: now.slice(0, 10) });
}

/** Whether an expression's value depends on the day it is evaluated (it calls `today()`). */
export function readsToday(source: string): boolean {
  return callsOf(compiled(source)).includes("today");
}
