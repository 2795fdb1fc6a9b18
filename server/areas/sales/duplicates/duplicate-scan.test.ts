/**
 * The duplicate scan (`POST /api/duplicates/scan`): candidate pairs of leads and
 * clients with their score and matching fields, only among records the caller
 * may read, and refused without the module's read.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { errorOf, jsonOf } from "../../../testing/http-assertions.ts";
import { revokePermission } from "../../../testing/role-permissions.ts";

interface Pair {
  a: { type: string; id: string; name: string; path: string };
  b: { type: string; id: string; name: string; path: string };
  score: number;
  matched: string[];
  reasons: string;
  merge_path: string;
  mergeable: boolean;
}
interface Scan {
  pairs: Pair[];
  total: number;
  records: number;
  compared: number;
}

async function createLead(t: TestApp, token: string, values: Record<string, unknown>) {
  const { record } = await jsonOf<{ record: { id: string } }>(
    await t.call("POST", "/api/records/lead", {
      token,
      body: { values: { source: "website", ...values } },
    }),
    201,
  );
  return record.id;
}

function pairOf(scan: Scan, a: string, b: string): Pair | undefined {
  return scan.pairs.find((p) => (p.a.id === a && p.b.id === b) || (p.a.id === b && p.b.id === a));
}

Deno.test("the scan finds two leads of one person, names the matching fields and links their merge", async () => {
  const t = await createTestApp();
  try {
    const sales = await t.tokenFor("sales@acme.test");
    const one = await createLead(t, sales, {
      name: "Zebulon Quartermaine",
      company: "Quartermaine Holdings Ltd",
      email: "Zeb.Quartermaine+crm@gmail.com",
      phone: "+1 (555) 014-7788",
    });
    const two = await createLead(t, sales, {
      name: "Quartermaine, Zebulon",
      company: "QUARTERMAINE HOLDINGS",
      email: "zebquartermaine@gmail.com",
      phone: "555.014.7788",
    });
    const other = await createLead(t, sales, {
      name: "Philippa Ravenscroft",
      company: "Quartermaine Holdings",
      email: "philippa@quartermaine.test",
    });
    const scan = await jsonOf<Scan>(
      await t.call("POST", "/api/duplicates/scan", { token: sales, body: { types: ["lead"] } }),
    );
    const pair = pairOf(scan, one, two);
    ok(pair, "the two leads of one person are a candidate pair");
    ok(pair.score >= 0.95, `score ${pair.score}`);
    assertEquals(pair.matched.sort(), ["company", "email", "name", "phone"]);
    assertEquals(pair.reasons.split(", ").sort(), ["Company", "Email", "Name", "Phone"]);
    ok(pair.a.path.startsWith("/app/lead-detail/"));
    ok(pair.merge_path.startsWith("/app/duplicate-detection/merge?type=lead&"));
    assertEquals(pair.mergeable, true);
    assertEquals(pairOf(scan, one, other), undefined);
    assertEquals(pairOf(scan, two, other), undefined);
    const all = (scan.records * (scan.records - 1)) / 2;
    ok(scan.compared > 0 && scan.compared < all, `${scan.compared} of ${all} pairs compared`);
  } finally {
    await t.close();
  }
});

Deno.test("a lead that looks like a client is a candidate pair without a merge", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const { record: client } = await jsonOf<{ record: { id: string } }>(
      await t.call("POST", "/api/records/client", {
        token: admin,
        body: { values: { name: "Fennimore Glassworks GmbH", email: "office@fennimore.test" } },
      }),
      201,
    );
    const lead = await createLead(t, admin, {
      name: "Office",
      company: "Fennimore Glassworks",
      email: "OFFICE@fennimore.test",
    });
    const scan = await jsonOf<Scan>(
      await t.call("POST", "/api/duplicates/scan", { token: admin, body: {} }),
    );
    const pair = pairOf(scan, client.id, lead);
    ok(pair, "the lead and the client are a candidate pair");
    assertEquals([pair.merge_path, pair.mergeable], ["", false]);
    assertEquals(pair.matched.sort(), ["company", "email"]);
  } finally {
    await t.close();
  }
});

Deno.test("the scan shows no record the caller may not read, and needs the module's read", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    await createLead(t, admin, { name: "Octavia Winterbourne", email: "octavia@winter.test" });
    await createLead(t, admin, { name: "Octavia Winterborne", email: "octavia@winter.test" });
    await revokePermission(t, "sales", "leads.read");
    const sales = await t.tokenFor("sales@acme.test");
    const scan = await jsonOf<Scan>(
      await t.call("POST", "/api/duplicates/scan", { token: sales, body: {} }),
    );
    assertEquals(scan.pairs.filter((p) => p.a.type === "lead" || p.b.type === "lead"), []);
    const member = await t.tokenFor("member@acme.test");
    await errorOf(
      await t.call("POST", "/api/duplicates/scan", { token: member, body: {} }),
      403,
      "forbidden",
    );
    await errorOf(
      await t.call("POST", "/api/duplicates/scan", { token: admin, body: { min_score: 2 } }),
      400,
      "invalid_input",
    );
  } finally {
    await t.close();
  }
});
