/**
 * One visibility for the saved reports' read surfaces too (issue 27, DESIGN.md §9):
 * a report the administrator shares with everyone, over each record type, run by each
 * demo role holds exactly the records of that role's own list, in its order, and its
 * CSV download as many lines; a count report's scheduled mail counts, for each
 * subscriber, what their own list holds. The list, the query and the export are held
 * together in records/query-surfaces.test.ts. Runs on SQLite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { jsonOf } from "../../../testing/http-assertions.ts";
import { parseCsv } from "../../../records/csv/mod.ts";
import { mailDueReports } from "../subscriptions/report-mailing.ts";

type Row = Record<string, unknown>;

const ROLES = [
  "admin@acme.test",
  "pm@acme.test",
  "sales@acme.test",
  "finance@acme.test",
  "member@acme.test",
];

/** The ids a person's list of the type holds in its order, or null when they may not read it. */
async function listed(t: TestApp, token: string, type: string): Promise<unknown[] | null> {
  const ids: unknown[] = [];
  let cursor: string | undefined;
  do {
    const res = await t.call("POST", `/api/records/${type}/list`, {
      token,
      body: { limit: 500, ...(cursor ? { cursor } : {}) },
    });
    if (res.status === 403) return (await res.body?.cancel(), null);
    const page = await jsonOf<{ items: Row[]; next_cursor: string | null }>(res, 200);
    ids.push(...page.items.map((r) => r.id));
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return ids;
}

async function shared(t: TestApp, token: string, type: string, definition: Row): Promise<string> {
  const { record } = await jsonOf<{ record: { id: string } }>(
    await t.call("POST", "/api/records/report", {
      token,
      body: {
        values: {
          name: `Every ${type}`,
          record_type: type,
          definition: JSON.stringify(definition),
          chart: "table",
          sharing: "organization",
        },
      },
    }),
    201,
  );
  return record.id;
}

Deno.test("a report shared with everyone, run and downloaded by each role, holds that role's list", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const { types } = await jsonOf<{ types: { id: string }[] }>(
      await t.call("GET", "/api/records/types", { token: admin }),
      200,
    );
    const reports = new Map<string, string>();
    for (const { id } of types) reports.set(id, await shared(t, admin, id, {}));
    let compared = 0, confined = 0;
    for (const email of ROLES) {
      const token = await t.tokenFor(email);
      for (const [type, report] of reports) {
        const ids = await listed(t, token, type);
        const run = await t.call("POST", `/api/records/report/${report}/run`, { token, body: {} });
        if (ids === null) {
          assertEquals(run.status, 403, `${email} ${type}: refused as the list is`);
          await run.body?.cancel();
          continue;
        }
        const { rows } = await jsonOf<{ rows: Row[] }>(run, 200);
        assertEquals(rows.map((r) => r.id), ids, `${email} ${type}: the report's rows`);
        const csv = await t.call("GET", `/api/records/report/${report}/export`, { token });
        const text = await csv.text();
        if (csv.status === 403) {
          // Downloading records is its own permission, as for the list's export.
          ok(text.includes(".export"), `${email} ${type}: ${text}`);
        } else {
          assertEquals(csv.status, 200, `${email} ${type}: ${text.slice(0, 200)}`);
          const [, ...lines] = parseCsv(text);
          assertEquals(lines.length, ids.length, `${email} ${type}: the report's CSV lines`);
        }
        if (email !== "admin@acme.test") {
          const all = await listed(t, admin, type);
          if (all && all.length > ids.length) confined++;
        }
        compared++;
      }
    }
    ok(compared > 30, `compared ${compared} role and report pairs`);
    ok(confined > 0, `some roles see fewer records than the administrator (${confined})`);
  } finally {
    await t.close();
  }
});

Deno.test("a count report's scheduled mail counts what each subscriber's own list holds", async () => {
  const t = await createTestApp();
  t.clock.now = Date.parse("2026-03-10T09:00:00.000Z");
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const report = await shared(t, admin, "expense", {
      aggregates: [{ fn: "count", as: "claims" }],
    });
    const counts = new Map<string, number>();
    for (const email of ROLES) {
      const token = await t.tokenFor(email);
      const ids = await listed(t, token, "expense");
      if (ids === null) continue;
      await jsonOf(
        await t.call("POST", "/api/records/report_subscription", {
          token,
          body: { values: { report, hour: 7 } },
        }),
        201,
      );
      counts.set(email, ids.length);
    }
    ok(new Set(counts.values()).size > 1, "the subscribers' lists differ");
    await mailDueReports(t.db, "2026-03-11T07:00:00.000Z", { publicUrl: "https://x.test" });
    const mails = await t.db.all<{ recipient: string; text_body: string }>(
      "SELECT recipient, text_body FROM mail_outbox WHERE kind = 'report' ORDER BY recipient",
    );
    assertEquals(mails.map((m) => m.recipient).sort(), [...counts.keys()].sort());
    for (const mail of mails) {
      const expected = counts.get(mail.recipient)!;
      ok(mail.text_body.includes(`\n${expected}\n`), `${mail.recipient}: ${mail.text_body}`);
    }
  } finally {
    await t.close();
  }
});
