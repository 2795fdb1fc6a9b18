import { deepStrictEqual as assertEquals, rejects } from "node:assert/strict";
import type { Database } from "../database.ts";
import { migrate, MIGRATIONS } from "../migrate.ts";
import { migrateTo, withEmptyDatabase } from "../../testing/migration-steps.ts";

/** Tables that belong to no one organisation: the tenants, people, the catalogue, bookkeeping. */
const UNSCOPED = [
  "chat_feedback",
  "contact_requests",
  "meta",
  "modules",
  "organizations",
  "password_resets",
  // Which default-role permissions were rolled out: one record for every organisation.
  "permission_rollouts",
  "refresh_tokens",
  "schema_migrations",
  "user_preferences",
  "users",
];

async function columnsByTable(db: Database): Promise<Map<string, string[]>> {
  const rows = await db.all<{ table_name: string; column_name: string }>(
    db.dialect === "sqlite"
      ? `SELECT m.name AS table_name, p.name AS column_name
           FROM sqlite_master m JOIN pragma_table_info(m.name) p
          WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite%'`
      : `SELECT CAST(table_name AS text) AS table_name, CAST(column_name AS text) AS column_name
           FROM information_schema.columns WHERE table_schema = 'public'`,
  );
  const tables = new Map<string, string[]>();
  for (const row of rows) {
    tables.set(row.table_name, [...(tables.get(row.table_name) ?? []), row.column_name]);
  }
  return tables;
}

Deno.test("migration 009 gives project members and role permissions their organisation, kept NOT NULL", async () => {
  await withEmptyDatabase(async (db) => {
    await migrateTo(db, 8);
    const at = "2031-05-20T09:00:00.000Z";
    for (const org of ["org_a", "org_b"]) {
      await db.run(
        "INSERT INTO organizations (id, name, created_at, updated_at) VALUES (?, ?, ?, ?)",
        [
          org,
          org,
          at,
          at,
        ],
      );
      await db.run(
        `INSERT INTO users (id, email, password_hash, first_name, last_name, created_at, updated_at)
         VALUES (?, ?, 'x', 'A', 'B', ?, ?)`,
        [`usr_${org}`, `${org}@example.test`, at, at],
      );
      await db.run(
        `INSERT INTO projects (id, organization_id, name, status, start_date, end_date, created_at, updated_at)
         VALUES (?, ?, 'P', 'active', '2031-05-01', '2031-06-01', ?, ?)`,
        [`prj_${org}`, org, at, at],
      );
      await db.run(
        "INSERT INTO project_members (project_id, user_id, role, added_at) VALUES (?, ?, 'manager', ?)",
        [`prj_${org}`, `usr_${org}`, at],
      );
      await db.run(
        "INSERT INTO roles (id, organization_id, name, created_at) VALUES (?, ?, 'member', ?)",
        [`rol_${org}`, org, at],
      );
      await db.run("INSERT INTO role_permissions (role_id, permission) VALUES (?, 'tasks.read')", [
        `rol_${org}`,
      ]);
    }
    assertEquals(await migrate(db), MIGRATIONS.filter((m) => m.version > 8).map((m) => m.version));

    assertEquals(
      (await db.all<object>(
        "SELECT project_id, organization_id FROM project_members ORDER BY project_id",
      ))
        .map((r) => ({ ...r })),
      [
        { project_id: "prj_org_a", organization_id: "org_a" },
        { project_id: "prj_org_b", organization_id: "org_b" },
      ],
    );
    assertEquals(
      (await db.all<object>(
        "SELECT role_id, organization_id FROM role_permissions ORDER BY role_id",
      ))
        .map((r) => ({ ...r })),
      [
        { role_id: "rol_org_a", organization_id: "org_a" },
        { role_id: "rol_org_b", organization_id: "org_b" },
      ],
    );
    await rejects(
      db.run(
        "INSERT INTO role_permissions (role_id, permission) VALUES ('rol_org_a', 'leads.read')",
      ),
    );
    await rejects(
      db.run(
        "INSERT INTO project_members (project_id, user_id, role, added_at) VALUES ('prj_org_a', 'usr_org_b', 'developer', ?)",
        [at],
      ),
    );
    // A role's permissions still go with it.
    await db.run("DELETE FROM roles WHERE id = 'rol_org_a'");
    assertEquals(
      (await db.all<{ role_id: string }>("SELECT role_id FROM role_permissions")).map((r) =>
        r.role_id
      ),
      ["rol_org_b"],
    );
  });
});

Deno.test("every table but the unscoped ones carries organization_id", async () => {
  await withEmptyDatabase(async (db) => {
    await migrate(db);
    const tables = await columnsByTable(db);
    const lacking = [...tables].filter(([, columns]) => !columns.includes("organization_id"))
      .map(([table]) => table).sort();
    assertEquals(lacking, UNSCOPED);
  });
});
