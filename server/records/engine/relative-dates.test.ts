import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { relativeDate } from "./relative-dates.ts";

Deno.test("relative dates name days, weeks, months, quarters and years around today", () => {
  const today = "2026-11-28"; // a Saturday in the fourth quarter
  const cases: [string, string | undefined][] = [
    ["@today", "2026-11-28"],
    ["@today-30", "2026-10-29"],
    ["@today+35", "2027-01-02"],
    ["@start_of_week", "2026-11-23"],
    ["@end_of_week", "2026-11-29"],
    ["@start_of_week-1", "2026-11-16"],
    ["@start_of_month", "2026-11-01"],
    ["@end_of_month", "2026-11-30"],
    ["@start_of_month-1", "2026-10-01"],
    ["@end_of_month+3", "2027-02-28"],
    ["@start_of_quarter", "2026-10-01"],
    ["@end_of_quarter", "2026-12-31"],
    ["@start_of_quarter-1", "2026-07-01"],
    ["@end_of_quarter+1", "2027-03-31"],
    ["@start_of_year", "2026-01-01"],
    ["@end_of_year-1", "2025-12-31"],
    ["@yesterday", undefined],
    ["2026-01-01", undefined],
  ];
  for (const [value, expected] of cases) assertEquals(relativeDate(value, today), expected, value);
  assertEquals(
    relativeDate("@start_of_week", "2026-11-23"),
    "2026-11-23",
    "a Monday starts its week",
  );
  assertEquals(relativeDate("@end_of_week", "2026-11-29"), "2026-11-29", "a Sunday ends its week");
});
