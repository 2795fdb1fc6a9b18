/**
 * A record list's board, as the server describes it and as the board asks for it:
 * the fields offered with their labelled columns, the sum and the card fields, from
 * the declaration and the caller's fields; saved views remembering the board; and the
 * one grouped query of the columns' counts and sums.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../../testing/test-app.ts";
import { errorOf, jsonOf } from "../../testing/http-assertions.ts";
import type { NodeLike } from "../../../schemas/descriptor/widgets.ts";
import type { BoardSetup } from "../../../schemas/descriptor/record-widgets.ts";

function findNode(node: unknown, type: string): NodeLike | undefined {
  if (node === null || typeof node !== "object") return undefined;
  const n = node as NodeLike;
  if (n.type === type) return n;
  for (const child of (n.children as unknown[] | undefined) ?? []) {
    const found = findNode(child, type);
    if (found) return found;
  }
  return undefined;
}

Deno.test("GET /ui/screens/leads offers a board by stage first, with the stage's labelled columns, the value's sum and the card fields", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("sales@acme.test");
    const screen = await jsonOf<{ body: unknown }>(
      await t.call("GET", "/ui/screens/leads", { token }),
    );
    const list = findNode(screen.body, "record-list");
    ok(list, "the leads screen has a record list");
    const board = list.board as BoardSetup;
    // The pipeline first; then the organisation's lists (lead source, lost reason), then links.
    assertEquals(
      board.fields.map((f) => f.id),
      ["stage", "forecast_category", "source", "lost_reason", "lost_to", "owner"],
    );
    assertEquals(board.fields[0].label, "Stage");
    assertEquals(
      board.fields[0].columns?.map((c) => [c.value, c.label, c.tone]),
      [
        ["new", "New", "info"],
        ["contacted", "Contacted", "info"],
        ["qualified", "Qualified", "warning"],
        ["proposal", "Proposal sent", "warning"],
        ["won", "Won", "success"],
        ["lost", "Lost", "danger"],
      ],
    );
    // A link's columns are the values its records hold: none are declared.
    assertEquals(board.fields[2].columns, undefined);
    assertEquals(board.sum, { field: "estimated_value", label: "Estimated value" });
    ok(!board.cards.includes("name"), "the title is the card's heading, not a line of it");
    ok(board.cards.includes("estimated_value"));
    assertEquals(board.rank, "board_rank");
    ok(!board.cards.includes("board_rank"), "the order key is nothing a card shows");
  } finally {
    await t.close();
  }
});

Deno.test("A related list on a form stays a list: it offers no board", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const { items } = await jsonOf<{ items: { id: string }[] }>(
      await t.call("POST", "/api/records/client/list", { token, body: { limit: 1 } }),
    );
    ok(items[0]);
    const routes = await jsonOf<{ routes: { path: string; screen: string }[] }>(
      await t.call("GET", "/ui/routes", { token }),
    );
    const clientForm = routes.routes.find((r) => /clients?\/:id$/.test(r.path));
    ok(clientForm, "clients have a form route");
    const screen = await jsonOf<{ body: unknown }>(
      await t.call("GET", `/ui/screens/${clientForm.screen}?id=${items[0].id}`, { token }),
    );
    const body = JSON.stringify(screen.body);
    ok(body.includes('"compact":true'), "the client's form has related lists");
    ok(!body.includes('"board":'), "no board on a compact list");
    const list = await jsonOf<{ body: unknown }>(
      await t.call("GET", "/ui/screens/leads", { token }),
    );
    ok(findNode(list.body, "record-list")?.board, "the module's own list has one");
  } finally {
    await t.close();
  }
});

Deno.test("A saved view remembers the board and its field; a field the list has no board by is refused naming it", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("sales@acme.test");
    const saved = await jsonOf<{ view: { id: string; layout: string; board_field: string } }>(
      await t.call("POST", "/api/records/lead/views", {
        token,
        body: { label: "Pipeline", layout: "board", board_field: "stage" },
      }),
      201,
    );
    assertEquals([saved.view.layout, saved.view.board_field], ["board", "stage"]);
    const { views } = await jsonOf<
      { views: { id: string; layout?: string; board_field?: string }[] }
    >(
      await t.call("GET", "/api/records/lead/views", { token }),
    );
    const again = views.find((v) => v.id === saved.view.id);
    assertEquals([again?.layout, again?.board_field], ["board", "stage"]);
    // Another user does not see it.
    const admin = await t.tokenFor("admin@acme.test");
    const theirs = await jsonOf<{ views: { id: string }[] }>(
      await t.call("GET", "/api/records/lead/views", { token: admin }),
    );
    ok(!theirs.views.some((v) => v.id === saved.view.id));

    const refused = await errorOf(
      await t.call("POST", "/api/records/lead/views", {
        token,
        body: { label: "By email", layout: "board", board_field: "email" },
      }),
      400,
      "invalid_input",
    );
    ok((refused.details as { fields: Record<string, string> }).fields.board_field);
  } finally {
    await t.close();
  }
});

Deno.test("The board's columns are one grouped query: counts and sums by stage add up to the list", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("sales@acme.test");
    const { rows } = await jsonOf<{ rows: { stage: string; count: number; sum: number }[] }>(
      await t.call("POST", "/api/records/lead/query", {
        token,
        body: {
          group_by: [{ field: "stage" }],
          aggregates: [{ fn: "count", as: "count" }, {
            fn: "sum",
            field: "estimated_value",
            as: "sum",
          }],
        },
      }),
    );
    // A board by a link: its columns are named by the linked records' titles.
    const byOwner = await jsonOf<{ rows: Record<string, unknown>[] }>(
      await t.call("POST", "/api/records/lead/query", {
        token,
        body: { group_by: [{ field: "owner" }], aggregates: [{ fn: "count", as: "count" }] },
      }),
    );
    ok(byOwner.rows.some((r) => r.owner === "usr_acme_sales" && r.owner__title === "Sara Lopez"));
    const list = await jsonOf<{ total: { count: number } }>(
      await t.call("POST", "/api/records/lead/list", { token, body: { limit: 1 } }),
    );
    assertEquals(rows.reduce((n, r) => n + r.count, 0), list.total.count);
    const newLeads = await jsonOf<{ items: { estimated_value: number }[] }>(
      await t.call("POST", "/api/records/lead/list", {
        token,
        body: { filters: [{ field: "stage", op: "eq", value: "new" }], limit: 500 },
      }),
    );
    const newRow = rows.find((r) => r.stage === "new");
    assertEquals(newRow?.count, newLeads.items.length);
    assertEquals(
      Math.round((newRow?.sum ?? 0) * 100),
      Math.round(newLeads.items.reduce((s, l) => s + l.estimated_value, 0) * 100),
    );
  } finally {
    await t.close();
  }
});

Deno.test("A card put between two others of a column is one PATCH of its stage and order key, and the column reads it there", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("sales@acme.test");
    const column = async (stage: string) =>
      (await jsonOf<{ items: { id: string; version: number; board_rank: string }[] }>(
        await t.call("POST", "/api/records/lead/list", {
          token,
          body: {
            filters: [{ field: "stage", op: "eq", value: stage }],
            sort: [{ field: "board_rank", dir: "desc" }],
            fields: ["board_rank", "version"],
            limit: 20,
          },
        }),
      )).items;
    const contacted = await column("contacted");
    ok(contacted.length >= 2);
    const ranks = contacted.map((l) => l.board_rank);
    assertEquals(ranks, [...ranks].sort().reverse(), "highest first");
    assertEquals(new Set(ranks).size, ranks.length, "every seeded lead has a place of its own");
    const [lead] = await column("new");
    // Between the first and second card of Contacted: a key between theirs.
    const key = `${contacted[1].board_rank}m`;
    ok(key > contacted[1].board_rank && key < contacted[0].board_rank);
    await jsonOf(
      await t.call("PATCH", `/api/records/lead/${lead.id}`, {
        token,
        body: { version: lead.version, values: { stage: "contacted", board_rank: key } },
      }),
    );
    const after = await column("contacted");
    assertEquals(after.slice(0, 3).map((l) => l.id), [contacted[0].id, lead.id, contacted[1].id]);
    // A new lead comes first on the board: its key is the moment it was made.
    const created = await jsonOf<{ record: { id: string; board_rank: string } }>(
      await t.call("POST", "/api/records/lead", {
        token,
        body: { values: { name: "Newest Lead", source: "website", stage: "contacted" } },
      }),
      201,
    );
    assertEquals((await column("contacted"))[0].id, created.record.id);
  } finally {
    await t.close();
  }
});
