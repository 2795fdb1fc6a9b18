import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../../testing/test-app.ts";

/** Every node of a descriptor tree. */
function* nodes(node: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(node)) {
    for (const item of node) yield* nodes(item);
  } else if (node && typeof node === "object") {
    yield node as Record<string, unknown>;
    for (const value of Object.values(node)) yield* nodes(value);
  }
}

Deno.test("the leads chart's empty text says 'none in this period' to callers who see leads and 'not your role' to others", async () => {
  const t = await createTestApp();
  try {
    const textFor = async (email: string) => {
      const res = await t.call("GET", "/ui/screens/analytics-dashboard", {
        token: await t.tokenFor(email),
      });
      assertEquals(res.status, 200, email);
      const chart = [...nodes(await res.json())].find((n) => n.path === "leads_by_stage");
      ok(chart, `${email}: a leads chart`);
      return chart.emptyText;
    };
    assertEquals(await textFor("admin@acme.test"), "No leads in this period");
    assertEquals(await textFor("pm@acme.test"), "Leads are not part of your role");
  } finally {
    await t.close();
  }
});
