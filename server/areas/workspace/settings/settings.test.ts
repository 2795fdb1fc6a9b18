import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../../../testing/test-app.ts";
import { assertInvalidFields, errorOf, jsonOf } from "../../../testing/http-assertions.ts";
import { moduleDefinitions } from "../../../platform/catalogue/module-definitions.ts";

interface ModulesConfig {
  modules: {
    id: string;
    name: string;
    category: string;
    enabled: boolean;
    endpoints: string[];
    readPermissionId: string;
    version: number;
    adminOnly: boolean;
  }[];
  catalogue_version: number;
}

Deno.test("POST /api/settings answers the organisation's settings with their versions", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    // Without the demo's letterhead and proposal approval thresholds, Acme has stored no setting.
    await t.db.run("DELETE FROM settings WHERE key IN ('letterhead', 'proposal_approval')");
    assertEquals(await jsonOf(await t.call("POST", "/api/settings", { token, body: {} })), {
      settings: {},
    });
    await t.db.run(
      "INSERT INTO settings (organization_id, key, value, version, updated_at) VALUES ('org_acme', 'session_policy', ?, 3, ?)",
      [JSON.stringify({ idle_timeout_minutes: 30 }), new Date(t.clock.now).toISOString()],
    );
    assertEquals(await jsonOf(await t.call("POST", "/api/settings", { token, body: {} })), {
      settings: { session_policy: { value: { idle_timeout_minutes: 30 }, version: 3 } },
    });
    const globex = await t.tokenFor("admin@globex.test");
    assertEquals(
      await jsonOf(await t.call("POST", "/api/settings", { token: globex, body: {} })),
      { settings: {} },
    );
  } finally {
    await t.close();
  }
});

Deno.test("POST /api/settings answers 403 naming system.system_settings.read to a non-admin", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("pm@acme.test");
    const error = await errorOf(
      await t.call("POST", "/api/settings", { token, body: {} }),
      403,
      "forbidden",
    );
    ok(error.message.includes("system.system_settings.read"), error.message);
  } finally {
    await t.close();
  }
});

Deno.test("POST /api/user/preferences stores preferences, merges later ones and reads them back", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("pm@acme.test");
    const prefs = (body: unknown) => t.call("POST", "/api/user/preferences", { token, body });
    assertEquals(await jsonOf(await prefs({})), { preferences: {}, updated_at: null });

    const stored = await jsonOf(await prefs({ preferences: { theme: "dark", language: "de" } }));
    assertEquals(stored, {
      preferences: { theme: "dark", language: "de" },
      updated_at: new Date(t.clock.now).toISOString(),
    });

    t.clock.advance(60_000);
    await jsonOf(await prefs({ preferences: { dashboard_period: "90d", theme: "light" } }));
    assertEquals(await jsonOf(await prefs({})), {
      preferences: { theme: "light", language: "de", dashboard_period: "90d" },
      updated_at: new Date(t.clock.now).toISOString(),
    });

    const other = await t.tokenFor("sales@acme.test");
    assertEquals(
      await jsonOf(await t.call("POST", "/api/user/preferences", { token: other, body: {} })),
      { preferences: {}, updated_at: null },
    );
  } finally {
    await t.close();
  }
});

Deno.test("POST /api/user/preferences sent from several tabs at once keeps every tab's keys", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("pm@acme.test");
    const saves: Record<string, unknown>[] = [
      { theme: "dark" },
      { language: "de" },
      { timezone: "Europe/Berlin" },
      { email_notifications: false },
      { dashboard_period: "90d" },
    ];
    await Promise.all(saves.map(async (preferences) =>
      await jsonOf(
        await t.call("POST", "/api/user/preferences", { token, body: { preferences } }),
      )
    ));
    const read = await jsonOf<{ preferences: Record<string, unknown> }>(
      await t.call("POST", "/api/user/preferences", { token, body: {} }),
    );
    assertEquals(read.preferences, Object.assign({}, ...saves));
  } finally {
    await t.close();
  }
});

Deno.test("POST /api/user/preferences refuses invalid preferences and stores nothing", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("pm@acme.test");
    const cases: [unknown, string][] = [
      [{ preferences: { theme: "pink" } }, "preferences.theme"],
      [{ preferences: { font: "serif" } }, "preferences.font"],
      [{ preferences: { email_notifications: "yes" } }, "preferences.email_notifications"],
      [{ preferences: "dark" }, "preferences"],
      [{ theme: "dark" }, "theme"],
    ];
    for (const [body, field] of cases) {
      await assertInvalidFields(
        await t.call("POST", "/api/user/preferences", { token, body }),
        field,
      );
    }
    const rows = await t.db.all("SELECT user_id FROM user_preferences");
    assertEquals(rows.length, 0);
  } finally {
    await t.close();
  }
});

Deno.test("POST /api/modules/config answers every catalogue module with its switch", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const config = async () =>
      await jsonOf<ModulesConfig>(await t.call("POST", "/api/modules/config", { token, body: {} }));
    const before = await config();
    assertEquals(before.catalogue_version, 1);
    assertEquals(before.modules.map((m) => m.id), moduleDefinitions().map((m) => m.id));
    ok(before.modules.every((m) => m.enabled && m.version === 1));
    const users = before.modules.find((m) => m.id === "users")!;
    assertEquals([users.adminOnly, users.readPermissionId], [true, "users.read"]);
    ok(users.endpoints.includes("/users/list"), JSON.stringify(users.endpoints));
    assertEquals(before.modules.find((m) => m.id === "leads")!.adminOnly, false);

    await t.db.run(
      "UPDATE organization_modules SET enabled = 0, version = 2 WHERE organization_id = 'org_acme' AND module_id = 'leads'",
    );
    await t.db.run("UPDATE organizations SET catalogue_version = 2 WHERE id = 'org_acme'");
    const after = await config();
    assertEquals(after.catalogue_version, 2);
    const leads = after.modules.find((m) => m.id === "leads")!;
    assertEquals([leads.enabled, leads.version], [false, 2]);
    assertEquals(after.modules.filter((m) => !m.enabled).map((m) => m.id), ["leads"]);
  } finally {
    await t.close();
  }
});

Deno.test("POST /api/modules/config answers 403 to a role without organisation management", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("sales@acme.test");
    const error = await errorOf(
      await t.call("POST", "/api/modules/config", { token, body: {} }),
      403,
      "forbidden",
    );
    ok(error.message.includes("organization_management.read"), error.message);
  } finally {
    await t.close();
  }
});
