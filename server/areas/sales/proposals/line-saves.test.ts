/**
 * Saving a proposal whose form sends every line back writes only the lines that
 * changed (server/records/engine/unchanged-rows.ts, child-row-writes.ts): a line
 * sent back as stored keeps its stored row (the same physical row: SQLite's
 * rowid, PostgreSQL's ctid), while the changed, moved, new and removed lines are
 * written; the totals count every line; and a line whose tax template now gives
 * another rate is not kept but priced again. Runs on SQLite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
import { deepStrictEqual as assertEquals, notDeepStrictEqual, ok } from "node:assert/strict";
import { createTestApp } from "../../../testing/test-app.ts";
import { jsonOf } from "../../../testing/http-assertions.ts";

type Json = Record<string, unknown>;
type Line = Json & { id: string };

const BASE = "/api/records/proposal";

Deno.test("a proposal's save writes only the lines that changed, and prices them all", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const template = await t.db.get<{ id: string; exclusive_rate: number }>(
      `SELECT id, exclusive_rate FROM tax_templates
        WHERE organization_id = 'org_acme' AND exclusive_rate > 0 AND inclusive_rate = 0
        ORDER BY id LIMIT 1`,
    );
    ok(template, "the demo has a tax template that adds tax");
    const lines = Array.from({ length: 6 }, (_, n) => ({
      description: `Package ${n + 1}`,
      quantity: n + 1,
      rate: 100,
      ...(n === 5 ? { tax_template: template.id } : {}),
    }));
    let { record } = await jsonOf<{ record: Json }>(
      await t.call("POST", BASE, {
        token,
        body: { values: { title: "Kept lines", client: "cli_northwind", lines } },
      }),
      201,
    );
    const physical = async () => {
      const identity = t.db.dialect === "postgres" ? "ctid::text" : "CAST(rowid AS TEXT)";
      const rows = await t.db.all<{ id: string; at: string; idx: number }>(
        `SELECT id, ${identity} AS at, idx FROM proposal_lines WHERE proposal_id = ? ORDER BY idx`,
        [record.id as string],
      );
      return new Map(rows.map((r) => [r.id, r]));
    };
    const save = async (values: Json) => {
      const res = await t.call("PATCH", `${BASE}/${record.id}`, {
        token,
        body: { version: record.version, values },
      });
      record = (await jsonOf<{ record: Json }>(res)).record;
    };

    // One quantity changed, every line sent back as the form sends it.
    const before = await physical();
    const sent = (record.lines as Line[]).map((line) => ({ ...line }));
    sent[2].quantity = 10;
    await save({ lines: sent });
    const after = await physical();
    const saved = record.lines as Line[];
    assertEquals(saved.map((l) => l.id), sent.map((l) => l.id), "every line keeps its id");
    for (const line of sent) {
      const same = before.get(line.id)!.at === after.get(line.id)!.at;
      assertEquals(same, line !== sent[2], `${line.description} kept: ${same}`);
    }
    assertEquals(saved[2].amount, 1000);
    const tax = Math.round(600 * template.exclusive_rate) / 100;
    assertEquals(record.net_total, 100 + 200 + 1000 + 400 + 500 + 600);
    assertEquals(record.tax_total, tax);

    // Moved, removed and added lines: positions follow what was sent.
    const [first, second, third, fourth, fifth, sixth] = record.lines as Line[];
    await save({
      lines: [second, first, third, { description: "Package 7", quantity: 1, rate: 50 }, sixth],
    });
    const moved = await physical();
    assertEquals(
      (record.lines as Line[]).map((l) => l.description),
      ["Package 2", "Package 1", "Package 3", "Package 7", "Package 6"],
    );
    assertEquals([...moved.values()].map((r) => r.idx), [0, 1, 2, 3, 4]);
    ok(!moved.has(fourth.id) && !moved.has(fifth.id), "the removed lines are gone");
    assertEquals(record.net_total, 200 + 100 + 1000 + 50 + 600);

    // The tax template now adds another rate: the line using it is priced again.
    await t.db.run("UPDATE tax_templates SET exclusive_rate = exclusive_rate + 10 WHERE id = ?", [
      template.id,
    ]);
    const repriced = await physical();
    await save({ title: "Kept lines, repriced", lines: record.lines });
    const last = (record.lines as Line[]).at(-1)!;
    assertEquals(last.exclusive_rate, template.exclusive_rate + 10);
    assertEquals(record.tax_total, Math.round(600 * (template.exclusive_rate + 10)) / 100);
    notDeepStrictEqual((await physical()).get(last.id)!.at, repriced.get(last.id)!.at);

    // Sent back unchanged, the lines are no change at all: the history notes only the title.
    await save({ title: "Kept lines, again", lines: record.lines });
    const audits = await t.db.all<{ after_value: string }>(
      "SELECT after_value FROM audit_logs WHERE resource_id = ? AND after_value LIKE ?",
      [record.id as string, "%Kept lines, again%"],
    );
    assertEquals(audits.length, 1);
    ok(!audits[0].after_value.includes('"lines"'), audits[0].after_value);
  } finally {
    await t.close();
  }
});

Deno.test("a line sent back with a value it cannot hold is checked, not kept", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const { record } = await jsonOf<{ record: Json }>(
      await t.call("POST", BASE, {
        token,
        body: {
          values: {
            title: "Checked lines",
            client: "cli_northwind",
            lines: [{ description: "A", quantity: 1, rate: 10 }],
          },
        },
      }),
      201,
    );
    const [line] = record.lines as Line[];
    for (const bad of [{ quantity: "1" }, { quantity: -1 }, { optional: "yes" }, { colour: 1 }]) {
      const res = await t.call("PATCH", `${BASE}/${record.id}`, {
        token,
        body: { version: record.version, values: { lines: [{ ...line, ...bad }] } },
      });
      assertEquals(res.status, 400, JSON.stringify(bad));
      const { error } = await res.json();
      const [field] = Object.keys(bad);
      ok(Object.keys(error.details.fields).includes(`lines[0].${field}`), JSON.stringify(error));
    }
    const stored = await t.db.get<{ version: number }>(
      "SELECT version FROM proposals WHERE id = ?",
      [record.id as string],
    );
    assertEquals(stored?.version, record.version, "nothing stored");
  } finally {
    await t.close();
  }
});
