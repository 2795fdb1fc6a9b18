/**
 * Organisation settings, the module configuration and the caller's preferences
 * (spec §7 `/api/settings`, `/api/modules/config`, `/api/user/preferences`).
 */
import { ModulesConfigRequest, ModulesConfigResponse } from "../../../../schemas/api/navigation.ts";
import {
  PreferencesRequest,
  PreferencesResponse,
  SettingsRequest,
  SettingsResponse,
} from "../../../../schemas/api/records.ts";
import type { Database } from "../../../db/database.ts";
import type { Api } from "../../../platform/http/api.ts";
import {
  type ModuleDefinition,
  moduleDefinitions,
} from "../../../platform/catalogue/module-definitions.ts";
import { ADMIN_ROLE } from "../../../platform/access/access.ts";
import { readersByPermission } from "./repo.ts";

/** Declares the settings endpoints. */
export function settingsRoutes(api: Api, db: Database, clock: () => number): void {
  api.route({
    method: "post",
    path: "/api/settings",
    reads: true,
    tag: "Settings",
    summary: "Organisation settings with their versions",
    audience: "staff",
    body: SettingsRequest,
    response: SettingsResponse,
  }, async (c, { access }) => {
    const rows = await db.all<{ key: string; value: string; version: number }>(
      "SELECT key, value, version FROM settings WHERE organization_id = ? ORDER BY key",
      [access.organizationId],
    );
    return c.json({
      settings: Object.fromEntries(
        rows.map((r) => [r.key, { value: JSON.parse(r.value), version: r.version }]),
      ),
    });
  });

  api.route({
    method: "post",
    path: "/api/modules/config",
    reads: true,
    tag: "Settings",
    summary: "Every catalogue module with its switch in the current organisation",
    audience: "staff",
    body: ModulesConfigRequest,
    response: ModulesConfigResponse,
  }, async (c, { access }) => {
    const rows = await db.all<{ module_id: string; enabled: number; version: number }>(
      "SELECT module_id, enabled, version FROM organization_modules WHERE organization_id = ?",
      [access.organizationId],
    );
    const state = new Map(rows.map((r) => [r.module_id, r]));
    const readers = await readersByPermission(db, access.organizationId);
    // Administrator-only modules open for administrators alone, whatever others hold.
    const peopleWithAccess = (module: ModuleDefinition) =>
      readers.filter((r) =>
        r.permission === module.readPermissionId &&
        (!module.adminOnly || r.user_role === ADMIN_ROLE)
      ).reduce((sum, r) => sum + Number(r.people), 0);
    return c.json({
      modules: moduleDefinitions().map((m) => ({
        id: m.id,
        name: m.name,
        category: m.category,
        description: m.description,
        enabled: state.get(m.id)?.enabled === 1,
        endpoints: m.endpoints,
        readPermissionId: m.readPermissionId,
        icon: m.icon,
        version: state.get(m.id)?.version ?? 1,
        adminOnly: m.adminOnly,
        people_with_access: peopleWithAccess(m),
      })),
      catalogue_version: access.catalogueVersion,
    });
  });

  api.route({
    method: "post",
    path: "/api/user/preferences",
    reads: true,
    tag: "Settings",
    summary: "Read the caller's preferences; with `preferences`, merge and store them first",
    audience: "user",
    body: PreferencesRequest,
    response: PreferencesResponse,
  }, async (c, { access, body }) => {
    const userId = access.user.id;
    if (body.preferences) {
      await mergePreferences(db, userId, body.preferences, new Date(clock()).toISOString());
    }
    const row = await db.get<{ value: string; updated_at: string }>(
      "SELECT value, updated_at FROM user_preferences WHERE user_id = ?",
      [userId],
    );
    return c.json({
      preferences: row ? JSON.parse(row.value) : {},
      updated_at: row?.updated_at ?? null,
    });
  });
}

/**
 * Merges preferences into the stored ones. Two tabs saving different keys at
 * once both keep theirs: the write applies only over the value it merged into
 * (an insert only where there was none), and a write that lost that race merges
 * again into the value that won.
 */
async function mergePreferences(
  db: Database,
  userId: string,
  incoming: Record<string, unknown>,
  now: string,
): Promise<void> {
  for (;;) {
    const row = await db.get<{ value: string }>(
      "SELECT value FROM user_preferences WHERE user_id = ?",
      [userId],
    );
    const merged = JSON.stringify({ ...(row ? JSON.parse(row.value) : {}), ...incoming });
    const written = row
      ? await db.run(
        "UPDATE user_preferences SET value = ?, updated_at = ? WHERE user_id = ? AND value = ?",
        [merged, now, userId, row.value],
      )
      : await db.run(
        `INSERT INTO user_preferences (user_id, value, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (user_id) DO NOTHING`,
        [userId, merged, now],
      );
    if (written.changes === 1) return;
  }
}
