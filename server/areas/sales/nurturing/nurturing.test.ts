/**
 * Lead nurturing through HTTP, on SQLite and (with TEST_DATABASE_URL) PostgreSQL:
 * enrolling by hand and by a sequence's rule, a second active enrolment refused
 * (409), step timing by wait days, the mail with its one-click unsubscribe link
 * followed without login (the lead unsubscribed and out of every sequence at
 * once, never enrolled again), exits on a stage change and on a logged reply, and
 * two instances sending each step's mail exactly once.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { errorOf, jsonOf } from "../../../testing/http-assertions.ts";
import { sendDueSteps } from "./send-due-steps.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const DAY_MS = 86_400_000;
const TEMPLATE = "etpl_org_acme_lead_qualified";

async function create(t: TestApp, token: string, type: string, values: Json): Promise<Json> {
  const { record } = await jsonOf<{ record: Json }>(
    await t.call("POST", `/api/records/${type}`, { token, body: { values } }),
    201,
  );
  return record;
}

async function get(t: TestApp, token: string, type: string, id: string): Promise<Json> {
  return (await jsonOf<{ record: Json }>(
    await t.call("GET", `/api/records/${type}/${id}`, { token }),
  ))
    .record;
}

function sequence(t: TestApp, token: string, name: string, extra: Json = {}): Promise<Json> {
  return create(t, token, "nurture_sequence", {
    name,
    active: true,
    steps: [
      { position: 1, wait_days: 0, email_template: TEMPLATE },
      { position: 2, wait_days: 3, email_template: TEMPLATE },
    ],
    ...extra,
  });
}

function lead(t: TestApp, token: string, name: string, extra: Json = {}): Promise<Json> {
  const email = `${name.toLowerCase().replace(/[^a-z]+/g, ".")}@nurture.test`;
  return create(t, token, "lead", { name, email, source: "website", ...extra });
}

const send = (t: TestApp, db = t.db) =>
  sendDueSteps(db, {
    publicUrl: t.config.publicUrl,
    now: new Date(t.clock.now).toISOString(),
  });

const mailsTo = (t: TestApp, to: string) =>
  t.db.all<{ subject: string; text_body: string; html_body: string }>(
    "SELECT subject, text_body, html_body FROM mail_outbox WHERE recipient = ? ORDER BY created_at, id",
    [to],
  );

Deno.test("lead nurturing", async (s) => {
  const t = await createTestApp();
  try {
    let admin = await t.tokenFor("admin@acme.test");
    let sales = await t.tokenFor("sales@acme.test");
    /** Moves the clock on, signing in again (sessions expire with the clock). */
    const advance = async (ms: number) => {
      t.clock.advance(ms);
      admin = await t.tokenFor("admin@acme.test");
      sales = await t.tokenFor("sales@acme.test");
    };
    const welcome = await sequence(t, admin, "Welcome series");
    const other = await sequence(t, admin, "Second series");

    await s.step(
      "a lead enrolled by hand starts at step 1; a second active enrolment is 409",
      async () => {
        const ada = await lead(t, sales, "Ada Nurture");
        const enrolled = await create(t, sales, "nurture_enrollment", {
          lead: ada.id,
          sequence: welcome.id,
        });
        assertEquals(
          [enrolled.state, enrolled.current_step, enrolled.enrolled_via, enrolled.enrolled_by],
          ["active", 1, "hand", "usr_acme_sales"],
        );
        assertEquals(enrolled.next_send_at, new Date(t.clock.now).toISOString());
        assertEquals(enrolled.title, "Ada Nurture in Welcome series");
        const again = await errorOf(
          await t.call("POST", "/api/records/nurture_enrollment", {
            token: admin,
            body: { values: { lead: ada.id, sequence: welcome.id } },
          }),
          409,
          "conflict",
        );
        ok(String(again.message).includes("already enrolled in Welcome series"), again.message);
      },
    );

    await s.step(
      "several leads enrolled at once: each on its own, a refused one named",
      async () => {
        const [a, b] = [await lead(t, sales, "Hal Many"), await lead(t, sales, "Ivy Many")];
        const first = await create(t, sales, "nurture_enrollment", {
          lead: a.id,
          sequence: other.id,
        });
        const answer = await jsonOf<{ results: Json[] }>(
          await t.call("POST", `/api/nurture/sequences/${other.id}/enrol`, {
            token: sales,
            body: { leads: [a.id, b.id] },
          }),
        );
        assertEquals(answer.results.map((r) => [r.lead, r.status]), [[a.id, 409], [b.id, 201]]);
        ok(String(answer.results[0].message).includes("already enrolled"));
        const made = await get(t, admin, "nurture_enrollment", answer.results[1].enrollment);
        assertEquals([made.lead, made.sequence, made.state], [b.id, other.id, "active"]);
        assertEquals((await get(t, admin, "nurture_enrollment", first.id)).state, "active");
        const member = await t.tokenFor("member@acme.test");
        await errorOf(
          await t.call("POST", `/api/nurture/sequences/${other.id}/enrol`, {
            token: member,
            body: { leads: [b.id] },
          }),
          403,
          "forbidden",
        );
        await errorOf(
          await t.call("POST", `/api/nurture/sequences/${other.id}/enrol`, {
            token: sales,
            body: { leads: [] },
          }),
          400,
          "invalid_input",
        );
      },
    );

    await s.step("each step's mail is sent when due, after its wait days, once", async () => {
      const bo = await lead(t, sales, "Bo Timing");
      const enrolled = await create(t, sales, "nurture_enrollment", {
        lead: bo.id,
        sequence: other.id,
      });
      await send(t);
      assertEquals((await mailsTo(t, bo.email)).length, 1);
      let now = await get(t, admin, "nurture_enrollment", enrolled.id);
      assertEquals([now.current_step, now.state], [2, "active"]);
      assertEquals(now.next_send_at, new Date(t.clock.now + 3 * DAY_MS).toISOString());
      await send(t);
      await advance(2 * DAY_MS);
      await send(t);
      assertEquals((await mailsTo(t, bo.email)).length, 1, "nothing before the 3 days");
      await advance(DAY_MS);
      await send(t);
      await send(t);
      const mails = await mailsTo(t, bo.email);
      assertEquals(mails.length, 2);
      ok(mails[0].text_body.startsWith("Dear Bo Timing,"), mails[0].text_body);
      now = await get(t, admin, "nurture_enrollment", enrolled.id);
      assertEquals([now.current_step, now.state, now.next_send_at], [2, "completed", null]);
    });

    await s.step(
      "the mail's unsubscribe link works without login, at once, for every sequence",
      async () => {
        const cy = await lead(t, sales, "Cy Unsubscribe");
        const first = await create(t, sales, "nurture_enrollment", {
          lead: cy.id,
          sequence: welcome.id,
        });
        const second = await create(t, sales, "nurture_enrollment", {
          lead: cy.id,
          sequence: other.id,
        });
        await send(t);
        const sent = await mailsTo(t, cy.email);
        assertEquals(sent.length, 2, "step 1 of each sequence");
        const [mail] = sent;
        const link = mail.text_body.match(/Unsubscribe from these mails: (\S+)/)?.[1];
        ok(link, mail.text_body);
        ok(mail.html_body.includes(`href="${link}"`), "the HTML carries the same link");
        const path = link!.slice(t.config.publicUrl.replace(/\/+$/, "").length);
        const answer = await jsonOf<Json>(await t.call("GET", path));
        assertEquals(answer.unsubscribed, true);
        ok((await get(t, admin, "lead", cy.id)).unsubscribed_at, "the lead is marked unsubscribed");
        for (const id of [first.id, second.id]) {
          const e = await get(t, admin, "nurture_enrollment", id);
          assertEquals([e.state, e.exit_reason], ["exited", "unsubscribed"]);
        }
        const audited = await t.db.all(
          "SELECT action FROM audit_logs WHERE resource_id IN (?, ?, ?) AND action LIKE 'nurture_%'",
          [cy.id, first.id, second.id],
        );
        assertEquals(audited.length, 3);
        // Opened again, in a browser: a page saying so, not JSON.
        const page = await t.call("GET", path, { headers: { accept: "text/html" } });
        assertEquals(page.status, 200);
        ok((page.headers.get("content-type") ?? "").startsWith("text/html"));
        ok((await page.text()).includes("You are unsubscribed"));
        const refused = await errorOf(
          await t.call("POST", "/api/records/nurture_enrollment", {
            token: sales,
            body: { values: { lead: cy.id, sequence: welcome.id } },
          }),
          400,
          "invalid_input",
        );
        ok(
          String(refused.details?.fields?.lead ?? "").includes("unsubscribed"),
          JSON.stringify(refused),
        );
        await advance(10 * DAY_MS);
        await send(t);
        assertEquals((await mailsTo(t, cy.email)).length, 2, "no mail after unsubscribing");
        await errorOf(
          await t.call("GET", "/api/nurture/unsubscribe?token=not-a-real-token-at-all"),
          404,
          "not_found",
        );
      },
    );

    await s.step("a stage change exits the lead's active enrolments", async () => {
      const di = await lead(t, sales, "Di Stage");
      const e = await create(t, sales, "nurture_enrollment", { lead: di.id, sequence: welcome.id });
      await jsonOf(
        await t.call("PATCH", `/api/records/lead/${di.id}`, {
          token: sales,
          body: { version: di.version, values: { phone: "555 0101" } },
        }),
      );
      assertEquals((await get(t, admin, "nurture_enrollment", e.id)).state, "active");
      const now = await get(t, sales, "lead", di.id);
      await jsonOf(
        await t.call("PATCH", `/api/records/lead/${di.id}`, {
          token: sales,
          body: { version: now.version, values: { stage: "contacted" } },
        }),
      );
      const exited = await get(t, admin, "nurture_enrollment", e.id);
      assertEquals([exited.state, exited.exit_reason], ["exited", "stage_changed"]);
      const back = await create(t, sales, "nurture_enrollment", {
        lead: di.id,
        sequence: welcome.id,
      });
      assertEquals(back.state, "active", "a lead that left may be enrolled again by hand");
    });

    await s.step(
      "a reply logged as an email activity exits; a call or no response does not",
      async () => {
        const ed = await lead(t, sales, "Ed Reply");
        const e = await create(t, sales, "nurture_enrollment", {
          lead: ed.id,
          sequence: welcome.id,
        });
        const activity = (values: Json) =>
          create(t, sales, "lead_activity", { lead: ed.id, subject: "Mail", ...values });
        await activity({ activity_type: "email", outcome: "no_response" });
        await activity({ activity_type: "call", outcome: "positive" });
        assertEquals((await get(t, admin, "nurture_enrollment", e.id)).state, "active");
        await activity({ activity_type: "email", outcome: "positive" });
        const exited = await get(t, admin, "nurture_enrollment", e.id);
        assertEquals([exited.state, exited.exit_reason], ["exited", "replied"]);
      },
    );

    await s.step(
      "a sequence's rule enrols the leads it holds for, once; a bad rule is 400",
      async () => {
        const bad = await errorOf(
          await t.call("POST", "/api/records/nurture_sequence", {
            token: admin,
            body: { values: { name: "Bad rule", enrol_rule: "colour == 'red'" } },
          }),
          400,
          "invalid_input",
        );
        ok(bad.details?.fields?.enrol_rule, JSON.stringify(bad));
        const ruled = await sequence(t, admin, "Big deals", {
          enrol_rule: "estimated_value >= 50000",
        });
        const small = await lead(t, sales, "Fay Small", { estimated_value: 1000 });
        const big = await lead(t, sales, "Gus Big", { estimated_value: 80000 });
        const inRule = async (id: string) =>
          (await jsonOf<{ items: Json[] }>(
            await t.call("POST", "/api/records/nurture_enrollment/list", {
              token: admin,
              body: {
                filters: [{ field: "lead", op: "eq", value: id }, {
                  field: "sequence",
                  op: "eq",
                  value: ruled.id,
                }],
              },
            }),
          )).items;
        assertEquals((await inRule(small.id)).length, 0);
        const [enrolled] = await inRule(big.id);
        assertEquals([enrolled?.state, enrolled?.enrolled_via], ["active", "rule"]);
        const grown = await jsonOf<{ record: Json }>(
          await t.call("PATCH", `/api/records/lead/${small.id}`, {
            token: sales,
            body: { version: small.version, values: { estimated_value: 60000 } },
          }),
        );
        assertEquals((await inRule(small.id)).length, 1, "a save that makes the rule hold enrols");
        await jsonOf(
          await t.call("PATCH", `/api/records/lead/${small.id}`, {
            token: sales,
            body: { version: grown.record.version, values: { phone: "555 0199" } },
          }),
        );
        assertEquals((await inRule(small.id)).length, 1, "never twice");
      },
    );

    await s.step("two instances send each due step's mail exactly once", async () => {
      const twins: Json[] = [];
      for (let i = 0; i < 12; i++) {
        const l = await lead(t, sales, `Twin Nurture ${String.fromCharCode(97 + i)}`);
        await create(t, sales, "nurture_enrollment", { lead: l.id, sequence: welcome.id });
        twins.push(l);
      }
      const second = t.connect();
      try {
        await Promise.all([send(t), send(t, second), send(t), send(t, second)]);
      } finally {
        await second.close();
      }
      for (const l of twins) assertEquals((await mailsTo(t, l.email)).length, 1, l.name);
    });
  } finally {
    await t.close();
  }
});
