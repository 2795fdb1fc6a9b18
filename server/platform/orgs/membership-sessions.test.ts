import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { errorOf, jsonOf } from "../../testing/http-assertions.ts";

interface Shell {
  organization: { id: string; name: string };
  header: { organizations: { id: string; name: string; roleLabel: string; current: boolean }[] };
}

async function signIn(t: TestApp, email: string): Promise<string> {
  const body = await jsonOf<{ access_token: string }>(
    await t.call("POST", "/auth/login", { body: { email, password: "demo-password" } }),
  );
  return body.access_token;
}

async function currentOrganization(t: TestApp, token: string): Promise<string> {
  const body = await jsonOf<{ organization: { id: string } }>(
    await t.call("POST", "/organizations/current", { token, body: {} }),
  );
  return body.organization.id;
}

function switchTo(t: TestApp, token: string, organizationId: string): Promise<Response> {
  return t.call("POST", "/user-organizations/switch", {
    token,
    body: { organization_id: organizationId },
  });
}

async function shellOf(t: TestApp, token: string): Promise<{ shell: Shell; etag: string }> {
  const res = await t.call("GET", "/ui/shell", { token });
  return { etag: res.headers.get("etag") ?? "", shell: await jsonOf<Shell>(res) };
}

Deno.test("switching organisation moves only this session, and the shell follows", async () => {
  const t = await createTestApp();
  try {
    const desk = await signIn(t, "admin@acme.test");
    const laptop = await signIn(t, "admin@acme.test");
    const before = await shellOf(t, laptop);
    assertEquals(before.shell.header.organizations, [
      { id: "org_acme", name: "Acme Consulting", roleLabel: "Firm administrator", current: true },
      { id: "org_globex", name: "Globex Partners", roleLabel: "Member", current: false },
    ]);
    const switched = await jsonOf<{ current: { organization_id: string } }>(
      await switchTo(t, laptop, "org_globex"),
    );
    assertEquals(switched.current.organization_id, "org_globex");
    assertEquals(await currentOrganization(t, laptop), "org_globex");
    assertEquals(await currentOrganization(t, desk), "org_acme");
    const after = await shellOf(t, laptop);
    assertEquals(after.shell.organization.id, "org_globex");
    assertEquals(after.shell.header.organizations.map((o) => [o.id, o.current]), [
      ["org_acme", false],
      ["org_globex", true],
    ]);
    ok(after.etag !== before.etag, "the new organisation's shell has its own ETag");
    // A member of Globex may not open Acme's administration screens there.
    const members = await t.call("GET", "/ui/screens/users", { token: laptop });
    assertEquals(members.status, 403);
    const atDesk = await t.call("GET", "/ui/screens/users", { token: desk });
    assertEquals(atDesk.status, 200);
    // The next sign-in starts where the user last chose.
    assertEquals(await currentOrganization(t, await signIn(t, "admin@acme.test")), "org_globex");
  } finally {
    await t.close();
  }
});

Deno.test("another organisation's administrator deactivating a shared member affects only their membership there", async () => {
  const t = await createTestApp();
  try {
    const inAcme = await signIn(t, "admin@acme.test");
    const inGlobex = await signIn(t, "admin@acme.test");
    await jsonOf(await switchTo(t, inGlobex, "org_globex"));
    const globexAdmin = await t.tokenFor("admin@globex.test");
    await jsonOf(
      await t.call("POST", "/admin/users/deactivate", {
        token: globexAdmin,
        body: { user_id: "usr_acme_admin" },
      }),
    );
    // The Acme session keeps working as before.
    assertEquals(await currentOrganization(t, inAcme), "org_acme");
    assertEquals(
      (await t.call("POST", "/users/list", { token: inAcme, body: {} })).status,
      200,
    );
    // The Globex session falls back to Acme instead of dying.
    assertEquals(await currentOrganization(t, inGlobex), "org_acme");
    // Switching back into Globex is refused with a reason.
    const refused = await errorOf(await switchTo(t, inAcme, "org_globex"), 403, "forbidden");
    assertEquals(
      refused.message,
      "Your membership in Globex Partners has been deactivated. Ask one of its administrators to restore it.",
    );
    // The switcher no longer offers Globex.
    const { shell } = await shellOf(t, inAcme);
    assertEquals(shell.header.organizations.map((o) => o.id), ["org_acme"]);
    // Audited in both organisations, without telling Acme where the change came from.
    const audit = await t.db.all<{ organization_id: string; action: string; after_value: string }>(
      "SELECT organization_id, action, after_value FROM audit_logs WHERE resource_id = 'usr_acme_admin' AND action IN ('user.deactivate', 'user.sessions_moved_in') ORDER BY organization_id",
    );
    assertEquals(audit.map((a) => [a.organization_id, a.action]), [
      ["org_acme", "user.sessions_moved_in"],
      ["org_globex", "user.deactivate"],
    ]);
    ok(!audit[0].after_value.includes("globex"), audit[0].after_value);
  } finally {
    await t.close();
  }
});

Deno.test("another organisation's administrator changing a shared member's role there signs them out nowhere", async () => {
  const t = await createTestApp();
  try {
    const acme = await jsonOf<{ access_token: string; refresh_token: string }>(
      await t.call("POST", "/auth/login", {
        body: { email: "admin@acme.test", password: "demo-password" },
      }),
    );
    const globexAdmin = await t.tokenFor("admin@globex.test");
    await jsonOf(
      await t.call("POST", "/admin/users/set-role", {
        token: globexAdmin,
        body: { user_id: "usr_acme_admin", role: "finance" },
      }),
    );
    const refreshed = await jsonOf<{ user: { role: string } }>(
      await t.call("POST", "/auth/refresh", { body: { refresh_token: acme.refresh_token } }),
    );
    assertEquals(refreshed.user.role, "firm_admin");
    assertEquals(await currentOrganization(t, acme.access_token), "org_acme");
    const { shell } = await shellOf(t, acme.access_token);
    assertEquals(shell.header.organizations.map((o) => [o.id, o.roleLabel]), [
      ["org_acme", "Firm administrator"],
      ["org_globex", "Finance"],
    ]);
  } finally {
    await t.close();
  }
});

Deno.test("a member deactivated in their only organisation has their session ended with a reason", async () => {
  const t = await createTestApp();
  try {
    const sales = await signIn(t, "sales@acme.test");
    const admin = await t.tokenFor("admin@acme.test");
    await jsonOf(
      await t.call("POST", "/admin/users/deactivate", {
        token: admin,
        body: { user_id: "usr_acme_sales" },
      }),
    );
    const ended = await errorOf(
      await t.call("POST", "/organizations/current", { token: sales, body: {} }),
      401,
      "session_ended",
    );
    assertEquals(ended.message, "You no longer have an active membership in any organization.");
  } finally {
    await t.close();
  }
});
