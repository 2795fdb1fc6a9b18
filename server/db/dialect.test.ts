import assert from "node:assert/strict";
import {
  containsMatch,
  containsPattern,
  daysBetween,
  isoDatePlus,
  wholeDaysBetween,
} from "./dialect.ts";
import { createTestDatabase } from "../testing/test-database.ts";

Deno.test("isoDatePlus moves over month and year ends, both ways", () => {
  assert.equal(isoDatePlus("2026-12-31", 1), "2027-01-01");
  assert.equal(isoDatePlus("2026-03-01T10:00:00.000Z", -1), "2026-02-28");
  assert.throws(() => isoDatePlus("yesterday", 1), /Not an ISO date/);
});

Deno.test("containsPattern takes what was typed literally", () => {
  assert.equal(containsPattern("50%_Off\\"), "%50\\%\\_off\\\\%");
});

Deno.test("containsPattern folds ASCII letters only, as SQL's lower() does", () => {
  assert.equal(containsPattern("CAFÉ"), "%cafÉ%");
});

Deno.test("day differences bind placeholders in the order of their arguments, on the run's database", async () => {
  const t = await createTestDatabase();
  try {
    const d = t.db.dialect;
    const row = await t.db.get<{ days: number; whole: number; found: number }>(
      `SELECT ${daysBetween(d, "?", "?")} AS days, ${wholeDaysBetween(d, "?", "?")} AS whole,
              (SELECT COUNT(*) FROM clients WHERE ${containsMatch("name")}) AS found`,
      [
        "2026-01-01T00:00:00.000Z",
        "2026-01-03T12:00:00.000Z",
        "2026-02-27",
        "2026-03-01",
        containsPattern("NORTHWIND"),
      ],
    );
    assert.deepEqual({ ...row }, { days: 2.5, whole: 2, found: 1 });
  } finally {
    await t.drop();
  }
});
