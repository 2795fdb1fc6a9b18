/**
 * Test support: takes a permission from a role of Acme through the roles API, as
 * its administrator would, at the role's current version.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import type { TestApp } from "./test-app.ts";

/** Revokes `permission` from Acme's role `role` (by name). */
export async function revokePermission(t: TestApp, role: string, permission: string) {
  const row = await t.db.get<{ version: number }>(
    "SELECT version FROM roles WHERE organization_id = 'org_acme' AND name = ?",
    [role],
  );
  const res = await t.call("POST", "/admin/roles/revoke", {
    token: await t.tokenFor("admin@acme.test"),
    body: { role, permission, version: Number(row!.version) },
  });
  assertEquals(res.status, 200, await res.text());
}
