/**
 * The expression language compiled to SQL answers what the evaluator answers: each
 * condition over rows holding empties, zeros, flags and dates, evaluated by the
 * database (SQLite, or PostgreSQL with TEST_DATABASE_URL) and by the evaluator on
 * the same values.
 */
import { deepStrictEqual as assertEquals, throws } from "node:assert/strict";
import { createTestDatabase } from "../../testing/test-database.ts";
import {
  evaluateExpression,
  isTruthy,
  parseExpression,
} from "../../../schemas/records/expression.ts";
import {
  conditionSql,
  NotCompilable,
  selectionSql,
  type SqlColumn,
  valueSql,
} from "./expression-sql.ts";

const COLUMNS: Record<string, SqlColumn> = {
  code: { sql: "x.code", kind: "text", nullable: false },
  due: { sql: "x.due", kind: "text", nullable: true },
  amount: { sql: "x.amount", kind: "number", nullable: false },
  paid: { sql: "x.paid", kind: "number", nullable: false },
  done: { sql: "x.done", kind: "flag", nullable: false },
};

const ROWS = [
  { code: "paid", due: "2026-01-10", amount: 100, paid: 100, done: 1 },
  { code: "unpaid", due: "2026-12-01", amount: 50.5, paid: 0, done: 0 },
  { code: "", due: null, amount: 0, paid: 0, done: 0 },
  { code: "partly_paid", due: "2025-06-30", amount: 80, paid: 20, done: 0 },
  { code: "Unpaid", due: "2026-11-28", amount: -5, paid: 3, done: 1 },
];

const CONDITIONS = [
  "code == 'paid'",
  "code != 'paid'",
  "code in ['unpaid', 'partly_paid'] and due < today()",
  "code not in ['paid']",
  "due == null",
  "due != null",
  "is_set(due)",
  "not is_set(code)",
  "code",
  "due",
  "amount",
  "done",
  "not done",
  "done == true",
  "done == 1",
  "amount - paid > 0",
  "amount / paid > 1",
  "amount > 'a'",
  "due >= '2026-01-01' or amount < 0",
  "if(done, amount, paid) > 10",
  "lower(code) == 'unpaid'",
  "abs(amount) >= 5",
  "-amount > 0",
  "code + '!' == 'paid!'",
  "add_days(due, 30) > today()",
  "null == null",
  "not (amount > 1 and due < today())",
];

Deno.test("compiled conditions, and their WHERE form, hold on exactly the rows the evaluator says they hold", async () => {
  const t = await createTestDatabase();
  try {
    const text = t.db.dialect === "sqlite" ? "TEXT" : 'text COLLATE "C"';
    await t.db.exec(
      `CREATE TABLE expression_rows (n INTEGER NOT NULL, code ${text} NOT NULL, due ${text},
         amount ${t.db.dialect === "sqlite" ? "REAL" : "double precision"} NOT NULL,
         paid ${t.db.dialect === "sqlite" ? "REAL" : "double precision"} NOT NULL,
         done INTEGER NOT NULL)`,
    );
    for (const [n, r] of ROWS.entries()) {
      await t.db.run(
        "INSERT INTO expression_rows (n, code, due, amount, paid, done) VALUES (?, ?, ?, ?, ?, ?)",
        [n, r.code, r.due, r.amount, r.paid, r.done],
      );
    }
    const today = "2026-11-28";
    const scope = { column: (name: string) => COLUMNS[name], today, dialect: t.db.dialect };
    for (const source of CONDITIONS) {
      const expression = parseExpression(source);
      const held = await t.db.all<{ n: number }>(
        `SELECT n FROM expression_rows x WHERE ${conditionSql(expression, scope)} ORDER BY n`,
      );
      const expected = ROWS.flatMap((r, n) =>
        isTruthy(evaluateExpression(expression, { ...r, done: r.done === 1 }, { today })) ? [n] : []
      );
      assertEquals(held.map((r) => Number(r.n)), expected, source);
      // The WHERE form indexes can answer selects the same rows.
      const selected = await t.db.all<{ n: number }>(
        `SELECT n FROM expression_rows x WHERE ${selectionSql(expression, scope)} ORDER BY n`,
      );
      assertEquals(selected.map((r) => Number(r.n)), expected, `selecting: ${source}`);
    }
  } finally {
    await t.drop();
  }
});

Deno.test("what SQL would answer differently does not compile", () => {
  const scope = {
    column: (name: string) => COLUMNS[name],
    today: "2026-11-28",
    dialect: "sqlite" as const,
  };
  for (
    const source of [
      "round(amount, 2) > 1",
      "len(code) > 2",
      "add_days(due, amount) > due",
      "missing == 1",
    ]
  ) {
    throws(() => valueSql(parseExpression(source), scope), NotCompilable, source);
  }
});
