import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../../testing/test-app.ts";
import { assertInvalidFields, errorOf, jsonOf } from "../../testing/http-assertions.ts";

interface Membership {
  id: string;
  user_id: string;
  organization_id: string;
  organization_name: string;
  user_role: string;
  is_current: boolean;
  created_at: string;
  updated_at: string;
}

function summary(memberships: Membership[]) {
  return memberships.map((
    m,
  ) => [m.organization_id, m.organization_name, m.user_role, m.is_current]);
}

Deno.test("POST /user-organizations/by-user lists the caller's own memberships, current first", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const memberships = await jsonOf<Membership[]>(
      await t.call("POST", "/user-organizations/by-user", {
        token,
        body: { user_id: "usr_acme_admin" },
      }),
    );
    assertEquals(summary(memberships), [
      ["org_acme", "Acme Consulting", "firm_admin", true],
      ["org_globex", "Globex Partners", "member", false],
    ]);
    for (const m of memberships) {
      assertEquals(m.user_id, "usr_acme_admin");
      ok(m.id.length > 0 && m.created_at.length > 0 && m.updated_at.length > 0);
    }
  } finally {
    await t.close();
  }
});

Deno.test("POST /user-organizations/ falls back to the caller's memberships without a user_id", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const withoutId = await jsonOf<Membership[]>(
      await t.call("POST", "/user-organizations/", { token, body: {} }),
    );
    assertEquals(summary(withoutId), [
      ["org_acme", "Acme Consulting", "firm_admin", true],
      ["org_globex", "Globex Partners", "member", false],
    ]);
    const withId = await jsonOf<Membership[]>(
      await t.call("POST", "/user-organizations/", { token, body: { user_id: "usr_acme_pm" } }),
    );
    assertEquals(summary(withId), [["org_acme", "Acme Consulting", "project_manager", true]]);
  } finally {
    await t.close();
  }
});

Deno.test("POST /user-organizations/by-user answers 404 when a non-admin asks for someone else", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("pm@acme.test");
    for (const path of ["/user-organizations/by-user", "/user-organizations/"]) {
      const res = await t.call("POST", path, { token, body: { user_id: "usr_acme_sales" } });
      await errorOf(res, 404, "not_found");
    }
  } finally {
    await t.close();
  }
});

Deno.test("POST /user-organizations/by-user shows the Acme admin a member's Acme membership", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const memberships = await jsonOf<Membership[]>(
      await t.call("POST", "/user-organizations/by-user", {
        token,
        body: { user_id: "usr_acme_pm" },
      }),
    );
    assertEquals(summary(memberships), [["org_acme", "Acme Consulting", "project_manager", true]]);
  } finally {
    await t.close();
  }
});

Deno.test("POST /user-organizations/by-user answers 404 to the Globex admin for an Acme-only user", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@globex.test");
    const res = await t.call("POST", "/user-organizations/by-user", {
      token,
      body: { user_id: "usr_acme_pm" },
    });
    await errorOf(res, 404, "not_found");
  } finally {
    await t.close();
  }
});

Deno.test("POST /user-organizations/by-user shows the Globex admin only the Globex membership of a shared user", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@globex.test");
    const memberships = await jsonOf<Membership[]>(
      await t.call("POST", "/user-organizations/by-user", {
        token,
        body: { user_id: "usr_acme_admin" },
      }),
    );
    assertEquals(summary(memberships), [["org_globex", "Globex Partners", "member", false]]);
  } finally {
    await t.close();
  }
});

Deno.test("POST /user-organizations/by-user answers 400 naming user_id when it is missing or not a string", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    for (const body of [{}, { user_id: 7 }, { user_id: "" }]) {
      await assertInvalidFields(
        await t.call("POST", "/user-organizations/by-user", { token, body }),
        "user_id",
      );
    }
  } finally {
    await t.close();
  }
});

Deno.test("POST /user-organizations/switch moves the admin to Globex and permissions follow on the next request", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const navItems = async () =>
      (await jsonOf<{ items: { id: string }[] }>(
        await t.call("POST", "/navigation", { token, body: {} }),
      )).items.map((i) => i.id);
    const shellItems = async () => {
      const shell = await jsonOf<{
        organization: { id: string };
        sidebar: { categories: { items: { id: string }[] }[] };
        header: { userMenu: { id: string }[] };
      }>(await t.call("GET", "/ui/shell", { token }));
      return {
        organization: shell.organization.id,
        items: shell.sidebar.categories.flatMap((c) => c.items.map((i) => i.id)),
        menu: shell.header.userMenu.map((m) => m.id),
      };
    };

    const acmeNav = await navItems();
    const acmeShell = await shellItems();
    assertEquals(acmeShell.organization, "org_acme");
    ok(acmeNav.includes("users") && acmeNav.includes("leads"));

    const switched = await jsonOf<{ current: Membership; memberships: Membership[] }>(
      await t.call("POST", "/user-organizations/switch", {
        token,
        body: { organization_id: "org_globex" },
      }),
    );
    assertEquals(switched.current.organization_id, "org_globex");
    assertEquals(switched.current.user_role, "member");
    assertEquals(switched.memberships.filter((m) => m.is_current).length, 1);

    const globexNav = await navItems();
    const globexShell = await shellItems();
    assertEquals(globexShell.organization, "org_globex");
    ok(globexNav.length < acmeNav.length, `${globexNav.length} < ${acmeNav.length}`);
    ok(globexShell.items.length < acmeShell.items.length);
    assertEquals(globexShell.items, globexNav);
    ok(!globexNav.includes("users") && !globexNav.includes("leads"));
    ok(globexNav.includes("dashboard") && globexNav.includes("documents"));
    ok(!globexShell.menu.includes("settings"));

    const meBody = await jsonOf(await t.call("POST", "/auth/me", { token, body: {} }));
    assertEquals(meBody.role, "member");
    await errorOf(await t.call("POST", "/leads", { token, body: {} }), 403, "forbidden");

    const logs = await t.db.all<{ action: string; organization_id: string }>(
      "SELECT action, organization_id FROM audit_logs WHERE action = 'organization.switch'",
    );
    assertEquals(logs.map((l) => [l.action, l.organization_id]), [
      ["organization.switch", "org_globex"],
    ]);
  } finally {
    await t.close();
  }
});

Deno.test("POST /user-organizations/switch answers 404 for an organisation the caller is not in", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("pm@acme.test");
    for (const organization_id of ["org_globex", "org_nowhere"]) {
      const res = await t.call("POST", "/user-organizations/switch", {
        token,
        body: { organization_id },
      });
      await errorOf(res, 404, "not_found");
    }
    const current = await t.db.all<{ organization_id: string }>(
      "SELECT organization_id FROM user_organizations WHERE user_id = 'usr_acme_pm' AND is_current = 1",
    );
    assertEquals(current.map((m) => m.organization_id), ["org_acme"]);
  } finally {
    await t.close();
  }
});

Deno.test("POST /organizations/current answers the caller's current organisation", async () => {
  const t = await createTestApp();
  try {
    const body = await jsonOf<{ organization: Record<string, unknown> }>(
      await t.call("POST", "/organizations/current", {
        token: await t.tokenFor("admin@globex.test"),
        body: {},
      }),
    );
    assertEquals(body.organization.id, "org_globex");
    assertEquals(body.organization.name, "Globex Partners");
    assertEquals(body.organization.industry, "Finance");
    assertEquals(body.organization.is_active, true);
  } finally {
    await t.close();
  }
});
