/**
 * The sales forecast against figures worked by hand. The clock stands in March
 * 2031, past every seeded lead's dates, and the test's leads are the only ones in
 * the months it reads. Stage probabilities are the defaults: New 10%, Contacted 20%,
 * Qualified 40%, Proposal sent 60%.
 *
 * March: A proposal 10,000 commit (6,000 weighted) + B qualified 5,000 best case
 * (2,000) + D contacted 4,000 omitted (nothing) → weighted 8,000, commit 10,000, best
 * case 15,000; F won in March for 7,000. April: C new 2,500 pipeline → 250 weighted.
 * May: E proposal 3,000 commit → 1,800 / 3,000 / 3,000. February, snapshotted at its
 * start: H proposal 6,000 commit + I qualified 2,000 best case → weighted 4,400,
 * commit 6,000, best case 8,000; J won in February for 4,500 → commit accuracy
 * 4,500 / 6,000 = 75%, weighted accuracy 4,500 / 4,400 = 102.3%.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { assertInvalidFields, errorOf, jsonOf } from "../../../testing/http-assertions.ts";
import { snapshotMonth, takeSnapshots } from "./forecast-snapshots.ts";
import type { SalesForecastResponse } from "../../../../schemas/api/sales-forecast.ts";

interface Lead {
  id: string;
  version: number;
  owner: string;
}

async function lead(
  t: TestApp,
  token: string,
  values: Record<string, unknown>,
): Promise<Lead> {
  const { record } = await jsonOf<{ record: Lead }>(
    await t.call("POST", "/api/records/lead", {
      token,
      body: { values: { name: "Forecast test", source: "referral", ...values } },
    }),
    201,
  );
  return record;
}

async function forecast(t: TestApp, token: string, query: string): Promise<SalesForecastResponse> {
  return await jsonOf<SalesForecastResponse>(
    await t.call("GET", `/api/sales/forecast?${query}`, { token }),
  );
}

Deno.test("The sales forecast's weighted pipeline, commit, best case, won value and past accuracy are as worked by hand", async () => {
  const t = await createTestApp();
  try {
    t.clock.now = Date.parse("2031-03-15T10:00:00.000Z");
    const admin = await t.tokenFor("admin@acme.test");
    const sales = await t.tokenFor("sales@acme.test");
    const a = await lead(t, admin, {
      stage: "proposal",
      estimated_value: 10_000,
      expected_close_date: "2031-03-20",
      forecast_category: "commit",
    });
    await lead(t, admin, {
      stage: "qualified",
      estimated_value: 5_000,
      expected_close_date: "2031-03-05",
      forecast_category: "best_case",
    });
    const c = await lead(t, sales, {
      stage: "new",
      estimated_value: 2_500,
      expected_close_date: "2031-04-10",
      forecast_category: "pipeline",
    });
    await lead(t, admin, {
      stage: "contacted",
      estimated_value: 4_000,
      expected_close_date: "2031-03-28",
      forecast_category: "omitted",
    });
    await lead(t, sales, {
      stage: "proposal",
      estimated_value: 3_000,
      expected_close_date: "2031-05-02",
      forecast_category: "commit",
    });
    const f = await lead(t, admin, {
      stage: "proposal",
      estimated_value: 7_000,
      expected_close_date: "2031-03-30",
      forecast_category: "commit",
    });
    await jsonOf(
      await t.call("PATCH", `/api/records/lead/${f.id}`, {
        token: admin,
        body: { version: f.version, values: { stage: "won" } },
      }),
    );
    // February: two open leads expected then, snapshotted at its start, and one won then.
    await lead(t, admin, {
      stage: "proposal",
      estimated_value: 6_000,
      expected_close_date: "2031-02-10",
      forecast_category: "commit",
    });
    await lead(t, admin, {
      stage: "qualified",
      estimated_value: 2_000,
      expected_close_date: "2031-02-20",
      forecast_category: "best_case",
    });
    const j = await lead(t, admin, { stage: "proposal", estimated_value: 4_500 });
    await jsonOf(
      await t.call("PATCH", `/api/records/lead/${j.id}`, {
        token: admin,
        body: { version: j.version, values: { stage: "won" } },
      }),
    );
    await t.db.run("UPDATE leads SET won_at = ? WHERE id = ?", [
      "2031-02-18T09:00:00.000Z",
      j.id,
    ]);
    const org = (await t.db.get<{ organization_id: string }>(
      "SELECT organization_id FROM leads WHERE id = ?",
      [a.id],
    ))!.organization_id;
    assertEquals(await snapshotMonth(t.db, org, "2031-02", "2031-02-01T00:10:00.000Z"), 1);
    assertEquals(
      await snapshotMonth(t.db, org, "2031-02", "2031-02-01T01:10:00.000Z"),
      0,
      "a month is snapshotted once",
    );

    const seen = await forecast(t, admin, "months=3&past=2");
    assertEquals(seen.months, [
      {
        month: "2031-03",
        month_label: "March 2031",
        weighted: 8_000,
        commit: 10_000,
        best_case: 15_000,
        won: 7_000,
      },
      {
        month: "2031-04",
        month_label: "April 2031",
        weighted: 250,
        commit: 0,
        best_case: 0,
        won: 0,
      },
      {
        month: "2031-05",
        month_label: "May 2031",
        weighted: 1_800,
        commit: 3_000,
        best_case: 3_000,
        won: 0,
      },
    ]);
    assertEquals(seen.past, [
      {
        month: "2031-02",
        month_label: "February 2031",
        weighted: 4_400,
        commit: 6_000,
        best_case: 8_000,
        won: 4_500,
        snapshotted: true,
        commit_accuracy: 75,
        weighted_accuracy: 102.3,
      },
      {
        month: "2031-01",
        month_label: "January 2031",
        weighted: 0,
        commit: 0,
        best_case: 0,
        won: 0,
        snapshotted: false,
        commit_accuracy: null,
        weighted_accuracy: null,
      },
    ]);
    const byOwner = seen.by_owner.map((r) => [r.month, r.owner, r.weighted, r.commit, r.won]);
    assertEquals(byOwner, [
      ["2031-03", a.owner, 8_000, 10_000, 7_000],
      ["2031-04", c.owner, 250, 0, 0],
      ["2031-05", c.owner, 1_800, 3_000, 0],
    ]);
    ok(seen.by_owner.every((r) => r.owner_name !== "" && !r.owner_name.startsWith("usr")));

    // One owner's forecast: the sales person's leads only.
    const mine = await forecast(t, admin, `months=3&past=0&owner=${c.owner}`);
    assertEquals(mine.months.map((m) => [m.weighted, m.commit, m.best_case, m.won]), [
      [0, 0, 0, 0],
      [250, 0, 0, 0],
      [1_800, 3_000, 3_000, 0],
    ]);
    assertEquals(mine.past, []);
  } finally {
    await t.close();
  }
});

Deno.test("The monthly snapshot writes one row per organisation, month and owner, however many instances take it", async () => {
  const t = await createTestApp();
  const other = t.connect();
  try {
    t.clock.now = Date.parse("2031-06-15T10:00:00.000Z");
    const admin = await t.tokenFor("admin@acme.test");
    const sales = await t.tokenFor("sales@acme.test");
    const mine = await lead(t, admin, {
      stage: "proposal",
      estimated_value: 1_000,
      expected_close_date: "2031-07-03",
      forecast_category: "commit",
    });
    await lead(t, sales, {
      stage: "qualified",
      estimated_value: 500,
      expected_close_date: "2031-07-09",
      forecast_category: "best_case",
    });
    const at = "2031-07-01T00:00:00.000Z";
    const written = await Promise.all([
      takeSnapshots(t.db, at),
      takeSnapshots(other, at),
      takeSnapshots(t.db, at),
    ]);
    const rows = await t.db.all<Record<string, unknown>>(
      `SELECT owner_id, weighted, commit_value, best_case FROM forecast_snapshots
       WHERE month = '2031-07' AND organization_id =
         (SELECT organization_id FROM leads WHERE id = ?) ORDER BY weighted DESC`,
      [mine.id],
    );
    assertEquals(
      rows.map((
        r,
      ) => [r.owner_id, Number(r.weighted), Number(r.commit_value), Number(r.best_case)]),
      [
        [mine.owner, 600, 1_000, 1_000],
        [rows[1]?.owner_id, 200, 0, 500],
      ],
    );
    ok(rows[1].owner_id !== mine.owner);
    const total = await t.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM forecast_snapshots WHERE month = '2031-07'",
    );
    assertEquals(written.reduce((s, n) => s + n, 0), Number(total!.n), "no row written twice");
    assertEquals(await takeSnapshots(t.db, "2031-07-01T05:00:00.000Z"), 0);
  } finally {
    await other.close();
    await t.close();
  }
});

Deno.test("The forecast call refuses bad months and another organisation's owner with a 400 naming the field, and a role without leads", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    await assertInvalidFields(
      await t.call("GET", "/api/sales/forecast?months=0", { token: admin }),
      "months",
    );
    await assertInvalidFields(
      await t.call("GET", "/api/sales/forecast?months=37", { token: admin }),
      "months",
    );
    await assertInvalidFields(
      await t.call("GET", "/api/sales/forecast?past=-1", { token: admin }),
      "past",
    );
    const stranger = await t.db.get<{ user_id: string }>(
      `SELECT user_id FROM user_organizations WHERE user_id NOT IN (
         SELECT user_id FROM user_organizations WHERE organization_id = (
           SELECT organization_id FROM user_organizations u JOIN users s ON s.id = u.user_id
           WHERE s.email = 'admin@acme.test' AND u.is_current = 1))`,
    );
    await assertInvalidFields(
      await t.call("GET", `/api/sales/forecast?owner=${stranger?.user_id ?? "usr_nobody"}`, {
        token: admin,
      }),
      "owner",
    );
    // The screen reads the call: its source answers, its tables name the answer's rows.
    const screen = await jsonOf<{ sources: Record<string, { path: string }> }>(
      await t.call("GET", "/ui/screens/sales-forecasting", { token: admin }),
    );
    const shown = await forecast(t, admin, screen.sources.forecast.path.split("?")[1]);
    assertEquals([shown.months.length, shown.past.length], [6, 3]);
    const member = await t.tokenFor("member@acme.test");
    const leadsRead = await t.call("POST", "/api/records/lead/list", { token: member, body: {} });
    const res = await t.call("GET", "/api/sales/forecast", { token: member });
    if (leadsRead.status === 200) assertEquals(res.status, 200);
    else await errorOf(res, 403, "forbidden");
  } finally {
    await t.close();
  }
});

Deno.test("The demo seed gives every lead an expected close date and category, won leads won_at, and the last three months snapshots", async () => {
  const t = await createTestApp();
  try {
    const unset = await t.db.get<{ n: number }>(
      `SELECT COUNT(*) AS n FROM leads WHERE expected_close_date IS NULL OR forecast_category = ''
         OR (status = 'won' AND won_at IS NULL)`,
    );
    assertEquals(Number(unset!.n), 0);
    const admin = await t.tokenFor("admin@acme.test");
    const seen = await forecast(t, admin, "months=6&past=3");
    ok(seen.months.some((m) => m.weighted > 0 && m.commit > 0), "months ahead are forecast");
    assertEquals(seen.past.map((p) => p.snapshotted), [true, true, true]);
    ok(seen.past.every((p) => p.commit_accuracy !== null), "every past month shows its accuracy");
    // A month an owner won in forecast 5/4 of it: 80% for that owner.
    ok(seen.past.some((p) => p.won > 0));
  } finally {
    await t.close();
  }
});
