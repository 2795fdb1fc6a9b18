import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { ADMIN_REQUIRED_TEXT } from "../access/authorize.ts";

async function json(res: Response) {
  return await res.json();
}

async function auditCount(t: TestApp, action: string, resource: string): Promise<number> {
  return (await t.db.get<{ n: number }>(
    "SELECT COUNT(*) AS n FROM audit_logs WHERE organization_id = 'org_acme' AND action = ? AND resource_id = ?",
    [action, resource],
  ))!.n;
}

async function navigationIds(t: TestApp, token: string): Promise<string[]> {
  return (await json(await t.call("POST", "/navigation", { token, body: {} }))).items.map((
    i: { id: string },
  ) => i.id);
}

Deno.test("an administrator disables a module: hidden for everyone, refused to everyone, audited once", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const sales = await t.tokenFor("sales@acme.test");
    ok((await navigationIds(t, sales)).includes("leads"));
    const res = await t.call("POST", "/admin/modules/toggle", {
      token: admin,
      body: { module_id: "leads", enabled: false, version: 1 },
    });
    assertEquals(res.status, 200);
    const body = await json(res);
    assertEquals([body.module.enabled, body.module.version, body.catalogue_version], [false, 2, 2]);
    ok(!(await navigationIds(t, sales)).includes("leads"));
    ok(!(await navigationIds(t, admin)).includes("leads"));
    for (const token of [sales, admin]) {
      const refused = await t.call("POST", "/leads", { token, body: {} });
      assertEquals(refused.status, 403);
      ok((await json(refused)).error.message.includes("leads"));
    }
    assertEquals(await auditCount(t, "module.disable", "leads"), 1);
  } finally {
    await t.close();
  }
});

Deno.test("a toggle with a stale version answers 409 and changes nothing", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    assertEquals(
      (await t.call("POST", "/admin/modules/toggle", {
        token: admin,
        body: { module_id: "leads", enabled: false, version: 1 },
      })).status,
      200,
    );
    const enablesBefore = await auditCount(t, "module.enable", "leads");
    const stale = await t.call("POST", "/admin/modules/toggle", {
      token: admin,
      body: { module_id: "leads", enabled: true, version: 1 },
    });
    assertEquals(stale.status, 409);
    assertEquals((await json(stale)).error.details.current_version, 2);
    const row = await t.db.get<{ enabled: number; version: number }>(
      "SELECT enabled, version FROM organization_modules WHERE organization_id = 'org_acme' AND module_id = 'leads'",
    );
    assertEquals({ ...row }, { enabled: 0, version: 2 });
    assertEquals(await auditCount(t, "module.enable", "leads"), enablesBefore);
  } finally {
    await t.close();
  }
});

Deno.test("administration calls answer 403 with the administrator text to other roles", async () => {
  const t = await createTestApp();
  try {
    const pm = await t.tokenFor("pm@acme.test");
    const res = await t.call("POST", "/admin/roles/list", { token: pm, body: {} });
    assertEquals(res.status, 403);
    const finance = await t.tokenFor("finance@acme.test");
    const org = await t.call("POST", "/admin/organization/update", {
      token: finance,
      body: { version: 1, name: "Hijacked" },
    });
    assertEquals(org.status, 403);
    assertEquals(
      (await t.db.get<{ name: string }>("SELECT name FROM organizations WHERE id = 'org_acme'"))!
        .name,
      "Acme Consulting",
    );
    const admin = await t.tokenFor("admin@acme.test");
    const roles = await json(await t.call("POST", "/admin/roles/list", { token: admin, body: {} }));
    const pmRole = roles.roles.find((r: { name: string }) => r.name === "project_manager");
    await t.call("POST", "/admin/roles/grant", {
      token: admin,
      body: { role: "project_manager", permission: "rbac.read", version: pmRole.version },
    });
    const evenWithPermission = await t.call("POST", "/admin/roles/list", { token: pm, body: {} });
    assertEquals(evenWithPermission.status, 403);
    assertEquals((await json(evenWithPermission)).error.message, ADMIN_REQUIRED_TEXT);
    const member = admin;
    await t.call("POST", "/user-organizations/switch", {
      token: member,
      body: { organization_id: "org_globex" },
    });
    const asMember = await t.call("POST", "/admin/modules/toggle", {
      token: member,
      body: { module_id: "leads", enabled: false, version: 1 },
    });
    assertEquals(asMember.status, 403);
    assertEquals(
      (await json(asMember)).error.message,
      "Missing permission organization_management.read",
    );
  } finally {
    await t.close();
  }
});

Deno.test("administration calls validate their input and store nothing on bad input", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const cases: [string, unknown, number][] = [
      ["/admin/modules/toggle", { module_id: "leads", enabled: false }, 400],
      ["/admin/modules/toggle", { module_id: "leads", enabled: "no", version: 1 }, 400],
      ["/admin/modules/toggle", { module_id: "nope", enabled: false, version: 1 }, 404],
      ["/admin/modules/toggle", {
        module_id: "organization-management",
        enabled: false,
        version: 1,
      }, 400],
      ["/admin/roles/create", { name: "Bad Name!" }, 400],
      ["/admin/roles/grant", { role: "sales", permission: "made.up.read", version: 1 }, 400],
      ["/admin/roles/revoke", { role: "firm_admin", permission: "rbac.read", version: 1 }, 400],
      ["/admin/users/invite", {
        email: "not-an-email",
        first_name: "A",
        last_name: "B",
        role: "member",
      }, 400],
      ["/admin/users/invite", {
        email: "new@acme.test",
        first_name: "A",
        last_name: "B",
        role: "no_such_role",
      }, 400],
      ["/admin/organization/update", { version: 1, name: "Acme", website: "not a url" }, 400],
      ["/admin/settings/session-policy", {
        version: 0,
        idle_timeout_minutes: 1,
        warning_seconds: 120,
      }, 400],
    ];
    const before = (await t.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM audit_logs"))!.n;
    for (const [path, body, status] of cases) {
      const res = await t.call("POST", path, { token: admin, body });
      assertEquals(res.status, status, `${path} ${JSON.stringify(body)}`);
      ok((await json(res)).error.message, `${path} answers an error message`);
    }
    assertEquals(
      (await t.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM audit_logs"))!.n,
      before,
    );
    assertEquals(await t.db.get("SELECT id FROM users WHERE email = 'new@acme.test'"), undefined);
  } finally {
    await t.close();
  }
});

Deno.test("revoking a read permission takes effect on the very next request", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const sales = await t.tokenFor("sales@acme.test");
    assertEquals((await t.call("POST", "/leads", { token: sales, body: {} })).status, 200);
    const roles = await json(await t.call("POST", "/admin/roles/list", { token: admin, body: {} }));
    const role = roles.roles.find((r: { name: string }) => r.name === "sales");
    ok(role.screens.some((s: { id: string }) => s.id === "leads"));
    const res = await t.call("POST", "/admin/roles/revoke", {
      token: admin,
      body: { role: "sales", permission: "leads.read", version: role.version },
    });
    assertEquals(res.status, 200);
    const refused = await t.call("POST", "/leads", { token: sales, body: {} });
    assertEquals(refused.status, 403);
    assertEquals((await json(refused)).error.message, "Missing permission leads.read");
    ok(!(await navigationIds(t, sales)).includes("leads"));
    assertEquals(await auditCount(t, "permission.revoke", "sales"), 1);
    const stale = await t.call("POST", "/admin/roles/grant", {
      token: admin,
      body: { role: "sales", permission: "leads.read", version: role.version },
    });
    assertEquals(stale.status, 409);
  } finally {
    await t.close();
  }
});

Deno.test("a new role starts with no permissions and its members see nothing", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const created = await t.call("POST", "/admin/roles/create", {
      token: admin,
      body: { name: "auditor" },
    });
    assertEquals(created.status, 201);
    assertEquals((await json(created)).role.permissions, []);
    assertEquals(
      (await t.call("POST", "/admin/users/set-role", {
        token: admin,
        body: { user_id: "usr_acme_maya", role: "auditor" },
      })).status,
      200,
    );
    const maya = await t.tokenFor("maya@acme.test");
    assertEquals(await navigationIds(t, maya), []);
  } finally {
    await t.close();
  }
});

Deno.test("a role change takes effect on the member's next request without signing them out", async () => {
  const t = await createTestApp();
  try {
    const login = await json(
      await t.call("POST", "/auth/login", {
        body: { email: "pm@acme.test", password: "demo-password" },
      }),
    );
    const admin = await t.tokenFor("admin@acme.test");
    assertEquals(
      (await t.call("POST", "/admin/users/set-role", {
        token: admin,
        body: { user_id: "usr_acme_pm", role: "member" },
      })).status,
      200,
    );
    const me = await json(
      await t.call("POST", "/auth/me", { token: login.access_token, body: {} }),
    );
    assertEquals(me.role, "member");
    const refreshed = await json(
      await t.call("POST", "/auth/refresh", { body: { refresh_token: login.refresh_token } }),
    );
    assertEquals(refreshed.user.role, "member");
    assertEquals(await auditCount(t, "user.role_change", "usr_acme_pm"), 1);
  } finally {
    await t.close();
  }
});

Deno.test("the last administrator can be neither demoted nor deactivated", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const demote = await t.call("POST", "/admin/users/set-role", {
      token: admin,
      body: { user_id: "usr_acme_admin", role: "member" },
    });
    assertEquals(demote.status, 400);
    const deactivate = await t.call("POST", "/admin/users/deactivate", {
      token: admin,
      body: { user_id: "usr_acme_admin" },
    });
    assertEquals(deactivate.status, 400);
    assertEquals({
      ...(await t.db.get<{ user_role: string; status: string }>(
        "SELECT user_role, status FROM user_organizations WHERE user_id = 'usr_acme_admin' AND organization_id = 'org_acme'",
      )),
    }, { user_role: "firm_admin", status: "active" });
    await t.call("POST", "/admin/users/set-role", {
      token: admin,
      body: { user_id: "usr_acme_pm", role: "firm_admin" },
    });
    assertEquals(
      (await t.call("POST", "/admin/users/set-role", {
        token: admin,
        body: { user_id: "usr_acme_admin", role: "member" },
      })).status,
      200,
    );
  } finally {
    await t.close();
  }
});

Deno.test("an invitation yields a one-time link that sets the password once", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const invite = await t.call("POST", "/admin/users/invite", {
      token: admin,
      body: {
        email: "newbie@acme.test",
        first_name: "New",
        last_name: "Colleague",
        role: "member",
      },
    });
    assertEquals(invite.status, 201);
    const { invitation_link } = await json(invite);
    const token = new URL(invitation_link).searchParams.get("token")!;
    const early = await t.call("POST", "/auth/login", {
      body: { email: "newbie@acme.test", password: "a-new-password" },
    });
    assertEquals(early.status, 401);
    assertEquals(
      (await t.call("POST", "/auth/accept-invitation", {
        body: { token, password: "a-new-password" },
      })).status,
      200,
    );
    assertEquals(
      (await t.call("POST", "/auth/accept-invitation", {
        body: { token, password: "another-password" },
      })).status,
      400,
    );
    const login = await t.call("POST", "/auth/login", {
      body: { email: "newbie@acme.test", password: "a-new-password" },
    });
    assertEquals(login.status, 200);
    assertEquals((await json(login)).user.role, "member");
  } finally {
    await t.close();
  }
});

Deno.test("the organisation's details update with validation and a version", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const res = await t.call("POST", "/admin/organization/update", {
      token: admin,
      body: {
        version: 1,
        name: "Acme Consulting Group",
        website: "https://acme.example",
        size: "51-200",
      },
    });
    assertEquals(res.status, 200);
    const org = await json(
      await t.call("POST", "/organizations/current", { token: admin, body: {} }),
    );
    assertEquals(org.organization.name, "Acme Consulting Group");
    const stale = await t.call("POST", "/admin/organization/update", {
      token: admin,
      body: { version: 1, name: "Again" },
    });
    assertEquals(stale.status, 409);
    const shell = await json(await t.call("GET", "/ui/shell", { token: admin }));
    assertEquals(shell.organization.name, "Acme Consulting Group");
  } finally {
    await t.close();
  }
});

Deno.test("the session policy setting reaches the shell descriptor", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const res = await t.call("POST", "/admin/settings/session-policy", {
      token: admin,
      body: { version: 0, idle_timeout_minutes: 2, warning_seconds: 30 },
    });
    assertEquals(res.status, 200);
    const shell = await json(
      await t.call("GET", "/ui/shell", { token: await t.tokenFor("pm@acme.test") }),
    );
    assertEquals([shell.session.idleTimeoutMs, shell.session.warningMs], [120_000, 30_000]);
    const again = await t.call("POST", "/admin/settings/session-policy", {
      token: admin,
      body: { version: 0, idle_timeout_minutes: 5, warning_seconds: 30 },
    });
    assertEquals(again.status, 409);
  } finally {
    await t.close();
  }
});

Deno.test("50 concurrent toggles: one winner per version, nothing lost", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const attempts = Array.from(
      { length: 50 },
      (_, i) => ({ enabled: i % 2 === 0, version: 1 + (i % 5) }),
    );
    const results = await Promise.all(attempts.map(async (a) => {
      const res = await t.call("POST", "/admin/modules/toggle", {
        token: admin,
        body: { module_id: "discussion", ...a },
      });
      return { status: res.status, body: await json(res), attempt: a };
    }));
    const wins = results.filter((r) => r.status === 200);
    ok(results.every((r) => r.status === 200 || r.status === 409));
    ok(wins.length >= 1);
    const winningVersions = wins.map((w) => w.attempt.version).sort((a, b) => a - b);
    assertEquals(winningVersions, Array.from({ length: wins.length }, (_, i) => i + 1));
    const last = wins.find((w) => w.attempt.version === wins.length)!;
    const row = await t.db.get<{ enabled: number; version: number }>(
      "SELECT enabled, version FROM organization_modules WHERE organization_id = 'org_acme' AND module_id = 'discussion'",
    );
    assertEquals({ ...row }, { enabled: last.attempt.enabled ? 1 : 0, version: wins.length + 1 });
    const audits = (await t.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM audit_logs WHERE resource_type = 'module' AND resource_id = 'discussion'",
    ))!.n;
    assertEquals(audits, wins.length);
  } finally {
    await t.close();
  }
});

Deno.test("GET /ui/events streams a change of the caller's organisation", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    assertEquals((await t.call("GET", "/ui/events")).status, 401);
    const res = await t.call("GET", "/ui/events", { token: await t.tokenFor("sales@acme.test") });
    assertEquals(res.headers.get("content-type"), "text/event-stream; charset=utf-8");
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    ok(text.startsWith("event: hello"), text);
    await t.call("POST", "/admin/modules/toggle", {
      token: admin,
      body: { module_id: "leads", enabled: false, version: 1 },
    });
    while (!text.includes("event: change")) text += decoder.decode((await reader.read()).value);
    const data = JSON.parse(text.split("event: change\ndata: ")[1].split("\n")[0]);
    assertEquals([data.type, data.organization_id, data.versions.catalogue], [
      "catalogue",
      "org_acme",
      2,
    ]);
    await reader.cancel();
  } finally {
    await t.close();
  }
});
