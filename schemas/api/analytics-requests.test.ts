import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { CalendarDate, DateString } from "./analytics-requests.ts";

/** What the calendar says, through the platform's own date arithmetic. */
function calendarSays(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

Deno.test("CalendarDate accepts exactly the days of the calendar", () => {
  const pad = (n: number, width: number) => String(n).padStart(width, "0");
  const wrong: string[] = [];
  for (const year of [1600, 1700, 1900, 1999, 2000, 2023, 2024, 2026, 2100, 2400, 9999]) {
    for (let month = 0; month <= 13; month++) {
      for (let day = 0; day <= 32; day++) {
        const text = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
        if (CalendarDate.safeParse(text).success !== calendarSays(text)) wrong.push(text);
      }
    }
  }
  assertEquals(wrong, []);
});

Deno.test("DateString reads the date part of an ISO date-time", () => {
  assertEquals(DateString.safeParse("2024-02-29T23:59:59Z").success, true);
  assertEquals(DateString.safeParse("2023-02-29T00:00:00Z").success, false);
  assertEquals(DateString.safeParse("2026-13-01").success, false);
  assertEquals(DateString.safeParse("26-11-01").success, false);
});
