/**
 * The demo's proposal expiry reminder (an automation date rule, seeded at Acme):
 * three days before a sent proposal's valid-until date its owner is told once;
 * a proposal answered by then is not. On SQLite and (with TEST_DATABASE_URL)
 * PostgreSQL.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createTestApp } from "../../../testing/test-app.ts";
import { jsonOf } from "../../../testing/http-assertions.ts";
import { runnerOf } from "../../automation/testing/rules.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;
const DAY = 86_400_000;
const BASE = "/api/records/proposal";

Deno.test("an unanswered proposal reminds its owner 3 days before it expires, once", async () => {
  const t = await createTestApp();
  try {
    const sales = await t.tokenFor("sales@acme.test");
    const portal = await t.tokenFor("client@northwind.test");
    const inDays = (n: number) => new Date(t.clock.now + n * DAY).toISOString().slice(0, 10);
    const sent = async (title: string) => {
      const { record } = await jsonOf<{ record: Json }>(
        await t.call("POST", BASE, {
          token: sales,
          body: {
            values: {
              title,
              client: "cli_northwind",
              valid_until: inDays(10),
              lines: [{ description: "Work", rate: 100 }],
            },
          },
        }),
        201,
      );
      return (await jsonOf<{ record: Json }>(
        await t.call("POST", `${BASE}/${record.id}/actions/send`, {
          token: sales,
          body: { version: record.version },
        }),
      )).record;
    };
    const runner = runnerOf(t);
    await runner.drain(); // plans the seeded rule's due times
    const waiting = await sent("Waiting offer");
    const answered = await sent("Answered offer");
    await jsonOf(
      await t.call("POST", `${BASE}/${answered.id}/actions/decline`, {
        token: portal,
        body: { version: answered.version, comment: "Not now" },
      }),
    );
    const reminders = () =>
      t.db.all<{ message: string }>(
        `SELECT message FROM notifications
          WHERE user_id = 'usr_acme_sales' AND title = 'Proposal expires soon'
          ORDER BY message`,
      );
    await runner.drain();
    assertEquals(await reminders(), [], "nothing before the day");
    t.clock.advance(8 * DAY);
    await runner.drain();
    await runner.drain();
    assertEquals((await reminders()).map((r) => r.message), [
      `${waiting.name} (Waiting offer) expires on ${
        inDays(2)
      } without an answer: follow it up or revise it.`,
    ]);
  } finally {
    await t.close();
  }
});
