import { deepStrictEqual as assertEquals, throws as assertThrows } from "node:assert/strict";
import {
  conditionHolds,
  evaluateExpression,
  EXPRESSION_MAX_LENGTH,
  ExpressionError,
  fieldsOf,
  isTruthy,
  parseExpression,
} from "./expression.ts";

const TODAY = { today: "2026-11-23" };

function run(source: string, values: Record<string, unknown> = {}): unknown {
  return evaluateExpression(parseExpression(source), values, TODAY);
}

function refusal(source: string): string {
  try {
    parseExpression(source);
  } catch (error) {
    if (error instanceof ExpressionError) return error.message;
    throw error;
  }
  throw new Error(`"${source.slice(0, 40)}" was accepted`);
}

Deno.test("literals: strings in either quote with escapes, numbers, true, false, null", () => {
  assertEquals(run("'it\\'s'"), "it's");
  assertEquals(run('"say \\"hi\\"\\n"'), 'say "hi"\n');
  assertEquals(run("12.5"), 12.5);
  assertEquals(run("true"), true);
  assertEquals(run("false"), false);
  assertEquals(run("null"), null);
});

Deno.test("operators follow precedence: * / before + -, comparisons, not, and, or", () => {
  assertEquals(run("1 + 2 * 3"), 7);
  assertEquals(run("(1 + 2) * 3"), 9);
  assertEquals(run("10 - 4 - 3"), 3);
  assertEquals(run("8 / 4 / 2"), 1);
  assertEquals(run("-2 * 3"), -6);
  assertEquals(run("1 + 1 == 2 and not 3 < 2"), true);
  assertEquals(run("false and true or true"), true);
  assertEquals(run("false and (true or true)"), false);
  assertEquals(run("not false == true"), true);
});

Deno.test("identifiers read the record's values; a missing one is null", () => {
  const values = { status: "open", priority: 3, done: false };
  assertEquals(run("status == 'open' and priority >= 3", values), true);
  assertEquals(run("done", values), false);
  assertEquals(run("owner == null", values), true);
  assertEquals(run("status in ['open', 'new']", values), true);
  assertEquals(run("status not in ['open', 'new']", values), false);
  assertEquals(run("priority in [1, 2]", values), false);
  assertEquals(run("priority in []", values), false);
});

Deno.test("null equals only null; ordering with null or across types is false", () => {
  assertEquals(run("x == null", { x: null }), true);
  assertEquals(run("x == ''", { x: null }), false);
  assertEquals(run("x == 0", { x: null }), false);
  assertEquals(run("x != null", { x: 0 }), true);
  assertEquals(run("x < 1", { x: null }), false);
  assertEquals(run("x >= 1", { x: null }), false);
  assertEquals(run("'2' < 10"), false);
  assertEquals(run("'2' == 2"), false);
  assertEquals(run("true == 1"), false);
});

Deno.test("dates compare as ISO strings, and today() is the caller's date", () => {
  assertEquals(run("due < today()", { due: "2026-11-22" }), true);
  assertEquals(run("due < today()", { due: "2026-11-23" }), false);
  assertEquals(run("due <= today()", { due: "2026-11-23" }), true);
  assertEquals(run("'2026-02-01' > '2026-01-31'"), true);
  assertEquals(
    evaluateExpression(parseExpression("today()"), {}, { today: "2030-01-01" }),
    "2030-01-01",
  );
});

Deno.test("arithmetic on null, across types, by zero or past the largest number gives null", () => {
  assertEquals(run("x + 1", { x: null }), null);
  assertEquals(run("-x", { x: null }), null);
  assertEquals(run("'a' * 2"), null);
  assertEquals(run("1 / 0"), null);
  assertEquals(run("x * x", { x: 1e200 }), null);
  assertEquals(run("'a' + 'b'"), "ab");
  assertEquals(run("'a' + 1"), null);
});

Deno.test("functions: len, is_set, lower, round, min, max, abs", () => {
  assertEquals(run("if(flag, 1, 2)", { flag: true }), 1);
  assertEquals(run("if(flag, 1, 2)", { flag: false }), 2);
  assertEquals(run("add_days(day, 30)", { day: "2026-01-15" }), "2026-02-14");
  assertEquals(run("add_days(day, 1.5)", { day: "2026-01-15" }), null);
  assertEquals(run("len(name)", { name: "Acme" }), 4);
  assertEquals(run("len(lines)", { lines: [{}, {}] }), 2);
  assertEquals(run("len(x)"), 0);
  assertEquals(run("is_set(x)", { x: "" }), false);
  assertEquals(run("is_set(x)", { x: null }), false);
  assertEquals(run("is_set(x)", { x: [] }), false);
  assertEquals(run("is_set(x)", { x: 0 }), true);
  assertEquals(run("is_set(x)", { x: false }), true);
  assertEquals(run("lower('ABC') == 'abc'"), true);
  assertEquals(run("lower(3)"), null);
  assertEquals(run("round(2.345, 2)"), 2.35);
  assertEquals(run("round(2.5)"), 3);
  assertEquals(run("round(25.025, 2)"), 25.03);
  assertEquals(run("round(-25.025, 2)"), -25.03);
  assertEquals(run("round(1.005, 2)"), 1.01);
  assertEquals(run("round(2.5, 12)"), null);
  assertEquals(run("min(3, 1, 2)"), 1);
  assertEquals(run("max(3, 1, 2)"), 3);
  assertEquals(run("max('2026-01-01', '2025-12-31')"), "2026-01-01");
  assertEquals(run("min(1, null)"), null);
  assertEquals(run("min(1, 'a')"), null);
  assertEquals(run("abs(-4)"), 4);
});

Deno.test("isTruthy: null, false, 0, NaN, empty text and empty lists are false", () => {
  assertEquals([null, undefined, false, 0, Number.NaN, "", []].map(isTruthy), [
    false,
    false,
    false,
    false,
    false,
    false,
    false,
  ]);
  assertEquals([true, 1, -1, "x", [0], {}].map(isTruthy), [true, true, true, true, true, true]);
  assertEquals(conditionHolds("amount > 100", { amount: 150 }, TODAY), true);
});

Deno.test("fieldsOf lists each identifier once, sorted, and no function names", () => {
  assertEquals(
    fieldsOf(parseExpression("is_set(b) and a > len(c) or a in [d, 'x'] and not -e")),
    ["a", "b", "c", "d", "e"],
  );
  assertEquals(fieldsOf(parseExpression("today() == '2026-01-01'")), []);
});

Deno.test("refusals name the problem and where it is", () => {
  assertEquals(refusal("foo(1)"), 'Unknown function "foo" at 0');
  assertEquals(refusal("a + foo(1)"), 'Unknown function "foo" at 4');
  assertEquals(refusal("len()"), 'Function "len" takes 1 argument at 0');
  assertEquals(refusal("round(1, 2, 3)"), 'Function "round" takes 1 to 2 arguments at 0');
  assertEquals(refusal("today(1)"), 'Function "today" takes 0 arguments at 0');
  assertEquals(refusal("a == 'open"), "Unterminated string at 5");
  assertEquals(refusal("a = 1"), 'Unexpected character "=" at 2');
  assertEquals(refusal("(a == 1"), 'Expected ")" but found the end at 7');
  assertEquals(refusal("a b"), 'Unexpected "b" at 2');
  assertEquals(refusal("a and"), "Unexpected end of expression at 5");
  assertEquals(refusal("x in 1"), 'Expected "[" but found "1" at 5');
  assertEquals(refusal("and"), 'Unexpected "and" at 0');
  assertEquals(refusal("12abc"), "Malformed number at 0");
  assertEquals(refusal("a."), 'Unexpected character "." at 1');
  assertEquals(refusal("a.1"), 'Unexpected character "." at 1');
  assertEquals(parseExpression("before.stage"), { kind: "identifier", name: "before.stage" });
  assertEquals(refusal("   "), "Expression is empty at 0");
});

Deno.test("prototype names read as missing values, never as the object's properties", () => {
  for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"]) {
    assertEquals(run(`${name} == null`, {}), true, name);
    assertEquals(run(`is_set(${name})`, {}), false, name);
  }
  assertEquals(run("constructor", { constructor: "mine" }), "mine");
  assertEquals(refusal("constructor()"), 'Unknown function "constructor" at 0');
  assertEquals(refusal("__proto__(1)"), 'Unknown function "__proto__" at 0');
  assertEquals(refusal("toString()"), 'Unknown function "toString" at 0');
});

Deno.test("size guards: long sources, deep nesting and huge numbers are refused", () => {
  assertEquals(
    refusal("a".repeat(EXPRESSION_MAX_LENGTH + 1)),
    `Expression is longer than ${EXPRESSION_MAX_LENGTH} characters at ${EXPRESSION_MAX_LENGTH}`,
  );
  parseExpression("a".repeat(EXPRESSION_MAX_LENGTH));
  assertThrows(() => parseExpression("(".repeat(200) + "1" + ")".repeat(200)), /nested deeper/);
  assertThrows(() => parseExpression("not ".repeat(40) + "a"), /nested deeper/);
  assertThrows(() => parseExpression("-".repeat(100) + "1"), /nested deeper/);
  assertThrows(() => parseExpression(Array(60).fill("a").join(" + ")), /nested deeper/);
  assertEquals(run("(((((((((1)))))))))"), 1);
  assertEquals(refusal("9".repeat(400)), "Number out of range at 0");
  assertEquals(run("99999999999999999999 > 1"), true);
});

Deno.test("a non-text source is refused without being read", () => {
  assertThrows(() => parseExpression(42 as unknown as string), ExpressionError);
});
