import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createTestApp } from "../testing/test-app.ts";
import { jsonOf } from "../testing/http-assertions.ts";
import { idleSignedOutText } from "../platform/auth/session-store.ts";

Deno.test("GET /ui/shell says why the idle time-out signs a user out, in the organisation's minutes", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const body = await jsonOf<{ session: { idleTimeoutMs: number; idleSignedOutText: string } }>(
      await t.call("GET", "/ui/shell", { token }),
    );
    const minutes = body.session.idleTimeoutMs / 60_000;
    assertEquals(
      body.session.idleSignedOutText,
      `You were signed out after ${minutes} minutes without activity.`,
    );
  } finally {
    await t.close();
  }
});

Deno.test("the idle sign-out text counts seconds when the time-out is not whole minutes", () => {
  assertEquals(idleSignedOutText(60), "You were signed out after 1 minute without activity.");
  assertEquals(idleSignedOutText(12), "You were signed out after 12 seconds without activity.");
});
