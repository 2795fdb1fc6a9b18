/**
 * The lead assignment screens: `lead-assignment` lists the leads with their
 * owners, `lead-assignment/rules` lists the assignment rules (a declared type
 * whose module has a slash), and `lead-assignment/bulk` is the bulk form that
 * sends the one bulk call; each descriptor valid, reachable from the routes, and
 * the rules screen closed to a member.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { ScreenDescriptor } from "../../../../schemas/descriptor/mod.ts";
import { createTestApp } from "../../../testing/test-app.ts";
import { jsonOf } from "../../../testing/http-assertions.ts";

type Json = Record<string, unknown>;

Deno.test("the lead assignment screens", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const routes = await jsonOf<{ routes: { path: string; screen: string }[] }>(
      await t.call("GET", "/ui/routes", { token: admin }),
    );
    for (const path of ["lead-assignment", "lead-assignment/bulk", "lead-assignment/rules"]) {
      const route = routes.routes.find((r) => r.path === `/app/${path}`);
      ok(route, `no route for ${path}`);
      const screen = await jsonOf<Json>(
        await t.call("GET", `/ui/screens/${route.screen}`, { token: admin }),
      );
      const parsed = ScreenDescriptor.safeParse(screen);
      ok(parsed.success, parsed.error?.message);
      const text = JSON.stringify(screen);
      if (path === "lead-assignment") {
        ok(text.includes('"api":"/api/records/lead"'), text.slice(0, 300));
      }
      if (path === "lead-assignment/rules") {
        ok(text.includes('"api":"/api/records/lead_assignment_rule"'), text.slice(0, 300));
      }
      if (path === "lead-assignment/bulk") {
        ok(text.includes('"path":"/api/leads/assign"'), text);
        ok(text.includes('"label":"Referral"'), "the sources by their labels");
      }
    }
    const member = await t.tokenFor("member@acme.test");
    const refused = await t.call("GET", "/ui/screens/lead-assignment/bulk", { token: member });
    assertEquals(refused.status, 403);
  } finally {
    await t.close();
  }
});
