import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { assertInvalidFields, errorOf, jsonOf } from "../../testing/http-assertions.ts";
import { RoleMatrixResponse } from "../../../schemas/api/admin.ts";
import type { z } from "zod";

type Matrix = z.infer<typeof RoleMatrixResponse>;

async function matrixOf(t: TestApp, token: string, role: string): Promise<Matrix> {
  return RoleMatrixResponse.parse(
    await jsonOf(await t.call("POST", "/admin/roles/matrix", { token, body: { role } })),
  );
}

Deno.test("POST /admin/roles/matrix shows a role's permissions by module and action, and a box's payload changes it", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const before = await matrixOf(t, admin, "project_manager");
    const projects = before.modules.find((m) => m.module === "projects")!;
    assertEquals([projects.category, projects.read?.granted], ["Operations", true]);
    const update = projects.update!;
    assertEquals(projects.others.map((o) => o.permission), [
      "projects.administer",
      "projects.approve",
      "projects.level1",
    ]);
    assertEquals(
      [update.permission, update.granted, update.title],
      ["projects.update", true, "Projects: Update (projects.update)"],
    );
    assertEquals(
      before.modules.find((m) => m.module === "clients")!.others.map((c) => c.permission),
      ["clients.message", "clients.portal_invite", "clients.portal_revoke"],
    );
    assertEquals(before.modules.find((m) => m.module === "leads")!.read?.granted, false);
    // Rows come by category: Core first, System last.
    assertEquals(before.modules[0].category, "Core");
    assertEquals(before.modules.at(-1)!.category, "System");

    // The box sends what it carries.
    await jsonOf(
      await t.call("POST", "/admin/roles/revoke", {
        token: admin,
        body: { role: update.role, permission: update.permission, version: update.version },
      }),
    );
    const after = await matrixOf(t, admin, "project_manager");
    const now = after.modules.find((m) => m.module === "projects")!.update!;
    assertEquals([now.granted, now.version], [false, update.version + 1]);
    const pm = await t.tokenFor("pm@acme.test");
    const refused = await errorOf(
      await t.call("POST", "/projects/prj_northwind_erp/update-progress", {
        token: pm,
        body: { organization_id: "org_acme", progress_percentage: 20 },
      }),
      403,
      "forbidden",
    );
    assertEquals(refused.details?.permission, "projects.update");
  } finally {
    await t.close();
  }
});

Deno.test("POST /admin/roles/matrix and grant refuse what is not a role's permission to show or hold", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    await assertInvalidFields(
      await t.call("POST", "/admin/roles/matrix", {
        token: admin,
        body: { role: "client_portal" },
      }),
      "role",
    );
    await errorOf(
      await t.call("POST", "/admin/roles/matrix", { token: admin, body: { role: "nobody" } }),
      404,
      "not_found",
    );
    await assertInvalidFields(
      await t.call("POST", "/admin/roles/matrix", { token: admin, body: {} }),
      "role",
    );
    await assertInvalidFields(
      await t.call("POST", "/admin/roles/grant", {
        token: admin,
        body: { role: "sales", permission: "leads.approve", version: 1 },
      }),
      "permission",
    );
    const sales = await t.tokenFor("sales@acme.test");
    await errorOf(
      await t.call("POST", "/admin/roles/matrix", { token: sales, body: { role: "sales" } }),
      403,
      "forbidden",
    );
  } finally {
    await t.close();
  }
});
