/**
 * Competitive intelligence counts won and lost deals, the deals lost to each
 * competitor and the reasons, with the queries its screen declares, run through
 * the engine's query call with the caller's permissions. The figures are checked
 * against numbers worked by hand from leads the test makes (the seeded leads count
 * too, so won and lost figures are compared as they change).
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { errorOf, jsonOf } from "../../../testing/http-assertions.ts";

interface QueryCard {
  type: "query-card";
  title: string;
  queryPath: string;
  query: Record<string, unknown>;
}

type Row = Record<string, unknown>;

function cardsOf(node: unknown, found: QueryCard[] = []): QueryCard[] {
  if (Array.isArray(node)) node.forEach((n) => cardsOf(n, found));
  else if (node && typeof node === "object") {
    const n = node as Record<string, unknown>;
    if (n.type === "query-card") found.push(n as unknown as QueryCard);
    else Object.values(n).forEach((v) => cardsOf(v, found));
  }
  return found;
}

async function figures(t: TestApp, token: string): Promise<Map<string, Row[]>> {
  const screen = await jsonOf(
    await t.call("GET", "/ui/screens/competitive-intelligence", { token }),
  );
  const out = new Map<string, Row[]>();
  for (const card of cardsOf(screen.body)) {
    const { rows } = await jsonOf<{ rows: Row[] }>(
      await t.call("POST", card.queryPath, { token, body: card.query }),
    );
    out.set(card.title, rows);
  }
  return out;
}

function rowOf(rows: Row[] | undefined, field: string, value: string): Row {
  return rows?.find((r) => r[field] === value) ??
    { count: 0, sum_estimated_value: 0, avg_estimated_value: null };
}

async function lead(
  t: TestApp,
  token: string,
  values: Record<string, unknown>,
): Promise<void> {
  await jsonOf(
    await t.call("POST", "/api/records/lead", {
      token,
      body: { values: { source: "referral", ...values } },
    }),
    201,
  );
}

Deno.test("Competitive intelligence counts deals won and lost, lost by competitor and by reason, as worked by hand", async () => {
  const t = await createTestApp();
  try {
    const sales = await t.tokenFor("sales@acme.test");
    const admin = await t.tokenFor("admin@acme.test");
    const before = await figures(t, sales);
    assertEquals([...before.keys()], [
      "Won and lost deals",
      "Deals lost by competitor",
      "Deals lost by reason",
      "Value lost by competitor",
    ]);
    // The seed gives every lost lead a reason, and some a competitor.
    ok((before.get("Deals lost by competitor") ?? []).length > 0, "seeded losses to competitors");
    ok(!(before.get("Deals lost by reason") ?? []).some((r) => r.lost_reason === null));

    const { record: rival } = await jsonOf<{ record: { id: string } }>(
      await t.call("POST", "/api/records/competitor", {
        token: sales,
        body: { values: { name: "Rival Works", threat_level: "high" } },
      }),
      201,
    );
    const lost = (name: string, value: number, reason: string, to?: string) =>
      lead(t, sales, {
        name,
        stage: "lost",
        estimated_value: value,
        lost_reason: reason,
        ...(to ? { lost_to: to } : {}),
      });
    await lost("Lost One", 10_000, "price", rival.id);
    await lost("Lost Two", 20_000, "chose_competitor", rival.id);
    await lost("Lost Three", 4_500, "chose_competitor", rival.id);
    await lost("Lost Four", 7_000, "timing");
    await lead(t, admin, { name: "Won One", stage: "won", estimated_value: 30_000 });
    await lead(t, admin, { name: "Won Two", stage: "won", estimated_value: 12_000 });
    // Open leads count nowhere.
    await lead(t, sales, { name: "Still Open", stage: "proposal", estimated_value: 99_000 });

    const after = await figures(t, sales);
    const byCompetitor = after.get("Deals lost by competitor");
    assertEquals(rowOf(byCompetitor, "lost_to", rival.id), {
      lost_to: rival.id,
      lost_to__title: "Rival Works",
      count: 3,
      sum_estimated_value: 34_500,
      avg_estimated_value: 11_500,
    });
    assertEquals(
      rowOf(after.get("Value lost by competitor"), "lost_to", rival.id).sum_estimated_value,
      34_500,
    );

    const reason = (rows: Map<string, Row[]>, code: string) => {
      const row = rowOf(rows.get("Deals lost by reason"), "lost_reason", code);
      return [row.count, row.sum_estimated_value];
    };
    const delta = (code: string) => {
      const [c0, s0] = reason(before, code) as number[];
      const [c1, s1] = reason(after, code) as number[];
      return [c1 - c0, s1 - s0];
    };
    assertEquals(delta("price"), [1, 10_000]);
    assertEquals(delta("chose_competitor"), [2, 24_500]);
    assertEquals(delta("timing"), [1, 7_000]);
    assertEquals(delta("no_budget"), [0, 0]);

    const stage = (rows: Map<string, Row[]>, code: string) =>
      rowOf(rows.get("Won and lost deals"), "stage", code);
    for (const [code, count, sum] of [["won", 2, 42_000], ["lost", 4, 41_500]] as const) {
      const b = stage(before, code);
      const a = stage(after, code);
      assertEquals(Number(a.count) - Number(b.count), count, `${code} count`);
      assertEquals(Number(a.sum_estimated_value) - Number(b.sum_estimated_value), sum);
      assertEquals(
        Math.round(Number(a.avg_estimated_value) * 100) / 100,
        Math.round(Number(a.sum_estimated_value) / Number(a.count) * 100) / 100,
        `${code} average deal size`,
      );
    }
  } finally {
    await t.close();
  }
});

Deno.test("Competitive intelligence is for those who read leads: a member is refused the screen and the figures", async () => {
  const t = await createTestApp();
  try {
    const member = await t.tokenFor("member@acme.test");
    await errorOf(
      await t.call("GET", "/ui/screens/competitive-intelligence", { token: member }),
      403,
      "forbidden",
    );
    await errorOf(
      await t.call("POST", "/api/records/lead/query", {
        token: member,
        body: { group_by: [{ field: "lost_to" }], aggregates: [{ fn: "count", as: "count" }] },
      }),
      403,
      "forbidden",
    );
    const globex = await t.tokenFor("admin@globex.test");
    const theirs = await figures(t, globex);
    // Another organisation's figures never name Acme's competitors.
    for (const row of theirs.get("Deals lost by competitor") ?? []) {
      ok(String(row.lost_to).startsWith("cmp_globex_"), String(row.lost_to));
    }
  } finally {
    await t.close();
  }
});
