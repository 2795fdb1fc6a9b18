/**
 * The race harness on the run's database: every decision point of every record
 * type (the saves and actions whose controller reads other records to decide,
 * and the amendments the engine names after each other) is covered by a race
 * scenario, and every scenario's writes sent at once give
 * the answers and the outcome of the same writes sent one after another.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createTestApp } from "../../server/testing/test-app.ts";
import { assertSerialOutcome } from "../races/race-scenario.ts";
import { RACES } from "../races/races.ts";

Deno.test("every decision point of every record type has a race scenario", async () => {
  const app = await createTestApp();
  try {
    const points = new Set<string>();
    for (const type of app.records.types.values()) {
      const controller = app.records.controllers.get(type.id);
      for (const point of controller?.decides ?? []) points.add(`${type.id}.${point}`);
      for (const action of Object.keys(controller?.actions ?? {})) {
        points.add(`${type.id}.${action}`);
      }
      // The engine names an amendment after the amendments that exist.
      if (type.declaration.submittable) points.add(`${type.id}.amend`);
    }
    const covered = new Set(RACES.flatMap((race) => race.covers));
    assertEquals([...points].filter((p) => !covered.has(p)).sort(), [], "not covered by a race");
    assertEquals([...covered].filter((p) => !points.has(p)).sort(), [], "covered but not declared");
  } finally {
    await app.close();
  }
});

for (const race of RACES) {
  Deno.test(`at once as one after another: ${race.name}`, async () => {
    await assertSerialOutcome(race);
  });
}
