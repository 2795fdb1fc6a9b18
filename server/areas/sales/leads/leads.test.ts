import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../../../testing/test-app.ts";
import { assertInvalidFields, errorOf, jsonOf } from "../../../testing/http-assertions.ts";

interface Lead {
  id: string;
  name: string;
  status: string;
  source: string;
  score: number;
  assigned_to: string | null;
  assigned_to_name: string | null;
  created_at: string;
}

interface Stats {
  total: number;
  new_this_month: number;
  by_status: Record<string, number>;
  by_source: Record<string, number>;
  average_score: number;
  pipeline_value: number;
  conversion_rate: number;
}

interface Assignment {
  id: string;
  lead_id: string;
  lead_name: string;
  assigned_to: string | null;
  assigned_to_name: string | null;
  assigned_by: string | null;
  assigned_by_name: string | null;
  reason: string;
  created_at: string;
}

function sum(values: Record<string, number>): number {
  return Object.values(values).reduce((a, b) => a + b, 0);
}

Deno.test("POST /leads answers the organisation's leads newest first", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("sales@acme.test");
    const body = await jsonOf<{ leads: Lead[]; total: number }>(
      await t.call("POST", "/leads", { token, body: {} }),
    );
    assertEquals(body.total, 60);
    assertEquals(body.leads.length, 60);
    ok(body.leads.every((l) => l.id.startsWith("led_acme_")));
    const times = body.leads.map((l) => l.created_at);
    assertEquals(times, [...times].sort().reverse());
    const owned = body.leads.find((l) => l.assigned_to === "usr_acme_sales")!;
    assertEquals(owned.assigned_to_name, "Sara Lopez");
  } finally {
    await t.close();
  }
});

Deno.test("POST /leads applies its filters", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("sales@acme.test");
    const stats = await jsonOf<Stats>(
      await t.call("POST", "/api/leads/stats", { token, body: {} }),
    );
    const fresh = await jsonOf<{ leads: Lead[]; total: number }>(
      await t.call("POST", "/leads", { token, body: { filters: { status: "new" } } }),
    );
    assertEquals(fresh.total, stats.by_status.new);
    ok(fresh.leads.every((l) => l.status === "new"));

    const mine = await jsonOf<{ leads: Lead[]; total: number }>(
      await t.call("POST", "/leads", {
        token,
        body: { filters: { assigned_to: "usr_acme_sales", min_score: 50 } },
      }),
    );
    ok(mine.total > 0);
    ok(mine.leads.every((l) => l.assigned_to === "usr_acme_sales" && l.score >= 50));

    const page = await jsonOf<{ leads: Lead[]; total: number }>(
      await t.call("POST", "/leads", { token, body: { filters: { skip: 55, limit: 10 } } }),
    );
    assertEquals([page.total, page.leads.length], [60, 5]);
  } finally {
    await t.close();
  }
});

Deno.test("POST /leads searches name, company and email in any case, taking % literally", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("sales@acme.test");
    const now = new Date(t.clock.now).toISOString();
    const insert = (id: string, name: string, company: string, email: string) =>
      t.db.run(
        `INSERT INTO leads (id, organization_id, name, company, email, source, status, created_at, updated_at)
         VALUES (?, 'org_acme', ?, ?, ?, 'website', 'new', ?, ?)`,
        [id, name, company, email, now, now],
      );
    await insert("led_zz_name", "Quentin Zephyr", "Nordwind", "q@nordwind.test");
    await insert("led_zz_company", "Ada Byrne", "ZEPHYR Works", "ada@works.test");
    await insert("led_zz_email", "Li Wei", "Harbour", "li@zephyr.test");
    await insert("led_zz_percent", "Omar Said", "Fifty% Off", "omar@fifty.test");
    const search = async (text: string) =>
      (await jsonOf<{ leads: Lead[] }>(
        await t.call("POST", "/leads", { token, body: { filters: { search: text } } }),
      )).leads.map((l) => l.id).sort();
    assertEquals(await search("zEpHyR"), ["led_zz_company", "led_zz_email", "led_zz_name"]);
    assertEquals(await search("fifty% off"), ["led_zz_percent"]);
    assertEquals(await search("y% o"), ["led_zz_percent"]);
    assertEquals(await search("a%d"), []);
  } finally {
    await t.close();
  }
});

Deno.test("POST /api/leads/stats counts the whole of its last day", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("sales@acme.test");
    const day = "2031-05-20";
    for (
      const [id, at] of [["led_day_start", `${day}T00:00:00.000Z`], [
        "led_day_end",
        `${day}T23:59:59.999Z`,
      ], ["led_next_day", "2031-05-21T00:00:00.000Z"]]
    ) {
      await t.db.run(
        `INSERT INTO leads (id, organization_id, name, source, status, created_at, updated_at)
         VALUES (?, 'org_acme', ?, 'website', 'new', ?, ?)`,
        [id, id, at, at],
      );
    }
    const stats = await jsonOf<Stats>(
      await t.call("POST", "/api/leads/stats", { token, body: { from: day, to: day } }),
    );
    assertEquals(stats.total, 2);
  } finally {
    await t.close();
  }
});

Deno.test("POST /api/leads/stats answers counts, pipeline value and conversion rate", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const stats = await jsonOf<Stats>(
      await t.call("POST", "/api/leads/stats", { token, body: {} }),
    );
    assertEquals(stats.total, 60);
    assertEquals(sum(stats.by_status), 60);
    assertEquals(sum(stats.by_source), 60);
    const won = stats.by_status.won ?? 0, lost = stats.by_status.lost ?? 0;
    assertEquals(stats.conversion_rate, Math.round((won / (won + lost)) * 1000) / 10);
    const open = await t.db.get<{ v: number; s: number }>(
      "SELECT SUM(estimated_value) AS v, (SELECT AVG(score) FROM leads WHERE organization_id = 'org_acme') AS s FROM leads WHERE organization_id = 'org_acme' AND status NOT IN ('won', 'lost')",
    );
    assertEquals(stats.pipeline_value, open?.v);
    assertEquals(stats.average_score, Math.round(open!.s * 10) / 10);
    ok(stats.new_this_month >= 0 && stats.new_this_month <= 60);
  } finally {
    await t.close();
  }
});

Deno.test("POST /api/leads/{id}/assignments answers the history of one lead", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("sales@acme.test");
    const body = await jsonOf<{ assignments: Assignment[] }>(
      await t.call("POST", "/api/leads/led_acme_001/assignments", { token, body: {} }),
    );
    const stored = await t.db.all<{ id: string }>(
      "SELECT id FROM lead_assignments WHERE lead_id = 'led_acme_001'",
    );
    ok(stored.length > 0);
    assertEquals(body.assignments.map((a) => a.id).sort(), stored.map((s) => s.id).sort());
    for (const a of body.assignments) {
      assertEquals(a.lead_id, "led_acme_001");
      assertEquals(a.assigned_by_name, "Alice Morgan");
      ok(a.reason.length > 0 && a.lead_name.length > 0);
    }
    const missing = await t.call("POST", "/api/leads/led_nope/assignments", { token, body: {} });
    await errorOf(missing, 404, "not_found");
  } finally {
    await t.close();
  }
});

Deno.test("POST /api/assignments answers the organisation's assignments newest first, filtered", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("sales@acme.test");
    const all = await jsonOf<{ assignments: Assignment[] }>(
      await t.call("POST", "/api/assignments", { token, body: { limit: 500 } }),
    );
    const stored = await t.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM lead_assignments WHERE organization_id = 'org_acme'",
    );
    assertEquals(all.assignments.length, stored?.n);
    const times = all.assignments.map((a) => a.created_at);
    assertEquals(times, [...times].sort().reverse());
    const maya = await jsonOf<{ assignments: Assignment[] }>(
      await t.call("POST", "/api/assignments", { token, body: { assigned_to: "usr_acme_maya" } }),
    );
    ok(maya.assignments.length > 0);
    ok(maya.assignments.every((a) => a.assigned_to_name === "Maya Patel"));
    const few = await jsonOf<{ assignments: Assignment[] }>(
      await t.call("POST", "/api/assignments", { token, body: { limit: 3 } }),
    );
    assertEquals(few.assignments.length, 3);
  } finally {
    await t.close();
  }
});

Deno.test("The lead calls answer 400 naming a wrong-typed or unknown filter", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("sales@acme.test");
    const cases: [string, unknown, string][] = [
      ["/leads", { filters: { status: "open" } }, "filters.status"],
      ["/leads", { filters: { source: "carrier_pigeon" } }, "filters.source"],
      ["/leads", { filters: { min_score: "high" } }, "filters.min_score"],
      ["/leads", { filters: { colour: "red" } }, "filters.colour"],
      ["/leads", { filters: "new" }, "filters"],
      ["/api/leads/stats", { from: 20260101 }, "from"],
      ["/api/leads/stats", { to: "next week" }, "to"],
      ["/api/leads/stats", { to: "2026-13-01" }, "to"],
      ["/api/leads/led_acme_001/assignments", { lead_id: "led_acme_002" }, "lead_id"],
      ["/api/assignments", { limit: "all" }, "limit"],
      ["/api/assignments", { lead_id: 5 }, "lead_id"],
    ];
    for (const [path, body, field] of cases) {
      await assertInvalidFields(await t.call("POST", path, { token, body }), field);
    }
  } finally {
    await t.close();
  }
});

Deno.test("POST /leads filters by a lead source the organisation added to its list", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const types = await jsonOf<{ record: { id: string } }>(
      await t.call("POST", "/api/records/type_master", {
        token,
        body: { values: { kind: "lead_source", code: "podcast", label: "Podcast" } },
      }),
      201,
    );
    ok(types.record.id);
    const answer = await jsonOf<{ leads: unknown[]; total: number }>(
      await t.call("POST", "/leads", { token, body: { filters: { source: "podcast" } } }),
    );
    assertEquals(answer.total, 0);
    // Another organisation's list does not count.
    const globex = await t.tokenFor("admin@globex.test");
    await assertInvalidFields(
      await t.call("POST", "/leads", { token: globex, body: { filters: { source: "podcast" } } }),
      "filters.source",
    );
  } finally {
    await t.close();
  }
});
