import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { errorOf, jsonOf } from "../../testing/http-assertions.ts";
import { ADMIN_REQUIRED_TEXT } from "./authorize.ts";

async function grantToProjectManager(t: TestApp, permission: string): Promise<void> {
  const admin = await t.tokenFor("admin@acme.test");
  const roles = await jsonOf<{ roles: { name: string; version: number }[] }>(
    await t.call("POST", "/admin/roles/list", { token: admin, body: {} }),
  );
  const pm = roles.roles.find((r) => r.name === "project_manager")!;
  await jsonOf(
    await t.call("POST", "/admin/roles/grant", {
      token: admin,
      body: { role: "project_manager", permission, version: pm.version },
    }),
  );
}

async function sidebarIds(t: TestApp, token: string): Promise<string[]> {
  const shell = await jsonOf<{ sidebar: { categories: { items: { id: string }[] }[] } }>(
    await t.call("GET", "/ui/shell", { token }),
  );
  return shell.sidebar.categories.flatMap((c) => c.items.map((i) => i.id));
}

Deno.test("A non-administrator granted an admin-only module's read permission finds it neither in the sidebar nor on screen nor in the API", async () => {
  const t = await createTestApp();
  try {
    await grantToProjectManager(t, "users.read");
    const pm = await t.tokenFor("pm@acme.test");
    ok(!(await sidebarIds(t, pm)).includes("users"), "the sidebar lists Users");
    const navigation = await jsonOf<{ items: { id: string }[] }>(
      await t.call("POST", "/navigation", { token: pm, body: {} }),
    );
    ok(!navigation.items.some((i) => i.id === "users"), "/navigation lists Users");
    const screen = await jsonOf<{ error: { code: string; message: string } }>(
      await t.call("GET", "/ui/screens/users", { token: pm }),
      403,
    );
    assertEquals(screen.error, { code: "forbidden", message: ADMIN_REQUIRED_TEXT });
    const api = await errorOf(
      await t.call("POST", "/users/list", { token: pm, body: {} }),
      403,
      "forbidden",
    );
    assertEquals([api.message, api.details?.role], [ADMIN_REQUIRED_TEXT, "firm_admin"]);

    // The administrator finds it in all three.
    const admin = await t.tokenFor("admin@acme.test");
    ok((await sidebarIds(t, admin)).includes("users"));
    await jsonOf(await t.call("GET", "/ui/screens/users", { token: admin }));
    await jsonOf(await t.call("POST", "/users/list", { token: admin, body: {} }));

    // The roles screen counts the screens a role opens by the same rule.
    const roles = await jsonOf<{ roles: { name: string; screens: { id: string }[] }[] }>(
      await t.call("POST", "/admin/roles/list", { token: admin, body: {} }),
    );
    const opens = (role: string) =>
      roles.roles.find((r) => r.name === role)!.screens.some((s) => s.id === "users");
    assertEquals([opens("project_manager"), opens("firm_admin")], [false, true]);
  } finally {
    await t.close();
  }
});

Deno.test("A module that is not admin-only opens from the sidebar and on screen alike once its read is granted", async () => {
  const t = await createTestApp();
  try {
    const pm = await t.tokenFor("pm@acme.test");
    ok(!(await sidebarIds(t, pm)).includes("leads"));
    await errorOf(await t.call("GET", "/ui/screens/leads", { token: pm }), 403, "forbidden");
    await grantToProjectManager(t, "leads.read");
    ok((await sidebarIds(t, pm)).includes("leads"));
    await jsonOf(await t.call("GET", "/ui/screens/leads", { token: pm }));
  } finally {
    await t.close();
  }
});
