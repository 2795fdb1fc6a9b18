/**
 * A value an organisation renames in one of its lists (a type master) is shown by
 * its new name on the screens that label a record field outside its form and
 * list: project analytics, the calendar and the client portal. The rename moves
 * the organisation's settings version, so those screens are built again; another
 * organisation keeps its own names.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { jsonOf } from "../testing/http-assertions.ts";

/** Every string of a descriptor, to find a label wherever the screen puts it. */
function texts(node: unknown): string[] {
  if (typeof node === "string") return [node];
  if (Array.isArray(node)) return node.flatMap(texts);
  if (node && typeof node === "object") return Object.values(node).flatMap(texts);
  return [];
}

async function screenTexts(app: TestApp, token: string, id: string): Promise<string[]> {
  return texts(await jsonOf(await app.call("GET", `/ui/screens/${id}`, { token }), 200));
}

async function settingsVersion(app: TestApp, organizationId: string): Promise<number> {
  const row = await app.db.get<{ v: number }>(
    "SELECT settings_version AS v FROM organizations WHERE id = ?",
    [organizationId],
  );
  return Number(row!.v);
}

Deno.test("a task status renamed in the organisation's list is shown by its new name on analytics, calendar and portal screens", async () => {
  const app = await createTestApp();
  try {
    const admin = await app.tokenFor("admin@acme.test");
    const client = await app.tokenFor("client@northwind.test");
    const globex = await app.tokenFor("admin@globex.test");
    const screens: [string, string][] = [
      [admin, "progress-analytics"],
      [admin, "calendar"],
      [client, "client-portal/dashboard"],
    ];
    for (const [token, id] of screens) {
      ok((await screenTexts(app, token, id)).includes("In progress"), id);
    }
    const row = await app.db.get<{ id: string; version: number }>(
      `SELECT id, version FROM type_masters
        WHERE organization_id = 'org_acme' AND kind = 'task_status' AND code = 'in_progress'`,
    );
    const before = await settingsVersion(app, "org_acme");
    const globexBefore = await settingsVersion(app, "org_globex");
    const renamed = await app.call("PATCH", `/api/records/type_master/${row!.id}`, {
      token: admin,
      body: { version: row!.version, values: { label: "Doing" } },
    });
    assertEquals(renamed.status, 200, await renamed.clone().text());
    assertEquals(await settingsVersion(app, "org_acme"), before + 1);
    // The same sessions, with no sign-in again: the screens are built anew.
    for (const [token, id] of screens) {
      const shown = await screenTexts(app, token, id);
      ok(shown.includes("Doing"), `${id} shows the new name`);
      ok(!shown.includes("In progress"), `${id} no longer shows the old name`);
    }
    // Another organisation's list, and its screens, keep their own names.
    ok((await screenTexts(app, globex, "progress-analytics")).includes("In progress"));
    assertEquals(await settingsVersion(app, "org_globex"), globexBefore);
  } finally {
    await app.close();
  }
});
