import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createTestApp } from "../../testing/test-app.ts";

interface Refused {
  error: { code: string };
  descriptor: { title: string; body: { title: string } };
}

Deno.test("GET /ui/screens/module for an unknown app path says Page not found, not Access Denied", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const response = await t.call("GET", "/ui/screens/module?id=no-such-page", { token });
    assertEquals(response.status, 404);
    const body = await response.json() as Refused;
    assertEquals(body.error.code, "not_found");
    assertEquals([body.descriptor.title, body.descriptor.body.title], [
      "Page not found",
      "Page not found",
    ]);
  } finally {
    await t.close();
  }
});

Deno.test("GET /ui/screens for a screen the caller may not open still says Access Denied", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("pm@acme.test");
    const response = await t.call("GET", "/ui/screens/users", { token });
    assertEquals(response.status, 403);
    const body = await response.json() as Refused;
    assertEquals(body.descriptor.title, "Access Denied");
  } finally {
    await t.close();
  }
});
