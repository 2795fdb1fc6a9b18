import assert from "node:assert/strict";
import { containsPattern, isoDatePlus } from "./dialect.ts";

Deno.test("isoDatePlus moves over month and year ends, both ways", () => {
  assert.equal(isoDatePlus("2026-12-31", 1), "2027-01-01");
  assert.equal(isoDatePlus("2026-03-01T10:00:00.000Z", -1), "2026-02-28");
  assert.throws(() => isoDatePlus("yesterday", 1), /Not an ISO date/);
});

Deno.test("containsPattern takes what was typed literally", () => {
  assert.equal(containsPattern("50%_Off\\"), "%50\\%\\_off\\\\%");
});
