/**
 * Account plans through HTTP: the sales role writes a plan with its child rows,
 * the project manager reads it but may not write, the member is refused; a row
 * whose value is not in its list is a 400 naming the row's field, nothing
 * stored; the seeded plans carry their stakeholders.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../../../testing/test-app.ts";
import { assertInvalidFields, errorOf, jsonOf } from "../../../testing/http-assertions.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const PLAN: Json = {
  title: "Fabrikam plan",
  client: "cli_fabrikam",
  period: "FY2028",
  status: "active",
  goals: [{ goal: "Open the platform team", measure: "Signed SOW", goal_status: "on_track" }],
  stakeholders: [
    { person: "Ana Diaz", role: "CTO", influence: "high", stance: "champion" },
    { person: "Ben Ode", role: "Buyer", influence: "low", stance: "blocker", notes: "Tender" },
  ],
  opportunities: [{ description: "Platform team", estimated_value: 50_000 }],
  whitespace: [{ offering: "Training", potential_value: 8_000 }],
  actions: [{ step: "Book the kickoff", assignee: "usr_acme_sales", due_date: "2030-02-01" }],
};

async function planCount(t: { db: { get<T>(sql: string): Promise<T | undefined> } }) {
  return Number((await t.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM account_plans"))!.n);
}

Deno.test("account plans", async (s) => {
  const t = await createTestApp();
  try {
    const sales = await t.tokenFor("sales@acme.test");
    const pm = await t.tokenFor("pm@acme.test");
    const member = await t.tokenFor("member@acme.test");
    let id = "";

    await s.step(
      "sales writes a plan with goals, stakeholders, opportunities, whitespace and actions",
      async () => {
        const { record } = await jsonOf<{ record: Json }>(
          await t.call("POST", "/api/records/account_plan", {
            token: sales,
            body: { values: PLAN },
          }),
          201,
        );
        id = record.id;
        assertEquals(record.owner, "usr_acme_sales");
        assertEquals(
          record.stakeholders.map((r: Json) => [r.person, r.influence, r.stance]),
          [["Ana Diaz", "high", "champion"], ["Ben Ode", "low", "blocker"]],
        );
        assertEquals(record.opportunities[0].opportunity_stage, "identified");
        assertEquals(record.actions[0].done, false);
        assertEquals(record.goals.length, 1);
        assertEquals(record.whitespace[0].offering, "Training");
      },
    );

    await s.step("the project manager reads it but may not write one", async () => {
      const { record } = await jsonOf<{ record: Json }>(
        await t.call("GET", `/api/records/account_plan/${id}`, { token: pm }),
      );
      assertEquals(record.stakeholders.length, 2);
      await errorOf(
        await t.call("POST", "/api/records/account_plan", { token: pm, body: { values: PLAN } }),
        403,
        "forbidden",
      );
    });

    await s.step("the member is refused", async () => {
      await errorOf(
        await t.call("GET", `/api/records/account_plan/${id}`, { token: member }),
        403,
        "forbidden",
      );
      await errorOf(
        await t.call("POST", "/api/records/account_plan/list", { token: member, body: {} }),
        403,
        "forbidden",
      );
    });

    await s.step(
      "a stakeholder's influence or stance not in its list names the row's field",
      async () => {
        const before = await planCount(t);
        const bad = {
          ...PLAN,
          stakeholders: [{ person: "X", influence: "huge", stance: "champion" }],
        };
        await assertInvalidFields(
          await t.call("POST", "/api/records/account_plan", {
            token: sales,
            body: { values: bad },
          }),
          "stakeholders[0].influence",
        );
        const stance = {
          ...PLAN,
          stakeholders: [{ person: "X", influence: "low", stance: "fan" }],
        };
        await assertInvalidFields(
          await t.call("POST", "/api/records/account_plan", {
            token: sales,
            body: { values: stance },
          }),
          "stakeholders[0].stance",
        );
        assertEquals(await planCount(t), before, "nothing refused is stored");
      },
    );

    await s.step("the seeded plans of Acme's key clients carry their stakeholders", async () => {
      const { items } = await jsonOf<{ items: Json[] }>(
        await t.call("POST", "/api/records/account_plan/list", {
          token: pm,
          body: { filters: [{ field: "client", op: "eq", value: "cli_contoso" }] },
        }),
      );
      assertEquals(items.length, 1);
      const { record } = await jsonOf<{ record: Json }>(
        await t.call("GET", `/api/records/account_plan/${items[0].id}`, { token: pm }),
      );
      ok(record.stakeholders.some((r: Json) => r.stance === "champion" && r.influence === "high"));
      ok(record.actions.some((r: Json) => r.done === true));
    });
  } finally {
    await t.close();
  }
});
