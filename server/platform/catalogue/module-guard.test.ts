import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../../testing/test-app.ts";
import { errorOf, jsonOf } from "../../testing/http-assertions.ts";

Deno.test("A module's endpoints own their whole subtree: /admin/settings/session-policy/get is refused when System Settings is off", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    await jsonOf(
      await t.call("POST", "/admin/settings/session-policy/get", { token: admin, body: {} }),
    );
    await jsonOf(
      await t.call("POST", "/admin/modules/toggle", {
        token: admin,
        body: { module_id: "settings", enabled: false, version: 1 },
      }),
    );
    for (
      const [path, body] of [
        ["/admin/settings/session-policy/get", {}],
        ["/admin/settings/session-policy", {
          version: 0,
          idle_timeout_minutes: 5,
          warning_seconds: 30,
        }],
      ] as const
    ) {
      const error = await errorOf(
        await t.call("POST", path, { token: admin, body }),
        403,
        "forbidden",
      );
      assertEquals(error.details?.module, "settings", path);
      ok(
        error.message.includes("System Settings") || error.message.includes("settings"),
        error.message,
      );
    }
  } finally {
    await t.close();
  }
});
