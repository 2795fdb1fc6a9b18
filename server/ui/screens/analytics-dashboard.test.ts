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
    const entries = [
      "forecasting",
      "lead-conversion",
      "team-utilization",
      "profitability-analysis",
      "data-export",
      "real-time-alerts",
    ];
    for (const id of entries) {
      const screen = await screenOf(id, admin);
      assertEquals(screen.state.tab, id);
      assertEquals(tabIds(screen), ["overview", ...entries]);
    }
    const overview = await screenOf("analytics-dashboard", admin);
    assertEquals(overview.state.tab, "overview");
    const cards = [...nodes(overview.body)].filter((n) => n.type === "query-card");
    assertEquals(cards.length, 16);
    for (const card of cards) {
      const res = await t.call("POST", String(card.queryPath), { token: admin, body: card.query });
      assertEquals(res.status, 200, `${card.title}: ${await res.clone().text()}`);
      const { rows } = await res.json() as { rows: unknown[] };
      ok(rows.length > 0, `${card.title} has rows in the demo`);
    }
    // A project manager does not read leads: no lead conversion tab for them.
    const pm = await screenOf("analytics-dashboard", await t.tokenFor("pm@acme.test"));
    ok(!tabIds(pm).includes("lead-conversion"));
    ok(tabIds(pm).includes("team-utilization"));
    ok(tabIds(pm).includes("real-time-alerts"));
  } finally {
    await t.close();
  }
});

Deno.test("the data export tab offers each saved report and each list the caller may export, and each downloads", async () => {
  const t = await createTestApp();
  try {
    const tabOf = async (email: string) => {
      const token = await t.tokenFor(email);
      const res = await t.call("GET", "/ui/screens/data-export", { token });
      assertEquals(res.status, 200, `${email}: ${await res.clone().text()}`);
      const screen = await res.json() as {
        body: unknown;
        sources: Record<string, { method: string; path: string; body?: unknown }>;
      };
      const tabs = [...nodes(screen.body)].find((n) => n.type === "tabs")?.tabs as {
        id: string;
        children: unknown[];
      }[];
      const tab = tabs.find((x) => x.id === "data-export")!;
      // Each list is a button downloading /api/records/{type}/export.
      const items = [...nodes(tab.children)].filter((n) => n.type === "button").map((n) => ({
        id: String((n.action as { source: string }).source).split("/")[3],
      }));
      return { token, screen, tab, items };
    };
    const admin = await tabOf("admin@acme.test");
    const ids = admin.items.map((i) => i.id);
    ok(ids.includes("invoice") && ids.includes("lead") && ids.includes("task"), ids.join());
    for (const id of ids) {
      ok(admin.items.length > 0 && /^[a-z_]+$/.test(id), id);
      const res = await t.call("GET", `/api/records/${id}/export`, { token: admin.token });
      assertEquals(res.status, 200, `${id}: ${await res.clone().text()}`);
      ok((res.headers.get("content-type") ?? "").startsWith("text/csv"), id);
      await res.body?.cancel();
    }
    // The saved reports it reads, and one of them downloading through the row's path.
    const source = admin.screen.sources.export_reports;
    const listed = await t.call(source.method, source.path, {
      token: admin.token,
      body: source.body,
    });
    const reports = (await listed.json() as { items: { id: string; name: string }[] }).items;
    ok(reports.length > 0, "the demo's saved reports");
    const table = [...nodes(admin.tab.children)].find((n) => n.type === "table")!;
    const download = (table.rowActions as { action: { source: string } }[])[0].action.source;
    const file = await t.call("GET", download.replace("{id}", reports[0].id), {
      token: admin.token,
    });
    assertEquals(file.status, 200);
    ok((await file.text()).split("\n").length > 1, "a heading and rows");

    // A project manager exports only what their role may: the lists not offered are refused them.
    const pm = await tabOf("pm@acme.test");
    const offered = new Set(pm.items.map((i) => i.id));
    ok(offered.has("task"));
    ok(offered.size < ids.length, "fewer lists than the administrator's");
    for (const id of ids) {
      const res = await t.call("GET", `/api/records/${id}/export`, { token: pm.token });
      assertEquals(res.status === 200, offered.has(id), `${id}: ${res.status}`);
      await res.body?.cancel();
    }
  } finally {
    await t.close();
  }
});

Deno.test("real-time alerts open their own tab, listing the caller's own alerts in words", async () => {
  const t = await createTestApp();
  try {
    const finance = await t.tokenFor("finance@acme.test");
    const res = await t.call("GET", "/ui/screens/real-time-alerts", { token: finance });
    assertEquals(res.status, 200);
    const screen = await res.json() as {
      state: { tab: string };
      sources: Record<string, { path: string; body: unknown }>;
      body: unknown;
    };
    assertEquals(screen.state.tab, "real-time-alerts");
    assertEquals(
      Object.keys(screen.sources),
      ["alerts"],
      "no organisation-wide figures for finance",
    );
    const table = [...nodes(screen.body)].find((n) => n.source === "alerts");
    ok(table, "a table of the alerts");
    const columns = table.columns as { key: string; labels?: Record<string, string> }[];
    assertEquals(columns.find((c) => c.key === "condition")?.labels?.above, "Goes above");
    assertEquals(columns.find((c) => c.key === "last_state")?.labels?.met, "Triggered");
    ok([...nodes(screen.body)].some((n) => n.type === "link" && n.to === "/app/report-alerts/new"));

    const rowsFor = async (token: string) => {
      const answer = await t.call("POST", screen.sources.alerts.path, {
        token,
        body: screen.sources.alerts.body,
      });
      assertEquals(answer.status, 200);
      return (await answer.json() as { rows: Record<string, unknown>[] }).rows;
    };
    const mine = await rowsFor(finance);
    assertEquals(mine.map((r) => r.title), ["Overdue invoices above 750,000"]);
    assertEquals(mine[0].report__title, "Overdue invoices total");
    // An administrator may open everyone's alerts, but the tab lists their own.
    const admins = await rowsFor(await t.tokenFor("admin@acme.test"));
    assertEquals(admins.map((r) => r.title), ["Outstanding above 2,000,000"]);
  } finally {
    await t.close();
  }
});
