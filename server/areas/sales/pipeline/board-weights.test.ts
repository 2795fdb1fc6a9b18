/**
 * The leads board's columns show count, sum and the sum weighted by each stage's
 * probability: the grouped query weighs each lead's value by its stage's
 * probability (a sum with `weight: "stage"`), so the figures follow the
 * organisation's stage settings at once; the board descriptor offers the weighting.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { assertInvalidFields, jsonOf } from "../../../testing/http-assertions.ts";

interface Row {
  stage: string;
  count: number;
  sum: number;
  weighted: number;
}

const GROUPED = {
  group_by: [{ field: "stage" }],
  aggregates: [
    { fn: "count", as: "count" },
    { fn: "sum", field: "estimated_value", as: "sum" },
    { fn: "sum", field: "estimated_value", weight: "stage", as: "weighted" },
  ],
  filters: [{ field: "company", op: "eq", value: "Weighting Works" }],
  sort: [{ field: "stage", dir: "asc" }],
};

async function columns(t: TestApp, token: string): Promise<Row[]> {
  const { rows } = await jsonOf<{ rows: Row[] }>(
    await t.call("POST", "/api/records/lead/query", { token, body: GROUPED }),
  );
  return rows.map((r) => ({
    stage: r.stage,
    count: Number(r.count),
    sum: Number(r.sum),
    weighted: Number(r.weighted),
  }));
}

async function lead(t: TestApp, token: string, stage: string, value: number): Promise<void> {
  await jsonOf(
    await t.call("POST", "/api/records/lead", {
      token,
      body: {
        values: {
          name: `${stage} ${value}`,
          company: "Weighting Works",
          source: "website",
          stage,
          estimated_value: value,
          ...(stage === "lost" ? { lost_reason: "price" } : {}),
        },
      },
    }),
    201,
  );
}

Deno.test("the grouped query weighs each stage's value by its probability, following a changed probability", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const sales = await t.tokenFor("sales@acme.test");
    await lead(t, sales, "new", 1000);
    await lead(t, sales, "new", 3000);
    await lead(t, sales, "proposal", 5000);
    await lead(t, sales, "lost", 2000);
    await lead(t, admin, "won", 1500);
    // new: 4,000 × 10% = 400; proposal: 5,000 × 60% = 3,000; lost: × 0%; won: × 100%.
    assertEquals(await columns(t, sales), [
      { stage: "lost", count: 1, sum: 2000, weighted: 0 },
      { stage: "new", count: 2, sum: 4000, weighted: 400 },
      { stage: "proposal", count: 1, sum: 5000, weighted: 3000 },
      { stage: "won", count: 1, sum: 1500, weighted: 1500 },
    ]);

    const { items } = await jsonOf<{ items: { id: string; version: number; code: string }[] }>(
      await t.call("POST", "/api/records/lead_stage/list", {
        token: admin,
        body: { filters: [{ field: "code", op: "eq", value: "proposal" }] },
      }),
    );
    await jsonOf(
      await t.call("PATCH", `/api/records/lead_stage/${items[0].id}`, {
        token: admin,
        body: { version: items[0].version, values: { probability: 75 } },
      }),
    );
    // 5,000 × 75% = 3,750.
    const after = await columns(t, sales);
    assertEquals(after.find((r) => r.stage === "proposal")?.weighted, 3750);
  } finally {
    await t.close();
  }
});

Deno.test("a weighted sum is refused 400 naming aggregates for a field without weights or a function other than sum", async () => {
  const t = await createTestApp();
  try {
    const sales = await t.tokenFor("sales@acme.test");
    for (
      const aggregate of [
        { fn: "sum", field: "estimated_value", weight: "source", as: "w" },
        { fn: "avg", field: "estimated_value", weight: "stage", as: "w" },
      ]
    ) {
      await assertInvalidFields(
        await t.call("POST", "/api/records/lead/query", {
          token: sales,
          body: { group_by: [{ field: "stage" }], aggregates: [aggregate] },
        }),
        "aggregates",
      );
    }
  } finally {
    await t.close();
  }
});

Deno.test("the leads board offers the stage as its weighted default field", async () => {
  const t = await createTestApp();
  try {
    const sales = await t.tokenFor("sales@acme.test");
    const screen = await jsonOf<{ body: unknown }>(
      await t.call("GET", "/ui/screens/leads", { token: sales }),
    );
    const list = findNode(screen.body, "record-list") as {
      board: { fields: { id: string; weighted?: boolean }[]; sum?: { field: string } };
    };
    assertEquals(list.board.fields[0].id, "stage");
    assertEquals(list.board.fields[0].weighted, true);
    assertEquals(list.board.sum?.field, "estimated_value");
  } finally {
    await t.close();
  }
});

function findNode(node: unknown, type: string): unknown {
  if (Array.isArray(node)) {
    for (const n of node) {
      const found = findNode(n, type);
      if (found) return found;
    }
    return undefined;
  }
  if (node && typeof node === "object") {
    if ((node as { type?: string }).type === type) return node;
    for (const value of Object.values(node)) {
      const found = findNode(value, type);
      if (found) return found;
    }
  }
  return undefined;
}
