/**
 * One visibility for every read surface (DESIGN.md §9): for each demo role and each
 * record type the role reads, the list, the query (records, and a count) and the
 * CSV export hold the same records in the same order — the own-record rules of
 * members and sales, the level-1 fields, the derived status. Runs on SQLite and,
 * with TEST_DATABASE_URL, on PostgreSQL.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../testing/test-app.ts";
import { jsonOf } from "../testing/http-assertions.ts";
import { parseCsv } from "./csv/mod.ts";

type Row = Record<string, unknown>;

const ROLES = [
  "admin@acme.test",
  "pm@acme.test",
  "sales@acme.test",
  "finance@acme.test",
  "member@acme.test",
  "admin@globex.test",
];

Deno.test("every role's list, query and export of every type it reads hold the same records in the same order", async () => {
  const t = await createTestApp();
  try {
    let compared = 0;
    for (const email of ROLES) {
      const token = await t.tokenFor(email);
      const { types } = await jsonOf<{ types: { id: string }[] }>(
        await t.call("GET", "/api/records/types", { token }),
        200,
      );
      ok(types.length > 0, `${email} reads some types`);
      for (const { id: type } of types) {
        const listed: Row[] = [];
        let cursor: string | undefined;
        do {
          const page = await jsonOf<{ items: Row[]; next_cursor: string | null }>(
            await t.call("POST", `/api/records/${type}/list`, {
              token,
              body: { limit: 500, ...(cursor ? { cursor } : {}) },
            }),
            200,
          );
          listed.push(...page.items);
          cursor = page.next_cursor ?? undefined;
        } while (cursor);
        const { rows } = await jsonOf<{ rows: Row[] }>(
          await t.call("POST", `/api/records/${type}/query`, { token, body: { limit: 10_000 } }),
          200,
        );
        const ids = listed.map((r) => r.id);
        assertEquals(rows.map((r) => r.id), ids, `${email} ${type}: query rows`);
        // Each value the query shows is the list's (the list's columns the caller may read).
        for (const [i, row] of rows.entries()) {
          for (const [name, value] of Object.entries(row)) {
            assertEquals(value, listed[i][name], `${email} ${type} ${row.id} ${name}`);
          }
        }
        const [count] = (await jsonOf<{ rows: Row[] }>(
          await t.call("POST", `/api/records/${type}/query`, {
            token,
            body: { aggregates: [{ fn: "count", as: "n" }] },
          }),
          200,
        )).rows;
        assertEquals(count.n, ids.length, `${email} ${type}: count`);
        const exported = await t.call("GET", `/api/records/${type}/export?format=csv`, { token });
        if (exported.status === 200) {
          const [header, ...lines] = parseCsv(await exported.text());
          assertEquals(header.cells[0], "ID");
          assertEquals(lines.map((l) => l.cells[0]), ids, `${email} ${type}: export`);
        } else {
          assertEquals(exported.status, 403, `${email} ${type}: export refused, not failed`);
          await exported.body?.cancel();
        }
        compared++;
      }
    }
    ok(compared > 30, `compared ${compared} role and type pairs`);
  } finally {
    await t.close();
  }
});
