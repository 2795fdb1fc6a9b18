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

Deno.test("each analytics entry opens its own tab, whose figures all run for a caller who sees the tab", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const screenOf = async (id: string, token: string) => {
      const res = await t.call("GET", `/ui/screens/${id}`, { token });
      assertEquals(res.status, 200, id);
      return await res.json() as { state: { tab: string }; body: unknown };
    };
    const tabIds = (screen: { body: unknown }) =>
      ([...nodes(screen.body)].find((n) => n.type === "tabs")?.tabs as { id: string }[])
        .map((tab) => tab.id);
    for (const id of ["lead-conversion", "team-utilization", "profitability-analysis"]) {
      const screen = await screenOf(id, admin);
      assertEquals(screen.state.tab, id);
      assertEquals(tabIds(screen), [
        "overview",
        "lead-conversion",
        "team-utilization",
        "profitability-analysis",
      ]);
    }
    const overview = await screenOf("analytics-dashboard", admin);
    assertEquals(overview.state.tab, "overview");
    const cards = [...nodes(overview.body)].filter((n) => n.type === "query-card");
    assertEquals(cards.length, 12);
    for (const card of cards) {
      const res = await t.call("POST", String(card.queryPath), { token: admin, body: card.query });
      assertEquals(res.status, 200, `${card.title}: ${await res.clone().text()}`);
      const { rows } = await res.json() as { rows: unknown[] };
      ok(rows.length > 0, `${card.title} has rows in the demo`);
    }
    // A project manager does not read leads: no lead conversion tab for them.
    const pm = await screenOf("analytics-dashboard", await t.tokenFor("pm@acme.test"));
    assertEquals(tabIds(pm), ["overview", "team-utilization", "profitability-analysis"]);
  } finally {
    await t.close();
  }
});
