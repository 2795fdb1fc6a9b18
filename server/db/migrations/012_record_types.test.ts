import { deepStrictEqual as assertEquals } from "node:assert/strict";
import type { Database } from "../database.ts";
import { migrate, MIGRATIONS } from "../migrate.ts";
import { migrateTo, withEmptyDatabase } from "../../testing/migration-steps.ts";
import { DEFAULT_TYPE_MASTERS } from "../../areas/workspace/types/type-master-defaults.ts";

const rows = async (db: Database, sql: string) =>
  (await db.all<Record<string, unknown>>(sql)).map((r) => ({ ...r }));

Deno.test("migration 012 numbers existing tasks per organisation and year, keeps their tags and dependencies, and makes members child rows", async () => {
  await withEmptyDatabase(async (db) => {
    await migrateTo(db, 11);
    const at = "2031-05-20T09:00:00.000Z";
    for (const org of ["org_a", "org_b"]) {
      await db.run(
        "INSERT INTO organizations (id, name, created_at, updated_at) VALUES (?, ?, ?, ?)",
        [org, org, at, at],
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
        "INSERT INTO project_members (organization_id, project_id, user_id, role, hourly_rate, added_at) VALUES (?, ?, ?, 'manager', 120, ?)",
        [org, `prj_${org}`, `usr_${org}`, at],
      );
    }
    const tasks: [string, string, string, string, string][] = [
      // id, organisation, created_at, tags, dependencies
      ["tsk_3", "org_a", "2030-12-30T10:00:00.000Z", '["backend","client"]', "[]"],
      ["tsk_1", "org_a", "2031-01-02T10:00:00.000Z", "[]", '["tsk_3"]'],
      ["tsk_2", "org_a", "2031-01-02T10:00:00.000Z", '["ops"]', '["tsk_3","tsk_1"]'],
      ["tsk_4", "org_b", "2031-03-01T10:00:00.000Z", "[]", "[]"],
    ];
    for (const [id, org, created, tags, dependencies] of tasks) {
      await db.run(
        `INSERT INTO tasks (id, organization_id, title, status, tags, dependencies, created_at, updated_at)
         VALUES (?, ?, 'T', 'todo', ?, ?, ?, ?)`,
        [id, org, tags, dependencies, created, created],
      );
    }
    assertEquals(await migrate(db), MIGRATIONS.filter((m) => m.version > 11).map((m) => m.version));

    assertEquals(
      await rows(db, "SELECT id, name, version, tags FROM tasks ORDER BY id"),
      [
        { id: "tsk_1", name: "TSK-2031-00001", version: 1, tags: "" },
        { id: "tsk_2", name: "TSK-2031-00002", version: 1, tags: "ops" },
        { id: "tsk_3", name: "TSK-2030-00001", version: 1, tags: "backend, client" },
        { id: "tsk_4", name: "TSK-2031-00001", version: 1, tags: "" },
      ],
    );
    assertEquals(
      await rows(
        db,
        "SELECT organization_id, prefix, current FROM naming_series ORDER BY organization_id, prefix",
      ),
      [
        { organization_id: "org_a", prefix: "TSK-2030-", current: 1 },
        { organization_id: "org_a", prefix: "TSK-2031-", current: 2 },
        { organization_id: "org_b", prefix: "TSK-2031-", current: 1 },
      ],
    );
    assertEquals(
      await rows(
        db,
        "SELECT organization_id, task_id, idx, depends_on FROM task_dependencies ORDER BY task_id, idx",
      ),
      [
        { organization_id: "org_a", task_id: "tsk_1", idx: 0, depends_on: "tsk_3" },
        { organization_id: "org_a", task_id: "tsk_2", idx: 0, depends_on: "tsk_3" },
        { organization_id: "org_a", task_id: "tsk_2", idx: 1, depends_on: "tsk_1" },
      ],
    );
    assertEquals(
      await rows(
        db,
        "SELECT id, organization_id, project_id, idx, user_id, role, hourly_rate FROM project_members ORDER BY id",
      ),
      ["org_a", "org_b"].map((org) => ({
        id: `prj_${org}.usr_${org}`,
        organization_id: org,
        project_id: `prj_${org}`,
        idx: 0,
        user_id: `usr_${org}`,
        role: "manager",
        hourly_rate: 120,
      })),
    );
    // Organisations existing then got the default lists, with the ids registration gives.
    assertEquals(
      await rows(
        db,
        "SELECT id, name, kind, code, label, tone, position, active FROM type_masters WHERE organization_id = 'org_b' ORDER BY id",
      ),
      DEFAULT_TYPE_MASTERS.map((row, index) => ({
        id: `tym_org_b_${index + 1}`,
        name: row.code,
        kind: row.kind,
        code: row.code,
        label: row.label,
        tone: row.tone,
        position: row.position,
        active: 1,
      })).sort((a, b) => a.id < b.id ? -1 : 1),
    );
  });
});
