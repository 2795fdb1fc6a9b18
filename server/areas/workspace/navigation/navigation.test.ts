import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { errorOf, jsonOf } from "../../../testing/http-assertions.ts";
import { moduleDefinitions } from "../../../platform/catalogue/module-definitions.ts";

interface NavigationItem {
  id: string;
  name: string;
  category: string;
  description: string;
  enabled: boolean;
  endpoints: string[];
  readPermissionId: string;
  icon: string;
}

interface NavigationBody {
  items: NavigationItem[];
  categories: { name: string; priority: number }[];
}

async function navigation(t: TestApp, email: string): Promise<NavigationBody> {
  const token = await t.tokenFor(email);
  return await jsonOf<NavigationBody>(await t.call("POST", "/navigation", { token, body: {} }));
}

async function disableModule(t: TestApp, organizationId: string, moduleId: string) {
  await t.db.run(
    "UPDATE organization_modules SET enabled = 0, version = version + 1 WHERE organization_id = ? AND module_id = ?",
    [organizationId, moduleId],
  );
  await t.db.run(
    "UPDATE organizations SET catalogue_version = catalogue_version + 1 WHERE id = ?",
    [organizationId],
  );
}

async function revokePermission(t: TestApp, organizationId: string, role: string, perm: string) {
  await t.db.run(
    `DELETE FROM role_permissions WHERE permission = ?
       AND role_id = (SELECT id FROM roles WHERE organization_id = ? AND name = ?)`,
    [perm, organizationId, role],
  );
  await t.db.run(
    "UPDATE organizations SET permission_version = permission_version + 1 WHERE id = ?",
    [organizationId],
  );
}

const LEAD_CALLS = [
  "/leads",
  "/api/leads/stats",
  "/api/leads/led_acme_001/assignments",
  "/api/assignments",
];

Deno.test("POST /navigation shows the admin every module of the catalogue", async () => {
  const t = await createTestApp();
  try {
    const body = await navigation(t, "admin@acme.test");
    assertEquals(body.items.length, moduleDefinitions().length);
    assertEquals(body.items.map((i) => i.id), moduleDefinitions().map((m) => m.id));
    ok(body.items.every((i) => i.enabled));
    const leads = body.items.find((i) => i.id === "leads")!;
    assertEquals(leads, {
      id: "leads",
      name: "Leads",
      category: "Sales",
      description: leads.description,
      enabled: true,
      endpoints: ["/leads", "/api/leads/stats", "/api/leads/*/assignments", "/api/assignments"],
      readPermissionId: "leads.read",
      icon: "target",
    });
    const settings = body.items.find((i) => i.id === "settings")!;
    assertEquals(settings.readPermissionId, "system.system_settings.read");
    assertEquals(body.categories, [
      { name: "Core", priority: 1 },
      { name: "Sales", priority: 1 },
      { name: "Finance", priority: 1 },
      { name: "Operations", priority: 2 },
      { name: "Legal", priority: 2 },
      { name: "Analytics", priority: 2 },
      { name: "HRMS", priority: 3 },
      { name: "Reports", priority: 3 },
      { name: "Tools", priority: 3 },
      { name: "System", priority: 4 },
    ]);
  } finally {
    await t.close();
  }
});

Deno.test("POST /navigation shows sales only Core, Sales, their own expense claims, six Operations items (project templates to read), their own reports and reminders", async () => {
  const t = await createTestApp();
  try {
    const { items } = await navigation(t, "sales@acme.test");
    assertEquals([...new Set(items.map((i) => i.category))], [
      "Core",
      "Sales",
      "Finance",
      "Operations",
      "Analytics",
      "Reports",
      "System",
    ]);
    const catalogueIds = (category: string) =>
      moduleDefinitions().filter((m) => m.category === category).map((m) => m.id);
    const ids = (category: string) => items.filter((i) => i.category === category).map((i) => i.id);
    assertEquals(ids("Core"), catalogueIds("Core"));
    assertEquals(ids("Sales"), catalogueIds("Sales"));
    assertEquals(ids("Finance"), ["expenses"]);
    assertEquals(ids("Operations"), [
      "project-templates",
      "clients",
      "proposals",
      "proposals/new",
      "proposal-templates",
      "proposal-templates/create",
    ]);
    // Everyone keeps reports of what they may read: the builder and their saved reports.
    assertEquals(ids("Analytics"), ["report-builder"]);
    assertEquals(ids("Reports"), ["reports"]);
    // Everyone keeps reminders; nothing else of System is theirs.
    assertEquals(ids("System"), ["reminders"]);
  } finally {
    await t.close();
  }
});

Deno.test("POST /navigation hides items of disabled modules for everyone", async () => {
  const t = await createTestApp();
  try {
    const before = await navigation(t, "admin@acme.test");
    await disableModule(t, "org_acme", "leads");
    for (const email of ["admin@acme.test", "sales@acme.test", "pm@acme.test"]) {
      const { items } = await navigation(t, email);
      ok(!items.some((i) => i.id === "leads"), `${email} still sees leads`);
    }
    const after = await navigation(t, "admin@acme.test");
    assertEquals(after.items.length, before.items.length - 1);
    const globex = await navigation(t, "admin@globex.test");
    ok(globex.items.some((i) => i.id === "leads"), "Globex lost leads too");
  } finally {
    await t.close();
  }
});

Deno.test("The endpoints of a disabled module answer 403 naming the module, also for the admin", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const sales = await t.tokenFor("sales@acme.test");
    for (const path of LEAD_CALLS) {
      assertEquals((await t.call("POST", path, { token: admin, body: {} })).status, 200, path);
    }
    await disableModule(t, "org_acme", "leads");
    for (const token of [admin, sales]) {
      for (const path of LEAD_CALLS) {
        const error = await errorOf(
          await t.call("POST", path, { token, body: {} }),
          403,
          "forbidden",
        );
        ok(error.message.includes("leads"), `${path}: ${error.message}`);
        assertEquals(error.details, { module: "leads" });
      }
    }
    const globex = await t.tokenFor("admin@globex.test");
    assertEquals((await t.call("POST", "/leads", { token: globex, body: {} })).status, 200);
  } finally {
    await t.close();
  }
});

Deno.test("Removing a role permission answers 403 naming it on the very next request", async () => {
  const t = await createTestApp();
  try {
    const sales = await t.tokenFor("sales@acme.test");
    assertEquals((await t.call("POST", "/leads", { token: sales, body: {} })).status, 200);
    await revokePermission(t, "org_acme", "sales", "leads.read");
    const error = await errorOf(
      await t.call("POST", "/leads", { token: sales, body: {} }),
      403,
      "forbidden",
    );
    ok(error.message.includes("leads.read"), error.message);
    assertEquals(error.details, { permission: "leads.read" });
    const { items } = await navigation(t, "sales@acme.test");
    ok(!items.some((i) => i.id === "leads"));
    const admin = await t.tokenFor("admin@acme.test");
    assertEquals((await t.call("POST", "/leads", { token: admin, body: {} })).status, 200);
  } finally {
    await t.close();
  }
});

Deno.test("A role without a module's read permission gets 403 naming it from the module's endpoints", async () => {
  const t = await createTestApp();
  try {
    const pm = await t.tokenFor("pm@acme.test");
    for (const [path, permission] of [["/leads", "leads.read"], ["/users/list", "users.read"]]) {
      const error = await errorOf(
        await t.call("POST", path, { token: pm, body: {} }),
        403,
        "forbidden",
      );
      ok(error.message.includes(permission), error.message);
    }
  } finally {
    await t.close();
  }
});

Deno.test("A new role with no permissions sees nothing and may call nothing (deny by default)", async () => {
  const t = await createTestApp();
  try {
    await t.db.run(
      "INSERT INTO roles (id, organization_id, name, description, created_at) VALUES ('rol_intern', 'org_acme', 'intern', '', ?)",
      [new Date(t.clock.now).toISOString()],
    );
    await t.db.run(
      "UPDATE user_organizations SET user_role = 'intern' WHERE user_id = 'usr_acme_pm' AND organization_id = 'org_acme'",
    );
    const token = await t.tokenFor("pm@acme.test");
    assertEquals((await navigation(t, "pm@acme.test")).items, []);
    for (const path of ["/dashboard/summary", "/notifications", "/tasks/list-with-details"]) {
      await errorOf(await t.call("POST", path, { token, body: {} }), 403, "forbidden");
    }
    const shell = await jsonOf<{ sidebar: { categories: unknown[] } }>(
      await t.call("GET", "/ui/shell", { token }),
    );
    assertEquals(shell.sidebar.categories, []);
    await errorOf(await t.call("GET", "/ui/screens/dashboard", { token }), 403, "forbidden");
  } finally {
    await t.close();
  }
});

Deno.test("A role name with no role record at all is granted nothing", async () => {
  const t = await createTestApp();
  try {
    await t.db.run(
      "UPDATE user_organizations SET user_role = 'ghost' WHERE user_id = 'usr_acme_sales'",
    );
    assertEquals((await navigation(t, "sales@acme.test")).items, []);
  } finally {
    await t.close();
  }
});
