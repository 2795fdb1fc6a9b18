import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { openDatabase } from "../db/open.ts";
import { createEmptyDatabaseUrl } from "../testing/test-database.ts";

async function admin(databaseUrl: string, ...args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("./admin.ts", import.meta.url).pathname, ...args],
    env: { DATABASE_URL: databaseUrl, ADMIN_PASSWORD: "a-long-password", LOG_LEVEL: "quiet" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return {
    code: out.code,
    stdout: new TextDecoder().decode(out.stdout),
    stderr: new TextDecoder().decode(out.stderr),
  };
}

Deno.test("the admin command creates the first administrator and switches modules and permissions, audited", async () => {
  const database = await createEmptyDatabaseUrl();
  const db = database.url;
  try {
    const created = await admin(db, "create-admin", "--email", "boss@new.test", "--org", "New Co");
    assertEquals(created.code, 0, created.stderr);
    const disabled = await admin(db, "modules", "disable", "leads", "--org", "New Co");
    assertEquals(disabled.code, 0, disabled.stderr);
    ok(disabled.stdout.includes("Leads (leads) is now disabled"));
    const list = await admin(db, "modules", "list", "--org", "New Co");
    ok(list.stdout.split("\n").some((line) => line.startsWith("off") && line.includes(" leads ")));
    const revoked = await admin(
      db,
      "permissions",
      "revoke",
      "tasks.read",
      "--role",
      "member",
      "--org",
      "New Co",
    );
    assertEquals(revoked.code, 0, revoked.stderr);
    const unknown = await admin(db, "modules", "enable", "no-such-module", "--org", "New Co");
    assertEquals(unknown.code, 1);
    ok(unknown.stderr.includes("No module"));
    const duplicate = await admin(db, "create-admin", "--email", "boss@new.test", "--org", "Other");
    assertEquals(duplicate.code, 1);

    const conn = openDatabase(db, { listen: false });
    try {
      const row = await conn.get<{ enabled: number }>(
        "SELECT om.enabled FROM organization_modules om JOIN organizations o ON o.id = om.organization_id WHERE o.name = 'New Co' AND om.module_id = 'leads'",
      );
      assertEquals(row?.enabled, 0);
      const audit = await conn.all<{ action: string }>(
        "SELECT action FROM audit_logs ORDER BY created_at",
      );
      assertEquals(audit.map((a) => a.action), [
        "organization.create",
        "module.disable",
        "permission.revoke",
      ]);
      assertEquals(
        (await conn.get<{ n: number }>("SELECT COUNT(*) AS n FROM organizations"))?.n,
        1,
      );
    } finally {
      await conn.close();
    }
  } finally {
    await database.drop();
  }
});
