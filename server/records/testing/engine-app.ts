/**
 * A test app serving the test-only record types (server/testing/sample-record-types.ts)
 * beside the product's: their tables synced from their declarations, and the
 * permissions every declaration gives each default role granted in every
 * organisation.
 */
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { SAMPLE_CONTROLLERS, SAMPLE_RECORD_TYPES } from "../../testing/sample-record-types.ts";
import { syncDeclaredTables } from "../engine/table-sync.ts";
import { permissionOf } from "../../platform/access/authorize.ts";
import { recordTypes } from "../catalogue.ts";
import type { RecordType } from "../define.ts";
import type { Config } from "../../config.ts";

/** The app with the sample types' tables and grants (and the configuration overrides given). */
export async function createEngineTestApp(
  extra: readonly RecordType[] = [],
  overrides: Partial<Config> = {},
): Promise<TestApp> {
  const samples = [...SAMPLE_RECORD_TYPES, ...extra];
  const app = await createTestApp(overrides, {
    recordTypes: [...recordTypes(), ...samples],
    controllers: SAMPLE_CONTROLLERS,
  });
  await app.db.transaction((tx) => syncDeclaredTables(tx, samples));
  const roles = await app.db.all<{ id: string; organization_id: string; name: string }>(
    "SELECT id, organization_id, name FROM roles",
  );
  for (const type of [...recordTypes(), ...samples]) {
    for (const [roleName, actions] of Object.entries(type.declaration.roles)) {
      for (const role of roles.filter((r) => r.name === roleName)) {
        for (const action of actions) {
          await app.db.run(
            `INSERT INTO role_permissions (organization_id, role_id, permission) VALUES (?, ?, ?)
             ON CONFLICT DO NOTHING`,
            [role.organization_id, role.id, permissionOf(type.module, action)],
          );
        }
      }
    }
  }
  return app;
}

/** Grants a role, in every organisation, these actions of a module. */
export async function grant(app: TestApp, role: string, module: string, actions: string[]) {
  const roles = await app.db.all<{ id: string; organization_id: string }>(
    "SELECT id, organization_id FROM roles WHERE name = ?",
    [role],
  );
  for (const r of roles) {
    for (const action of actions) {
      await app.db.run(
        `INSERT INTO role_permissions (organization_id, role_id, permission) VALUES (?, ?, ?)
         ON CONFLICT DO NOTHING`,
        [r.organization_id, r.id, permissionOf(module, action)],
      );
    }
  }
}
