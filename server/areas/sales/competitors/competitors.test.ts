/**
 * Competitors (`competitor-management`): the organisation's own, created and kept
 * by its firm admins and salespeople, removed by firm admins only, and neither
 * seen nor reached by members or by another organisation.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createTestApp } from "../../../testing/test-app.ts";
import { errorOf, jsonOf } from "../../../testing/http-assertions.ts";

interface Competitor {
  id: string;
  version: number;
  name: string;
  website: string;
  threat_level: string;
  active: boolean;
  strengths: string;
}

Deno.test("Salespeople create and change competitors; only a firm admin removes one", async () => {
  const t = await createTestApp();
  try {
    const sales = await t.tokenFor("sales@acme.test");
    const { record } = await jsonOf<{ record: Competitor }>(
      await t.call("POST", "/api/records/competitor", {
        token: sales,
        body: {
          values: {
            name: "Adatum Advisors",
            website: "https://adatum.example",
            threat_level: "high",
            strengths: "Cheap and fast",
            weaknesses: "Thin on senior people",
            pricing_notes: "Fixed fee, 10% under ours",
            notes: "Met them at Woodgrove",
          },
        },
      }),
      201,
    );
    assertEquals(
      [record.name, record.threat_level, record.active, record.strengths],
      ["Adatum Advisors", "high", true, "Cheap and fast"],
    );
    const changed = await jsonOf<{ record: Competitor }>(
      await t.call("PATCH", `/api/records/competitor/${record.id}`, {
        token: sales,
        body: { version: record.version, values: { threat_level: "low", active: false } },
      }),
    );
    assertEquals([changed.record.threat_level, changed.record.active], ["low", false]);

    await errorOf(
      await t.call(
        "DELETE",
        `/api/records/competitor/${record.id}?version=${changed.record.version}`,
        {
          token: sales,
        },
      ),
      403,
      "forbidden",
    );
    const admin = await t.tokenFor("admin@acme.test");
    const removed = await t.call(
      "DELETE",
      `/api/records/competitor/${record.id}?version=${changed.record.version}`,
      { token: admin },
    );
    assertEquals(removed.status, 204);
    await errorOf(
      await t.call("GET", `/api/records/competitor/${record.id}`, { token: admin }),
      404,
      "not_found",
    );
  } finally {
    await t.close();
  }
});

Deno.test("A competitor's name is unique in the organisation and its threat level one of the list", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const refused = await errorOf(
      await t.call("POST", "/api/records/competitor", {
        token: admin,
        body: { values: { name: "Northwind Consulting", threat_level: "extreme" } },
      }),
      400,
      "invalid_input",
    );
    assertEquals(
      Object.keys((refused.details as { fields: Record<string, string> }).fields).sort(),
      ["name", "threat_level"],
    );
  } finally {
    await t.close();
  }
});

Deno.test("Each organisation lists only its own competitors; a member reads none", async () => {
  const t = await createTestApp();
  try {
    const sales = await t.tokenFor("sales@acme.test");
    const acme = await jsonOf<{ items: Competitor[] }>(
      await t.call("POST", "/api/records/competitor/list", { token: sales, body: {} }),
    );
    assertEquals(acme.items.map((c) => c.name), [
      "Contoso Partners",
      "Fabrikam Digital",
      "Litware Advisory",
      "Northwind Consulting",
      "Tailspin Group",
    ]);
    await errorOf(
      await t.call("GET", "/api/records/competitor/cmp_globex_1", { token: sales }),
      404,
      "not_found",
    );
    const globex = await t.tokenFor("admin@globex.test");
    const theirs = await jsonOf<{ items: Competitor[] }>(
      await t.call("POST", "/api/records/competitor/list", { token: globex, body: {} }),
    );
    assertEquals(theirs.items.map((c) => c.name), ["Duff Analytics", "Vehement Capital"]);

    const member = await t.tokenFor("member@acme.test");
    await errorOf(
      await t.call("POST", "/api/records/competitor/list", { token: member, body: {} }),
      403,
      "forbidden",
    );
    await errorOf(
      await t.call("GET", "/ui/screens/competitor-management", { token: member }),
      403,
      "forbidden",
    );
  } finally {
    await t.close();
  }
});
