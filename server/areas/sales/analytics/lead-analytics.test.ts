/**
 * The lead funnel against figures worked by hand, on an organisation whose seeded
 * leads are moved away first. With the clock at day 0, 2, 6 and 10:
 * - L2 made New on day 0, Contacted on day 2, Qualified on day 6 (value 2,000);
 * - L3 made in Proposal sent on day 0 (5,000); L5 likewise (3,000), won on day 8;
 * - L1 made New on day 6 (1,000).
 * On day 10 the furthest stages are New (L1), Qualified (L2), Proposal (L3), Won
 * (L5): reached New 4, Contacted 3, Qualified 3, Proposal 2, Won 1, so conversion
 * is 75%, 100%, 66.7%, 50%. Days in stage: New (L2's 2 ended, L1's 4 going on) 3;
 * Contacted 4; Qualified (L2's 4 going on) 4; Proposal (L3's 10 going on, L5's 8
 * ended) 9; Won none (a won lead's stay is no time in a pipeline stage).
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { errorOf, jsonOf } from "../../../testing/http-assertions.ts";
import type { LeadAnalyticsResponse } from "../../../../schemas/api/lead-analytics.ts";

interface Lead {
  id: string;
  version: number;
}

const DAY = 86_400_000;

async function lead(t: TestApp, token: string, values: Record<string, unknown>): Promise<Lead> {
  const { record } = await jsonOf<{ record: Lead }>(
    await t.call("POST", "/api/records/lead", {
      token,
      body: { values: { name: "Funnel test", source: "referral", ...values } },
    }),
    201,
  );
  return record;
}

async function move(t: TestApp, token: string, l: Lead, stage: string): Promise<Lead> {
  const { record } = await jsonOf<{ record: Lead }>(
    await t.call("PATCH", `/api/records/lead/${l.id}`, {
      token,
      body: { version: l.version, values: { stage } },
    }),
  );
  return record;
}

Deno.test("The lead funnel's counts, value, reached, conversion and days in stage are as worked by hand", async () => {
  const t = await createTestApp();
  try {
    const org = (await t.db.get<{ organization_id: string }>(
      `SELECT u.organization_id FROM user_organizations u JOIN users s ON s.id = u.user_id
       WHERE s.email = 'admin@acme.test' AND u.is_current = 1`,
    ))!.organization_id;
    // The seeded leads are moved to another organisation, out of the caller's sight.
    const elsewhere = (await t.db.get<{ id: string }>(
      "SELECT id FROM organizations WHERE id <> ? ORDER BY id",
      [org],
    ))!.id;
    for (const table of ["lead_stage_changes", "leads"]) {
      await t.db.run(`UPDATE ${table} SET organization_id = ? WHERE organization_id = ?`, [
        elsewhere,
        org,
      ]);
    }

    t.clock.now = Date.parse("2031-01-01T00:00:00.000Z");
    // Tokens are short-lived: each day of the test signs in again.
    let admin = await t.tokenFor("admin@acme.test");
    const later = async (days: number) => {
      t.clock.advance(days * DAY);
      admin = await t.tokenFor("admin@acme.test");
    };
    let l2 = await lead(t, admin, { stage: "new", estimated_value: 2_000 });
    await lead(t, admin, { stage: "proposal", estimated_value: 5_000 });
    const l5 = await lead(t, admin, { stage: "proposal", estimated_value: 3_000 });
    await later(2);
    l2 = await move(t, admin, l2, "contacted");
    await later(4);
    l2 = await move(t, admin, l2, "qualified");
    await lead(t, admin, { stage: "new", estimated_value: 1_000 });
    await later(2);
    await move(t, admin, l5, "won");
    await later(2);

    const { funnel } = await jsonOf<LeadAnalyticsResponse>(
      await t.call("GET", "/api/sales/lead-analytics", { token: admin }),
    );
    assertEquals(
      funnel.map((s) => [
        s.stage_label,
        s.count,
        s.value,
        s.reached,
        s.conversion_rate,
        s.avg_days_in_stage,
      ]),
      [
        ["New", 1, 1_000, 4, 75, 3],
        ["Contacted", 0, 0, 3, 100, 4],
        ["Qualified", 1, 2_000, 3, 66.7, 4],
        ["Proposal sent", 1, 5_000, 2, 50, 9],
        ["Won", 1, 3_000, 1, null, null],
        ["Lost", 0, 0, 0, null, null],
      ],
    );

    // The screen reads the call.
    const screen = await jsonOf<{ sources: Record<string, { path: string }>; body: unknown }>(
      await t.call("GET", "/ui/screens/lead-analytics", { token: admin }),
    );
    assertEquals(screen.sources.funnel.path, "/api/sales/lead-analytics");
    // Its query cards run as the caller: by source, the test's four leads are referrals.
    const cards: { title: string; query: unknown }[] = [];
    JSON.stringify(screen.body, (_k, v) => {
      if (v && typeof v === "object" && v.type === "query-card") cards.push(v);
      return v;
    });
    assertEquals(cards.map((c) => c.title), [
      "Leads by source",
      "Won deals by source",
      "Loss reasons",
      "Deals lost to competitors",
    ]);
    const rows = async (title: string) =>
      (await jsonOf<{ rows: Record<string, unknown>[] }>(
        await t.call("POST", "/api/records/lead/query", {
          token: admin,
          body: cards.find((c) => c.title === title)!.query,
        }),
      )).rows;
    const bySource = { rows: await rows("Leads by source") };
    assertEquals(bySource.rows.map((r) => [r.source, r.count, r.sum_estimated_value]), [
      ["referral", 4, 11_000],
    ]);
    assertEquals(
      (await rows("Won deals by source")).map((r) => [r.source, r.sum_estimated_value]),
      [
        ["referral", 3_000],
      ],
    );
    assertEquals(await rows("Loss reasons"), []);

    // A role that may not read leads is refused.
    const member = await t.tokenFor("member@acme.test");
    const reads = await t.call("POST", "/api/records/lead/list", { token: member, body: {} });
    const res = await t.call("GET", "/api/sales/lead-analytics", { token: member });
    if (reads.status === 200) assertEquals(res.status, 200);
    else await errorOf(res, 403, "forbidden");
  } finally {
    await t.close();
  }
});
