import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createTestApp } from "../../testing/test-app.ts";
import type { Database } from "../../db/database.ts";
import { ChangeFeed } from "./change-feed.ts";

Deno.test("a failed poll of the change feed is survived and the next poll delivers the change", async () => {
  const t = await createTestApp();
  let failures = 2;
  // The real database, whose reads fail twice (as when it is busy), then answer.
  const flaky: Database = Object.create(t.db, {
    all: {
      value: (sql: string, params?: []) =>
        failures-- > 0 ? Promise.reject(new Error("database is locked")) : t.db.all(sql, params),
    },
  });
  const feed = new ChangeFeed(flaky, Date.now);
  try {
    const heard = new Promise<string>((resolve) => {
      feed.subscribe("org_acme", (event) => resolve(event.type));
    });
    feed.start(5);
    await new Promise((resolve) => setTimeout(resolve, 40));
    await t.db.run(
      "UPDATE organizations SET settings_version = settings_version + 1 WHERE id = 'org_acme'",
    );
    // The feed's timer does not keep the process alive; this one does, and bounds the wait.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve("nothing heard within 2 s"), 2000);
    });
    assertEquals(await Promise.race([heard, timeout]), "settings");
    clearTimeout(timer);
  } finally {
    feed.stop();
    await t.close();
  }
});
