import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createTestApp } from "../../testing/test-app.ts";
import { createApp } from "../../app.ts";
import { errorOf } from "../../testing/http-assertions.ts";

Deno.test("a session kept busy on another instance is not ended as idle here, though this instance last saw it long ago", async () => {
  const t = await createTestApp({ idleTimeoutSeconds: 300 });
  const otherDb = t.connect();
  try {
    const other = createApp({
      db: otherDb,
      config: t.config,
      secret: t.secret,
      clock: () => t.clock.now,
    });
    const token = await t.tokenFor("sales@acme.test");
    const me = (fetcher: (r: Request) => Response | Promise<Response>) =>
      fetcher(
        new Request("http://localhost/auth/me", {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: "{}",
        }),
      );
    // This instance remembers the session as last seen now.
    assertEquals((await me((r) => t.fetch(r))).status, 200);
    // Four minutes later the person works on the other instance, which records it.
    t.clock.advance(4 * 60_000);
    assertEquals((await me((r) => other.fetch(r))).status, 200);
    // Two minutes after that (six since this instance saw them, past the five-minute
    // time-out) they come back here.
    t.clock.advance(2 * 60_000);
    assertEquals((await me((r) => t.fetch(r))).status, 200);
    // And a session really left alone for the time-out is ended, on either instance.
    t.clock.advance(5 * 60_000 + 30_000);
    await errorOf(await me((r) => t.fetch(r)), 401, "session_idle");
    await errorOf(await me((r) => other.fetch(r)), 401, "session_idle");
  } finally {
    await otherDb.close();
    await t.close();
  }
});
