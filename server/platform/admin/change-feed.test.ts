import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createTestApp } from "../../testing/test-app.ts";
import type { Database } from "../../db/database.ts";
import { ChangeFeed } from "./change-feed.ts";

Deno.test("a failed look of the change feed is survived and a later look delivers the change", async () => {
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
    feed.start();
    // The first look and its first retry fail; the second retry reads the versions.
    await new Promise((resolve) => setTimeout(resolve, 400));
    failures = 1; // and the look after the change fails once more
    await t.db.run(
      "UPDATE organizations SET settings_version = settings_version + 1 WHERE id = 'org_acme'",
    );
    // The feed's retry timer does not keep the process alive; this one does, and bounds the wait.
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
