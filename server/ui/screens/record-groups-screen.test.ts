/**
 * A record list's groups, as the server describes them and as the groups view asks
 * for them: the fields offered (what the caller may filter by, a date by month,
 * the status of a type with states) and the figures summed; a saved view keeping
 * its groups, a field the list has no groups by refused naming it; and the grouped
 * query the view sends answering each group's count and sums over the caller's
 * own records.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../../testing/test-app.ts";
import { assertInvalidFields, jsonOf } from "../../testing/http-assertions.ts";
import type { NodeLike } from "../../../schemas/descriptor/widgets.ts";
import type { GroupSetup } from "../../../schemas/descriptor/record-widgets.ts";

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

type App = Awaited<ReturnType<typeof createTestApp>>;

async function groupsOf(t: App, email: string, screen: string) {
  const body = await jsonOf<{ body: unknown }>(
    await t.call("GET", `/ui/screens/${screen}`, { token: await t.tokenFor(email) }),
  );
  return findNode(body.body, "record-list")?.groups as GroupSetup | undefined;
}

Deno.test("a list offers groups by the fields its caller may filter by, with its figures summed", async () => {
  const t = await createTestApp();
  try {
    const leads = await groupsOf(t, "sales@acme.test", "leads");
    ok(leads, "the leads list offers groups");
    const ids = leads.fields.map((f) => f.id);
    for (const id of ["stage", "source", "owner"]) ok(ids.includes(id), `leads by ${id}: ${ids}`);
    assertEquals(leads.sums.map((s) => s.id), ["estimated_value"]);
    const invoices = await groupsOf(t, "finance@acme.test", "invoices");
    ok(invoices, "the invoices list offers groups");
    ok(invoices.fields.some((f) => f.id === "issue_date" && f.date), "a date is grouped by month");
    ok(invoices.fields.some((f) => f.id === "status"), "by the invoice's status");
    assertEquals(invoices.sums.length, 3);
  } finally {
    await t.close();
  }
});

Deno.test("a saved view keeps its groups; a field the list has no groups by is refused naming it", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("sales@acme.test");
    const saved = await jsonOf<{ view: { layout: string; group_fields: string[] } }>(
      await t.call("POST", "/api/records/lead/views", {
        token,
        body: { label: "By stage and source", layout: "groups", group_fields: ["stage", "source"] },
      }),
      201,
    );
    assertEquals([saved.view.layout, saved.view.group_fields], ["groups", ["stage", "source"]]);
    const views = await jsonOf<{ views: { label: string; group_fields?: string[] }[] }>(
      await t.call("GET", "/api/records/lead/views", { token }),
    );
    assertEquals(
      views.views.find((v) => v.label === "By stage and source")?.group_fields,
      ["stage", "source"],
    );
    await assertInvalidFields(
      await t.call("POST", "/api/records/lead/views", {
        token,
        body: { label: "By email", layout: "groups", group_fields: ["email"] },
      }),
      "group_fields",
    );
    await assertInvalidFields(
      await t.call("POST", "/api/records/lead/views", {
        token,
        body: { label: "Too many", layout: "groups", group_fields: ["stage", "source", "owner"] },
      }),
      "group_fields",
    );
    const after = await jsonOf<{ views: { label: string }[] }>(
      await t.call("GET", "/api/records/lead/views", { token }),
    );
    ok(!after.views.some((v) => v.label === "By email" || v.label === "Too many"), "none stored");
  } finally {
    await t.close();
  }
});

Deno.test("the groups view's query counts and sums each group over the caller's own records", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("sales@acme.test");
    const query = {
      group_by: [{ field: "stage" }],
      aggregates: [
        { fn: "count", as: "count" },
        { fn: "sum", field: "estimated_value", as: "sum_estimated_value" },
      ],
      sort: [{ field: "stage", dir: "asc" }],
      limit: 2000,
    };
    const { rows } = await jsonOf<{ rows: { stage: string; count: number }[] }>(
      await t.call("POST", "/api/records/lead/query", { token, body: query }),
    );
    const list = await jsonOf<{ total: { count: number } }>(
      await t.call("POST", "/api/records/lead/list", { token, body: { limit: 1 } }),
    );
    assertEquals(rows.reduce((n, r) => n + r.count, 0), list.total.count);
    assertEquals(rows.map((r) => r.stage), [...rows.map((r) => r.stage)].sort());
  } finally {
    await t.close();
  }
});
