/**
 * Data care is an administrator's maintenance screen under System Settings, not a
 * tab of the project form: administrators reach it from the routes table and the
 * System Settings screen; no one else may open it; the project form has no such tab.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { ScreenDescriptor } from "../../../schemas/descriptor/mod.ts";
import { createTestApp } from "../../testing/test-app.ts";
import { jsonOf } from "../../testing/http-assertions.ts";

type Json = Record<string, unknown>;

/** Every tab id of the project form's record-form widget. */
function formTabs(screen: Json): string[] {
  const find = (node: unknown): Json | undefined => {
    if (node === null || typeof node !== "object") return undefined;
    const n = node as Json;
    if (n.type === "record-form") return n;
    for (const child of (n.children as unknown[] | undefined) ?? []) {
      const found = find(child);
      if (found) return found;
    }
    return undefined;
  };
  return ((find(screen.body)?.tabs as { id: string }[] | undefined) ?? []).map((t) => t.id);
}

Deno.test("Data care is a System Settings screen for administrators, and no tab of the project form", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const screen = await jsonOf<Json>(
      await t.call("GET", "/ui/screens/settings/data-care", { token: admin }),
    );
    const parsed = ScreenDescriptor.safeParse(screen);
    ok(parsed.success, parsed.error?.message);
    assertEquals((screen.body as Json).title, "Data care");
    // The care sources wait for the administrator to pick a project.
    const sources = screen.sources as Record<string, { enabledWhen?: string[]; path: string }>;
    const care = Object.entries(sources).filter(([name]) => name.startsWith("care_"));
    assertEquals(care.length, 5);
    for (const [, source] of care) {
      assertEquals(source.enabledWhen, ["projectId"]);
      ok(source.path.startsWith("/enterprise-projects/{projectId}/"), source.path);
    }
    const routes = await jsonOf<{ routes: { path: string; screen: string }[] }>(
      await t.call("GET", "/ui/routes", { token: admin }),
    );
    ok(routes.routes.some((r) => r.path === "/app/settings/data-care"));
    const settings = JSON.stringify(
      await jsonOf(await t.call("GET", "/ui/screens/settings", { token: admin })),
    );
    ok(settings.includes('"to":"/app/settings/data-care"'), "System Settings links to Data care");

    const form = await jsonOf<Json>(
      await t.call("GET", "/ui/screens/projects/form?id=prj_northwind_erp", { token: admin }),
    );
    ok(formTabs(form).includes("schedule"), `the form's tabs: ${formTabs(form)}`);
    assertEquals(formTabs(form).includes("data_care"), false);

    const manager = await t.tokenFor("pm@acme.test");
    const refused = await t.call("GET", "/ui/screens/settings/data-care", { token: manager });
    await refused.body?.cancel();
    assertEquals(refused.status, 403);
  } finally {
    await t.close();
  }
});
