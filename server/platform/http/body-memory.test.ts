import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../../testing/test-app.ts";
import { jsonOf } from "../../testing/http-assertions.ts";
import { BodyMemory } from "./body-memory.ts";

const PATH = "/api/v1/analytics/dashboard";

Deno.test("A reading call answers the same body bytes alike, and refuses a bad body every time it is sent", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const body = { start_date: "2026-01-01", end_date: "2026-01-31" };
    const first = await jsonOf<{ metadata: { start_date: string; end_date: string } }>(
      await t.call("POST", PATH, { token, body }),
    );
    const again = await jsonOf<{ metadata: { start_date: string; end_date: string } }>(
      await t.call("POST", PATH, { token, body }),
    );
    assertEquals([again.metadata.start_date, again.metadata.end_date], [
      "2026-01-01",
      "2026-01-31",
    ]);
    assertEquals(again.metadata.start_date, first.metadata.start_date);
    for (const bad of [{ start_date: "2026-01-01", zz_unknown: 1 }, { start_date: "nope" }]) {
      for (let i = 0; i < 2; i++) {
        const res = await t.call("POST", PATH, { token, body: bad });
        const refused = await jsonOf<{ success: boolean; error: { code: string } }>(res, 400);
        assertEquals(refused.success, false, `attempt ${i + 1} of ${JSON.stringify(bad)}`);
      }
    }
    // A caller who may not make the call is refused before the remembered value counts.
    const member = await t.tokenFor("client@northwind.test");
    assertEquals((await t.call("POST", PATH, { token: member, body })).status, 403);
  } finally {
    await t.close();
  }
});

Deno.test("A remembered body is frozen, on its first use as on a repeat", () => {
  const memory = new BodyMemory();
  const text = '{"filters":[{"field":"a"}]}';
  const value = memory.keep(text, { filters: [{ field: "a" }] });
  ok(Object.isFrozen(value) && Object.isFrozen(value.filters[0]));
  assertEquals(memory.recall(text), value);
  assertEquals(memory.recall('{"filters":[]}'), undefined);
});
