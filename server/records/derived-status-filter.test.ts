/**
 * A filter on a derived status (an invoice's Overdue, a type's rules over its fields)
 * is compiled to the rules' own conditions so indexes answer it (derived-status-sql.ts
 * `derivedStatusIn`); it must select exactly the records whose shown status is the one
 * asked, as the CASE each row shows computes it. For every type the administrator reads,
 * each status its records show, and two at once, on SQLite and PostgreSQL.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../testing/test-app.ts";
import { jsonOf } from "../testing/http-assertions.ts";

type Row = Record<string, unknown>;

Deno.test("a filter on the shown status selects exactly the records showing it, by eq and by in", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const { types } = await jsonOf<{ types: { id: string }[] }>(
      await t.call("GET", "/api/records/types", { token }),
      200,
    );
    const list = async (type: string, filters: Row[]) => {
      const rows: Row[] = [];
      let cursor: string | undefined;
      do {
        const page = await jsonOf<{ items: Row[]; next_cursor: string | null }>(
          await t.call("POST", `/api/records/${type}/list`, {
            token,
            body: { filters, limit: 500, ...(cursor ? { cursor } : {}) },
          }),
          200,
        );
        rows.push(...page.items);
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
      return rows;
    };
    const idsOf = (rows: Row[]) => rows.map((r) => r.id).sort();
    let derived = 0;
    for (const { id: type } of types) {
      const all = await list(type, []);
      const shown = [...new Set(all.map((r) => r.status).filter((s) => typeof s === "string"))];
      if (shown.length === 0) continue;
      for (const status of shown) {
        assertEquals(
          idsOf(await list(type, [{ field: "status", op: "eq", value: status }])),
          idsOf(all.filter((r) => r.status === status)),
          `${type}: status eq ${status}`,
        );
      }
      const two = shown.slice(0, 2);
      assertEquals(
        idsOf(await list(type, [{ field: "status", op: "in", value: two }])),
        idsOf(all.filter((r) => two.includes(r.status as string))),
        `${type}: status in ${two}`,
      );
      if (type === "invoice") derived = shown.length;
    }
    ok(derived >= 3, `the demo invoices show several derived statuses (${derived})`);
    // A status no rule gives matches nothing, as the CASE never shows it.
    assertEquals(await list("invoice", [{ field: "status", op: "eq", value: "x' OR 1=1 --" }]), []);
  } finally {
    await t.close();
  }
});
