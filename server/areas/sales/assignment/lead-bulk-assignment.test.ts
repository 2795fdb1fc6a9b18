/**
 * Bulk lead assignment through HTTP (`POST /api/leads/assign`), on either
 * database: a selection or a filter of leads to one person, or by the rules;
 * counts answered; each lead changed gets its owner, one row in its assignment
 * log and one audit entry; 10,000 leads in one call, 10,001 refused naming the
 * field; an unknown person or another organisation's refused naming `to`; a
 * member who may not change leads refused (403); nothing stored on a refusal.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { assertInvalidFields, errorOf, jsonOf } from "../../../testing/http-assertions.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const SALES = "usr_acme_sales", PM = "usr_acme_pm", FINANCE = "usr_acme_finance";

function assign(t: TestApp, token: string, body: Json) {
  return t.call("POST", "/api/leads/assign", { token, body });
}

async function count(t: TestApp, sql: string, params: unknown[] = []): Promise<number> {
  const row = await t.db.get<{ n: number }>(sql, params as never);
  return Number(row!.n);
}

async function create(t: TestApp, token: string, type: string, values: Json): Promise<Json> {
  return (await jsonOf<{ record: Json }>(
    await t.call("POST", `/api/records/${type}`, { token, body: { values } }),
    201,
  )).record;
}

/** Adds `n` leads of Acme in `territory` with plain SQL (test set-up, not a product path). */
async function insertLeads(t: TestApp, territory: string, n: number, from = 0) {
  const org = (await t.db.get<{ id: string }>(
    "SELECT organization_id AS id FROM leads WHERE id = 'led_acme_001'",
  ))!.id;
  const now = new Date(t.clock.now).toISOString();
  for (let at = 0; at < n; at += 100) {
    const rows = Array.from({ length: Math.min(100, n - at) }, (_, i) => from + at + i);
    await t.db.run(
      `INSERT INTO leads (id, organization_id, name, source, status, territory, created_at, updated_at, board_rank)
       VALUES ${rows.map(() => "(?, ?, ?, 'website', 'new', ?, ?, ?, ?)").join(", ")}`,
      rows.flatMap((i) => {
        const id = `led_bulk_${String(i).padStart(6, "0")}`;
        return [id, org, `Bulk ${i}`, territory, now, now, `${now}|${id}`];
      }),
    );
  }
}

Deno.test("bulk lead assignment", async (s) => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const sales = await t.tokenFor("sales@acme.test");
    const member = await t.tokenFor("member@acme.test");
    const audits = () =>
      count(t, "SELECT COUNT(*) AS n FROM audit_logs WHERE resource_type = 'lead'");
    const logged = () => count(t, "SELECT COUNT(*) AS n FROM lead_assignments");

    await s.step("refusals name the field and store nothing", async () => {
      const before = [await audits(), await logged()];
      await errorOf(
        await assign(t, member, { ids: ["led_acme_001"], to: SALES }),
        403,
        "forbidden",
      );
      await assertInvalidFields(
        await assign(t, admin, { ids: ["led_acme_001"], to: "usr_nobody" }),
        "to",
      );
      await assertInvalidFields(
        await assign(t, admin, { ids: ["led_acme_001"], to: "usr_globex_admin" }),
        "to",
      );
      await assertInvalidFields(
        await assign(t, admin, { ids: ["led_globex_001"], to: SALES }),
        "ids",
      );
      await assertInvalidFields(await assign(t, admin, { to: SALES }), "ids");
      await assertInvalidFields(await assign(t, admin, { ids: ["led_acme_001"] }), "to");
      const tooMany = Array.from({ length: 10_001 }, (_, i) => `led_x_${i}`);
      await assertInvalidFields(await assign(t, admin, { ids: tooMany, to: SALES }), "ids");
      assertEquals([await audits(), await logged()], before);
    });

    await s.step(
      "a selection goes to one person: owner, log row and audit entry each",
      async () => {
        const ids = ["led_acme_001", "led_acme_002", "led_acme_003"];
        const already = await count(
          t,
          `SELECT COUNT(*) AS n FROM leads WHERE id IN (?, ?, ?) AND assigned_to = ?`,
          [...ids, FINANCE],
        );
        const before = [await audits(), await logged()];
        const answer = await jsonOf<Json>(
          await assign(t, sales, { ids, to: FINANCE, reason: "Covering the holidays" }),
        );
        assertEquals(answer, {
          matched: 3,
          assigned: 3 - already,
          unchanged: already,
          at_capacity: 0,
          unmatched: 0,
        });
        assertEquals(
          await count(
            t,
            "SELECT COUNT(*) AS n FROM leads WHERE id IN (?, ?, ?) AND assigned_to = ?",
            [
              ...ids,
              FINANCE,
            ],
          ),
          3,
        );
        assertEquals([await audits(), await logged()], [
          before[0] + 3 - already,
          before[1] + 3 - already,
        ]);
        const record = (await jsonOf<{ record: Json }>(
          await t.call("GET", "/api/records/lead/led_acme_001", { token: admin }),
        )).record;
        const last = record.assignments.at(-1);
        assertEquals([last.assigned_to, last.assigned_by, last.reason], [
          FINANCE,
          SALES,
          "Covering the holidays",
        ]);
        const history = await jsonOf<{ assignments: Json[] }>(
          await t.call("POST", "/api/leads/led_acme_001/assignments", { token: admin, body: {} }),
        );
        ok(history.assignments.some((a) => a.reason === "Covering the holidays"));
      },
    );

    await s.step("a filter takes the caller's list under it, with counts", async () => {
      const matching = await count(
        t,
        "SELECT COUNT(*) AS n FROM leads l JOIN organizations o ON o.id = l.organization_id WHERE l.source = 'social' AND l.id LIKE 'led_acme_%'",
      );
      ok(matching > 0);
      const answer = await jsonOf<Json>(
        await assign(t, admin, {
          filter: { filters: [{ field: "source", op: "eq", value: "social" }] },
          to: PM,
        }),
      );
      assertEquals(answer.matched, matching);
      assertEquals(answer.assigned + answer.unchanged, matching);
      assertEquals(
        await count(
          t,
          "SELECT COUNT(*) AS n FROM leads WHERE source = 'social' AND id LIKE 'led_acme_%' AND assigned_to = ?",
          [PM],
        ),
        matching,
      );
      assertEquals(
        await count(
          t,
          "SELECT COUNT(*) AS n FROM leads WHERE source = 'social' AND id LIKE 'led_globex_%' AND assigned_to = ?",
          [PM],
        ),
        0,
      );
    });

    await s.step(
      "the bulk screen's criteria: each set one narrows, empty ones do not",
      async () => {
        const matching = await count(
          t,
          "SELECT COUNT(*) AS n FROM leads WHERE source = 'referral' AND id LIKE 'led_acme_%' AND assigned_to = ?",
          [SALES],
        );
        ok(matching > 0);
        const answer = await jsonOf<Json>(
          await assign(t, admin, {
            stage: "",
            source: "referral",
            territory: "",
            current_owner: SALES,
            to: FINANCE,
            by_rules: false,
            reason: "",
          }),
        );
        assertEquals(answer, {
          matched: matching,
          assigned: matching,
          unchanged: 0,
          at_capacity: 0,
          unmatched: 0,
        });
        await assertInvalidFields(
          await assign(t, admin, { stage: "", source: "", to: FINANCE, by_rules: false }),
          "ids",
        );
      },
    );

    await s.step("by the rules: each lead gets the first matching rule's turn", async () => {
      const rule = await create(t, admin, "lead_assignment_rule", {
        name: "Rules territory",
        territories: "Rules",
        team: [{ member: SALES }, { member: PM }],
      });
      const leads: Json[] = [];
      for (let i = 0; i < 4; i++) {
        leads.push(
          await create(t, admin, "lead", {
            name: `Rules ${i}`,
            source: "website",
            territory: "Rules",
            owner: FINANCE,
          }),
        );
      }
      const other = await create(t, admin, "lead", { name: "Elsewhere", source: "website" });
      const answer = await jsonOf<Json>(
        await assign(t, admin, { ids: [...leads.map((l) => l.id), other.id], by_rules: true }),
      );
      assertEquals(answer, { matched: 5, assigned: 4, unchanged: 0, at_capacity: 0, unmatched: 1 });
      const rows = await t.db.all<{ turn: number; person: string }>(
        "SELECT rule_turn AS turn, assigned_to AS person FROM lead_assignments WHERE rule_id = ? ORDER BY rule_turn",
        [rule.id],
      );
      assertEquals(rows.map((r) => `${Number(r.turn)}:${r.person}`), [
        `1:${SALES}`,
        `2:${PM}`,
        `3:${SALES}`,
        `4:${PM}`,
      ]);
    });

    await s.step("10,000 leads go in one call; a filter matching 10,001 is refused", async () => {
      await insertLeads(t, "Bulk", 10_000);
      const before = await audits();
      const started = performance.now();
      const answer = await jsonOf<Json>(
        await assign(t, admin, {
          filter: { filters: [{ field: "territory", op: "eq", value: "Bulk" }] },
          to: SALES,
        }),
      );
      const ms = Math.round(performance.now() - started);
      console.log(`10,000 leads assigned in one call in ${ms} ms (${t.db.dialect})`);
      assertEquals(answer, {
        matched: 10_000,
        assigned: 10_000,
        unchanged: 0,
        at_capacity: 0,
        unmatched: 0,
      });
      assertEquals(await audits(), before + 10_000);
      assertEquals(
        await count(
          t,
          "SELECT COUNT(*) AS n FROM leads WHERE territory = 'Bulk' AND assigned_to = ? AND version = 2",
          [SALES],
        ),
        10_000,
      );
      assertEquals(
        await count(
          t,
          "SELECT COUNT(*) AS n FROM lead_assignments a JOIN leads l ON l.id = a.lead_id WHERE l.territory = 'Bulk'",
        ),
        10_000,
      );
      await insertLeads(t, "Bulk", 1, 10_000);
      await assertInvalidFields(
        await assign(t, admin, {
          filter: { filters: [{ field: "territory", op: "eq", value: "Bulk" }] },
          to: PM,
        }),
        "filter",
      );
      assertEquals(
        await count(
          t,
          "SELECT COUNT(*) AS n FROM leads WHERE territory = 'Bulk' AND assigned_to = ?",
          [PM],
        ),
        0,
      );
    });
  } finally {
    await t.close();
  }
});
