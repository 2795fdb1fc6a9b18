/**
 * Lead assignment rules through HTTP, on either database: a rule's save checked
 * (400 naming the field, administrators only); a new lead given its owner by the
 * first active rule that matches (source, territory, value range), in turn
 * within the team; a member at the rule's cap of open leads skipped, and a lead
 * left unassigned with the reason logged when all are; an owner named by the
 * creator kept unless the rule says `always`; another organisation's leads
 * untouched; and 20 leads created at once spread over the team as if one after
 * another.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { assertInvalidFields, errorOf, jsonOf } from "../../../testing/http-assertions.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const SALES = "usr_acme_sales", PM = "usr_acme_pm", MAYA = "usr_acme_maya";
const FINANCE = "usr_acme_finance", ADMIN = "usr_acme_admin";

async function create(t: TestApp, token: string, type: string, values: Json): Promise<Json> {
  return (await jsonOf<{ record: Json }>(
    await t.call("POST", `/api/records/${type}`, { token, body: { values } }),
    201,
  )).record;
}

const team = (...users: string[]) => users.map((member) => ({ member }));

async function openLeads(t: TestApp, user: string): Promise<number> {
  const row = await t.db.get<{ n: number }>(
    "SELECT COUNT(*) AS n FROM leads WHERE assigned_to = ? AND status NOT IN ('won', 'lost')",
    [user],
  );
  return Number(row!.n);
}

async function history(t: TestApp, token: string, leadId: string): Promise<Json[]> {
  return (await jsonOf<{ assignments: Json[] }>(
    await t.call("POST", `/api/leads/${leadId}/assignments`, { token, body: {} }),
  )).assignments;
}

Deno.test("lead assignment rules", async (s) => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const sales = await t.tokenFor("sales@acme.test");
    const globex = await t.tokenFor("admin@globex.test");

    await s.step("a rule's save is checked, and only administrators save rules", async () => {
      await assertInvalidFields(
        await t.call("POST", "/api/records/lead_assignment_rule", {
          token: admin,
          body: { values: { name: "No team", method: "round_robin" } },
        }),
        "team",
      );
      await assertInvalidFields(
        await t.call("POST", "/api/records/lead_assignment_rule", {
          token: admin,
          body: { values: { name: "Bad", team: team(SALES), condition: "budget > 3" } },
        }),
        "condition",
      );
      await assertInvalidFields(
        await t.call("POST", "/api/records/lead_assignment_rule", {
          token: admin,
          body: { values: { name: "Upside down", team: team(SALES), min_value: 10, max_value: 5 } },
        }),
        "max_value",
      );
      await assertInvalidFields(
        await t.call("POST", "/api/records/lead_assignment_rule", {
          token: admin,
          body: { values: { name: "Nobody", method: "fixed" } },
        }),
        "fixed_user",
      );
      await errorOf(
        await t.call("POST", "/api/records/lead_assignment_rule", {
          token: sales,
          body: { values: { name: "Mine", team: team(SALES) } },
        }),
        403,
        "forbidden",
      );
      const n = await t.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM lead_assignment_rules");
      assertEquals(Number(n!.n), 2, "the two seeded rules only");
    });

    let roundRobin: Json = {};
    await s.step(
      "matching leads go round the team in turn, others keep their creator",
      async () => {
        roundRobin = await create(t, admin, "lead_assignment_rule", {
          name: "North events",
          sort_order: 5,
          sources: "event, partner",
          territories: "North",
          team: team(SALES, PM, MAYA),
        });
        const owners: string[] = [];
        for (let i = 0; i < 5; i++) {
          const lead = await create(t, admin, "lead", {
            name: `North ${i}`,
            source: i % 2 ? "event" : "partner",
            territory: "north",
          });
          owners.push(lead.owner);
        }
        assertEquals(owners, [SALES, PM, MAYA, SALES, PM]);
        const south = await create(t, admin, "lead", {
          name: "South",
          source: "event",
          territory: "South",
        });
        assertEquals(south.owner, ADMIN);
        const website = await create(t, admin, "lead", {
          name: "Website",
          source: "website",
          territory: "North",
        });
        assertEquals(website.owner, ADMIN);
      },
    );

    await s.step(
      "each assignment is logged on the lead: to whom, by whom, the rule, why",
      async () => {
        const lead = await create(t, admin, "lead", {
          name: "Logged",
          source: "event",
          territory: "North",
        });
        assertEquals(lead.owner, MAYA);
        const rows = await history(t, admin, lead.id);
        assertEquals(rows.length, 1);
        assertEquals(rows[0].assigned_to, MAYA);
        assertEquals(rows[0].assigned_by, ADMIN);
        assertEquals(rows[0].reason, 'Rule "North events": round robin');
        const record = (await jsonOf<{ record: Json }>(
          await t.call("GET", `/api/records/lead/${lead.id}`, { token: admin }),
        )).record;
        assertEquals(record.assignments.length, 1);
        assertEquals(record.assignments[0].rule, roundRobin.id);
        const turn = async () =>
          (await t.db.get<{ turn: number }>(
            "SELECT rule_turn AS turn FROM lead_assignments WHERE lead_id = ? AND rule_id = ?",
            [lead.id, roundRobin.id],
          ))!.turn;
        const ruleTurn = Number(await turn());
        ok(ruleTurn > 0);
        // A change of owner by hand is logged after it, the rule's row kept as it was.
        await jsonOf(
          await t.call("PATCH", `/api/records/lead/${lead.id}`, {
            token: admin,
            body: { version: record.version, values: { owner: FINANCE } },
          }),
        );
        const after = await history(t, admin, lead.id);
        assertEquals(after.map((a) => [a.assigned_to, a.reason]).sort(), [
          [FINANCE, "Assigned by hand"],
          [MAYA, 'Rule "North events": round robin'],
        ]);
        assertEquals(Number(await turn()), ruleTurn);
        const unchanged = (await jsonOf<{ record: Json }>(
          await t.call("GET", `/api/records/lead/${lead.id}`, { token: admin }),
        )).record;
        await jsonOf(
          await t.call("PATCH", `/api/records/lead/${lead.id}`, {
            token: admin,
            body: { version: unchanged.version, values: { company: "Still Finance's" } },
          }),
        );
        assertEquals((await history(t, admin, lead.id)).length, 2);
      },
    );

    await s.step("an owner the creator names is kept, unless the rule says always", async () => {
      const named = await create(t, admin, "lead", {
        name: "Named",
        source: "event",
        territory: "North",
        owner: FINANCE,
      });
      assertEquals(named.owner, FINANCE);
      await create(t, admin, "lead_assignment_rule", {
        name: "Big deals",
        sort_order: 1,
        min_value: 50_000,
        method: "fixed",
        fixed_user: ADMIN,
        always: true,
      });
      const big = await create(t, sales, "lead", {
        name: "Big",
        source: "event",
        territory: "North",
        estimated_value: 60_000,
        owner: PM,
      });
      assertEquals(big.owner, ADMIN);
      const small = await create(t, sales, "lead", {
        name: "Small",
        source: "event",
        territory: "North",
        estimated_value: 40_000,
      });
      assertEquals(small.owner, SALES, "the round robin's next after maya");
    });

    await s.step(
      "a member at the cap is skipped; with all at it the lead stays unassigned",
      async () => {
        // Maya holds two more open leads than Finance, so the cap leaves her one place.
        const gap = (await openLeads(t, FINANCE)) + 2 - (await openLeads(t, MAYA));
        for (let i = 0; i < Math.abs(gap); i++) {
          const owner = gap > 0 ? MAYA : FINANCE;
          await create(t, admin, "lead", { name: `Topped up ${i}`, source: "website", owner });
        }
        assertEquals(await openLeads(t, MAYA), (await openLeads(t, FINANCE)) + 2);
        const cap = (await openLeads(t, MAYA)) + 1;
        await create(t, admin, "lead_assignment_rule", {
          name: "Capped",
          sort_order: 0,
          territories: "Capped",
          team: team(MAYA, FINANCE),
          capacity: cap,
        });
        const made: Json[] = [];
        for (let i = 0; i < 5; i++) {
          made.push(
            await create(t, admin, "lead", {
              name: `Capped ${i}`,
              source: "website",
              territory: "Capped",
            }),
          );
        }
        assertEquals(made.map((l) => l.owner), [MAYA, FINANCE, FINANCE, FINANCE, null]);
        assertEquals(await openLeads(t, MAYA), cap);
        assertEquals(await openLeads(t, FINANCE), cap);
        const skipped = await history(t, admin, made[2].id);
        assertEquals(skipped[0].reason, 'Rule "Capped": round robin, 1 at the cap skipped');
        const left = await history(t, admin, made[4].id);
        assertEquals(left[0].assigned_to, null);
        assertEquals(
          left[0].reason,
          `Rule "Capped": everyone is at the cap of ${cap} open leads; left unassigned`,
        );
      },
    );

    await s.step("another organisation's leads are not assigned by these rules", async () => {
      const lead = await create(t, globex, "lead", {
        name: "Globex north",
        source: "event",
        territory: "North",
      });
      assertEquals(lead.owner, "usr_globex_admin");
      assertEquals((await history(t, globex, lead.id)).length, 0);
    });

    await s.step(
      "20 leads created at once spread over the team as if one after another",
      async () => {
        const rule = await create(t, admin, "lead_assignment_rule", {
          name: "Rush",
          sort_order: 0,
          territories: "Rush",
          team: team(SALES, PM, MAYA, ADMIN),
        });
        const responses = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            t.call("POST", "/api/records/lead", {
              token: admin,
              body: { values: { name: `Rush ${i}`, source: "website", territory: "Rush" } },
            })),
        );
        const owners: Record<string, number> = {};
        for (const response of responses) {
          const { record } = await jsonOf<{ record: Json }>(response, 201);
          owners[record.owner] = (owners[record.owner] ?? 0) + 1;
        }
        assertEquals(owners, { [SALES]: 5, [PM]: 5, [MAYA]: 5, [ADMIN]: 5 });
        const turns = await t.db.all<{ turn: number; person: string }>(
          "SELECT rule_turn AS turn, assigned_to AS person FROM lead_assignments WHERE rule_id = ? ORDER BY rule_turn",
          [rule.id],
        );
        assertEquals(turns.map((r) => Number(r.turn)), Array.from({ length: 20 }, (_, i) => i + 1));
        const cycle = [SALES, PM, MAYA, ADMIN];
        ok(turns.every((r, i) => r.person === cycle[i % 4]), JSON.stringify(turns));
      },
    );

    await s.step(
      "the seeded rules are off until switched on; then website leads go round the sales team",
      async () => {
        const seeded = (await jsonOf<{ items: Json[] }>(
          await t.call("POST", "/api/records/lead_assignment_rule/list", {
            token: admin,
            body: { filters: [{ field: "name", op: "contains", value: "the" }] },
          }),
        )).items;
        assertEquals(seeded.map((r) => [r.name, r.active]).sort(), [
          ["Big deals to the administrator", false],
          ["Website and referral leads to the sales team", false],
        ]);
        const rule = (await jsonOf<{ record: Json }>(
          await t.call("GET", "/api/records/lead_assignment_rule/lar_acme_2", { token: admin }),
        )).record;
        assertEquals(rule.team.map((m: Json) => m.member), [SALES, MAYA, ADMIN]);
        await jsonOf(
          await t.call("PATCH", "/api/records/lead_assignment_rule/lar_acme_2", {
            token: admin,
            body: { version: rule.version, values: { active: true } },
          }),
        );
        const owners: string[] = [];
        for (let i = 0; i < 4; i++) {
          owners.push(
            (await create(t, admin, "lead", { name: `Web ${i}`, source: "website" })).owner,
          );
        }
        assertEquals(owners, [SALES, MAYA, ADMIN, SALES]);
      },
    );
  } finally {
    await t.close();
  }
});
