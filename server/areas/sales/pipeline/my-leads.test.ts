/**
 * `my-leads` is the caller's own leads: the leads list confined to the leads the
 * caller owns, with the pipeline board, and a lead made there is the caller's.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../../../testing/test-app.ts";
import { jsonOf } from "../../../testing/http-assertions.ts";
import { PEOPLE } from "../../../db/seed/demo-people.ts";

interface ListNode {
  type: string;
  api: string;
  fixedFilters?: { field: string; op: string; value: unknown }[];
  board?: { fields: { id: string; weighted?: boolean }[] };
}

function findList(node: unknown): ListNode | undefined {
  if (Array.isArray(node)) return node.map(findList).find((n) => n !== undefined);
  if (node && typeof node === "object") {
    if ((node as { type?: string }).type === "record-list") return node as ListNode;
    return Object.values(node).map(findList).find((n) => n !== undefined);
  }
  return undefined;
}

Deno.test("GET /ui/screens/my-leads is the leads list confined to the caller's own leads, with the weighted board", async () => {
  const t = await createTestApp();
  try {
    const sales = await t.tokenFor("sales@acme.test");
    const screen = await jsonOf<{ body: unknown }>(
      await t.call("GET", "/ui/screens/my-leads", { token: sales }),
    );
    const list = findList(screen.body);
    ok(list, "a record list");
    assertEquals(list.api, "/api/records/lead");
    assertEquals(list.fixedFilters, [{ field: "owner", op: "eq", value: "@me" }]);
    assertEquals(list.board?.fields[0], {
      ...list.board?.fields[0],
      id: "stage",
      weighted: true,
    });
  } finally {
    await t.close();
  }
});

Deno.test("the my-leads list answers only the caller's leads, and another's lead is not among them", async () => {
  const t = await createTestApp();
  try {
    const sales = await t.tokenFor("sales@acme.test");
    const admin = await t.tokenFor("admin@acme.test");
    const me = PEOPLE.find((p) => p.email === "sales@acme.test")!.id;
    const mine = await jsonOf<{ record: { id: string; owner: string } }>(
      await t.call("POST", "/api/records/lead", {
        token: sales,
        body: { values: { name: "Mine Only", source: "website" } },
      }),
      201,
    );
    assertEquals(mine.record.owner, me);
    const theirs = await jsonOf<{ record: { id: string } }>(
      await t.call("POST", "/api/records/lead", {
        token: admin,
        body: { values: { name: "Not Mine", source: "website" } },
      }),
      201,
    );
    const { items } = await jsonOf<{ items: { id: string; owner: string }[] }>(
      await t.call("POST", "/api/records/lead/list", {
        token: sales,
        body: { filters: [{ field: "owner", op: "eq", value: "@me" }], limit: 500 },
      }),
    );
    ok(items.length > 0);
    ok(items.every((l) => l.owner === me), "only the caller's leads");
    ok(items.some((l) => l.id === mine.record.id));
    ok(!items.some((l) => l.id === theirs.record.id));
  } finally {
    await t.close();
  }
});
