import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { openDatabase } from "./open.ts";
import { prepareDatabase } from "./prepare.ts";
import { createEmptyDatabaseUrl } from "../testing/test-database.ts";

Deno.test("two instances preparing one new database at once agree on its secret and seed it once", async () => {
  const empty = await createEmptyDatabaseUrl();
  const instances = [1, 2].map(() => openDatabase(empty.url, { listen: false }));
  try {
    const prepared = await Promise.all(
      instances.map((db) => prepareDatabase(db, { seed: "demo", now: Date.UTC(2031, 4, 20) })),
    );
    assertEquals(prepared[0].secret, prepared[1].secret);
    assertEquals(prepared.filter((p) => p.seeded).length, 1);
    const organizations = await instances[0].get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM organizations",
    );
    const seeded = await instances[0].get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM organizations WHERE id = 'org_acme'",
    );
    assertEquals(seeded!.n, 1);
    assertEquals(organizations!.n > 0, true);
  } finally {
    for (const db of instances) await db.close();
    await empty.drop();
  }
});
