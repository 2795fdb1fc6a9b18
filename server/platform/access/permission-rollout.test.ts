import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { errorOf, jsonOf } from "../../testing/http-assertions.ts";
import { prepareDatabase } from "../../db/prepare.ts";
import { migrate } from "../../db/migrate.ts";
import { SAMPLE_PROJECT_ID } from "../../areas/analytics/projects/mod.ts";
import { productDefaultRoles } from "./default-roles.ts";
import { rollOutPermissions } from "./permission-rollout.ts";

const NOW = "2031-05-20T08:00:00.000Z";

async function holders(t: TestApp, role: string, permission: string): Promise<string[]> {
  const rows = await t.db.all<{ organization_id: string }>(
    `SELECT r.organization_id FROM role_permissions rp JOIN roles r ON r.id = rp.role_id
      WHERE r.name = ? AND rp.permission = ? ORDER BY r.organization_id`,
    [role, permission],
  );
  return rows.map((r) => r.organization_id);
}

async function revoke(t: TestApp, role: string, permission: string): Promise<void> {
  const admin = await t.tokenFor("admin@acme.test");
  const roles = await jsonOf<{ roles: { name: string; version: number }[] }>(
    await t.call("POST", "/admin/roles/list", { token: admin, body: {} }),
  );
  await jsonOf(
    await t.call("POST", "/admin/roles/revoke", {
      token: admin,
      body: { role, permission, version: roles.roles.find((r) => r.name === role)!.version },
    }),
  );
}

Deno.test("A permission added to a default role's declaration reaches that role in every existing organisation once", async () => {
  const t = await createTestApp();
  try {
    const sales = await t.tokenFor("sales@acme.test");
    const report = () =>
      t.call("POST", `/projects/${SAMPLE_PROJECT_ID}/health-score`, {
        token: sales,
        body: { organization_id: "org_acme" },
      });
    await errorOf(await report(), 403, "forbidden");
    assertEquals(await holders(t, "sales", "projects.read"), []);

    const declared = {
      ...productDefaultRoles(),
      sales: {
        ...productDefaultRoles().sales,
        permissions: [...productDefaultRoles().sales.permissions, "projects.read"],
      },
    };
    assertEquals(await rollOutPermissions(t.db, { now: NOW, roles: declared }), [
      { role: "sales", permission: "projects.read" },
    ]);
    assertEquals(await holders(t, "sales", "projects.read"), ["org_acme", "org_globex"]);
    // The sales user's very next request has it.
    await jsonOf(await report());

    // Revoked by an administrator, it stays revoked however often the server starts.
    await revoke(t, "sales", "projects.read");
    assertEquals(await rollOutPermissions(t.db, { now: NOW, roles: declared }), []);
    assertEquals(await holders(t, "sales", "projects.read"), ["org_globex"]);
    await errorOf(await report(), 403, "forbidden");
  } finally {
    await t.close();
  }
});

Deno.test("A default permission an administrator revoked stays revoked after a restart", async () => {
  const t = await createTestApp();
  try {
    await revoke(t, "project_manager", "projects.update");
    await prepareDatabase(t.db, { seed: "none", jwtSecret: t.secret, now: Date.parse(NOW) });
    assertEquals(await holders(t, "project_manager", "projects.update"), ["org_globex"]);
    const pm = await t.tokenFor("pm@acme.test");
    const error = await errorOf(
      await t.call("POST", `/projects/${SAMPLE_PROJECT_ID}/recalculate-metrics`, {
        token: pm,
        body: { organization_id: "org_acme" },
      }),
      403,
      "forbidden",
    );
    assertEquals(error.details?.permission, "projects.update");
  } finally {
    await t.close();
  }
});

Deno.test("A database from before rollouts were recorded gets the new default permissions but none of the read permissions it had revoked", async () => {
  const t = await createTestApp();
  try {
    // As a database from before migration 013: the migration runs on its roles.
    await t.db.run("DROP TABLE permission_rollouts");
    await t.db.run("DELETE FROM schema_migrations WHERE version = 13");
    assertEquals(await migrate(t.db), [13]);
    await t.db.run(
      "DELETE FROM role_permissions WHERE permission IN ('projects.update', 'leads.read')",
    );
    const granted = await rollOutPermissions(t.db, { now: NOW });
    assertEquals(
      granted.filter((g) => g.permission === "projects.update").map((g) => g.role).sort(),
      ["firm_admin", "project_manager"],
    );
    assertEquals(await holders(t, "project_manager", "projects.update"), [
      "org_acme",
      "org_globex",
    ]);
    assertEquals(await holders(t, "sales", "leads.read"), []);
  } finally {
    await t.close();
  }
});
