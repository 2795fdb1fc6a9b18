import { deepStrictEqual as assertEquals, ok, strictEqual } from "node:assert/strict";
import { createTestApp } from "../../testing/test-app.ts";
import { createAccessTokenVerifier } from "../auth/tokens.ts";
import { createAccessResolver } from "./resolver.ts";
import { createKnownCallers } from "./known-callers.ts";

/** A verifier, resolver and known-callers lookup over a fresh test app's database. */
async function setUp(max?: number) {
  const t = await createTestApp();
  const clock = () => t.clock.now;
  const verifier = createAccessTokenVerifier(t.secret, clock);
  const resolver = createAccessResolver(t.db);
  const known = createKnownCallers({ verifier, resolver, clock, max });
  /** Verifies and resolves a bearer header the long way, as the router does. */
  const signIn = async (header: string) => {
    const claims = await verifier(header.slice(7));
    ok(claims, "token verifies");
    ok(await resolver(claims.sub), "access resolves");
  };
  return { t, known, signIn, resolver };
}

Deno.test("a caller is known only once verified and resolved, and then answers the resolver's own access", async () => {
  const { t, known, signIn, resolver } = await setUp();
  try {
    const header = `Bearer ${await t.tokenFor("sales@acme.test")}`;
    strictEqual(known(header), undefined);
    strictEqual(known(null), undefined);
    await signIn(header);
    const access = known(header);
    ok(access);
    assertEquals(access.user.email, "sales@acme.test");
    strictEqual(access, resolver.peek(access.user.id));
    strictEqual(known(header), access);
    // The same token without the scheme, with another scheme, or altered is not known.
    strictEqual(known(header.slice(7)), undefined);
    strictEqual(known(`Basic ${header.slice(7)}`), undefined);
    strictEqual(known(header.slice(0, -2) + "xx"), undefined);
  } finally {
    await t.close();
  }
});

Deno.test("a known caller is forgotten when its token expires", async () => {
  const { t, known, signIn } = await setUp();
  try {
    const header = `Bearer ${await t.tokenFor("pm@acme.test")}`;
    await signIn(header);
    ok(known(header));
    t.clock.advance(899_000);
    ok(known(header), "still inside the 900 s lifetime");
    t.clock.advance(1_000);
    strictEqual(known(header), undefined);
  } finally {
    await t.close();
  }
});

Deno.test("a write to the database forgets every known caller until their access is loaded again", async () => {
  const { t, known, signIn } = await setUp();
  try {
    const header = `Bearer ${await t.tokenFor("sales@acme.test")}`;
    await signIn(header);
    const before = known(header);
    ok(before);
    // Revoke the sales role's leads permission: the stamp moves with the write.
    await t.db.run(
      `DELETE FROM role_permissions WHERE permission = 'leads.read' AND role_id IN
         (SELECT id FROM roles WHERE organization_id = 'org_acme' AND name = 'sales')`,
    );
    strictEqual(known(header), undefined, "not answered from before the write");
    await signIn(header);
    const after = known(header);
    ok(after && after !== before);
    ok(before.permissions.has("leads.read"));
    ok(!after.permissions.has("leads.read"));
  } finally {
    await t.close();
  }
});

Deno.test("past its size the memo starts afresh and still answers every caller correctly", async () => {
  const { t, known, signIn } = await setUp(1);
  try {
    const sales = `Bearer ${await t.tokenFor("sales@acme.test")}`;
    const finance = `Bearer ${await t.tokenFor("finance@acme.test")}`;
    await signIn(sales);
    await signIn(finance);
    for (let i = 0; i < 3; i++) {
      assertEquals(known(sales)?.user.email, "sales@acme.test");
      assertEquals(known(finance)?.user.email, "finance@acme.test");
    }
  } finally {
    await t.close();
  }
});
