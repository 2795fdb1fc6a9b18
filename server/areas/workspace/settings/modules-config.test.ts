import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { jsonOf } from "../../../testing/http-assertions.ts";

interface ModulesBody {
  modules: { id: string; people_with_access: number }[];
}

async function peopleWithAccess(t: TestApp, id: string): Promise<number> {
  const token = await t.tokenFor("admin@acme.test");
  const body = await jsonOf<ModulesBody>(
    await t.call("POST", "/api/modules/config", { token, body: {} }),
  );
  return body.modules.find((m) => m.id === id)!.people_with_access;
}

async function activeMembersWithRead(t: TestApp, permission: string): Promise<number> {
  const row = await t.db.get<{ n: number }>(
    `SELECT COUNT(DISTINCT uo.user_id) AS n FROM user_organizations uo
       JOIN users u ON u.id = uo.user_id AND u.is_active = 1
       JOIN roles r ON r.organization_id = uo.organization_id AND r.name = uo.user_role
       JOIN role_permissions rp ON rp.role_id = r.id AND rp.permission = ?
      WHERE uo.organization_id = 'org_acme' AND uo.status = 'active'`,
    [permission],
  );
  return Number(row!.n);
}

Deno.test("POST /api/modules/config counts who loses each module when it is turned off", async () => {
  const t = await createTestApp();
  try {
    const leads = await peopleWithAccess(t, "leads");
    assertEquals(leads, await activeMembersWithRead(t, "leads.read"));
    assertEquals(leads > 1, true);
    await t.db.run(
      "UPDATE user_organizations SET status = 'inactive' WHERE user_id = (SELECT id FROM users WHERE email = 'sales@acme.test') AND organization_id = 'org_acme'",
    );
    assertEquals(await peopleWithAccess(t, "leads"), leads - 1);
  } finally {
    await t.close();
  }
});

Deno.test("POST /api/modules/config counts only administrators for an administrator-only module", async () => {
  const t = await createTestApp();
  try {
    const admins = await t.db.get<{ n: number }>(
      `SELECT COUNT(*) AS n FROM user_organizations uo JOIN users u ON u.id = uo.user_id
        WHERE uo.organization_id = 'org_acme' AND uo.user_role = 'firm_admin'
          AND uo.status = 'active' AND u.is_active = 1`,
    );
    assertEquals(await peopleWithAccess(t, "users"), Number(admins!.n));
  } finally {
    await t.close();
  }
});
