import assert from "node:assert/strict";
import type { Change, ChangeOrigin, ChangeTopic } from "./change-signal.ts";
import type { Database } from "./database.ts";
import { createTestDatabase } from "../testing/test-database.ts";

/** Collects what a database hears from elsewhere, and waits for a change that satisfies a test. */
function listen(db: Database) {
  const heard: { change: Change; origin: ChangeOrigin }[] = [];
  const waiters: { test: (c: Change) => boolean; resolve: (c: Change) => void }[] = [];
  db.signal.subscribe((change, origin) => {
    heard.push({ change, origin });
    for (const waiter of [...waiters]) {
      if (origin === "remote" && waiter.test(change)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(change);
      }
    }
  });
  return {
    heard,
    next(test: (c: Change) => boolean, withinMs = 3000): Promise<Change | "nothing"> {
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve("nothing"), withinMs);
        waiters.push({
          test,
          resolve: (c) => {
            clearTimeout(timer);
            resolve(c);
          },
        });
      });
    },
  };
}

const has = (topic: ChangeTopic) => (c: Change) => c.topics.includes(topic);

Deno.test("a committed change is heard by another connection: with its organisation and topic on PostgreSQL, as everything on SQLite", async () => {
  const t = await createTestDatabase();
  const other = t.connect();
  try {
    const ear = listen(other);
    // SQLite's watch must have read data_version, PostgreSQL's LISTEN must be up.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const heard = ear.next(has("catalogue"));
    await t.db.transaction(async (tx) => {
      await tx.run(
        "UPDATE organizations SET catalogue_version = catalogue_version + 1 WHERE id = ?",
        [
          "org_acme",
        ],
      );
      await tx.announce({ organizationId: "org_acme", topics: ["catalogue"] });
    });
    const change = await heard;
    assert.notEqual(change, "nothing", "the other connection heard nothing within 3 s");
    if (t.db.dialect === "postgres") {
      assert.deepEqual(change, { organizationId: "org_acme", topics: ["catalogue"] });
      // The write itself is announced too, without an organisation: access changed.
      assert.ok(
        ear.heard.some((h) =>
          h.change.organizationId === null && h.change.topics.includes("access")
        ),
      );
    } else {
      // Another SQLite connection only learns that the file changed.
      assert.equal((change as Change).organizationId, null);
      assert.ok((change as Change).topics.includes("access"));
    }
  } finally {
    await other.close();
    await t.drop();
  }
});

Deno.test("a rolled back change is heard by nobody, here or elsewhere", async () => {
  const t = await createTestDatabase();
  const other = t.connect();
  try {
    const here = listen(t.db);
    const there = listen(other);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = other.signal.stamp(["access", "catalogue"]);
    await assert.rejects(
      t.db.transaction(async (tx) => {
        await tx.run(
          "UPDATE organizations SET catalogue_version = catalogue_version + 1 WHERE id = ?",
          [
            "org_acme",
          ],
        );
        await tx.announce({ organizationId: "org_acme", topics: ["catalogue"] });
        throw new Error("changed my mind");
      }),
      /changed my mind/,
    );
    assert.equal(await there.next(() => true, 600), "nothing");
    assert.deepEqual(here.heard, []);
    assert.equal(other.signal.stamp(["access", "catalogue"]), before);
  } finally {
    await other.close();
    await t.drop();
  }
});

Deno.test("session activity and bookkeeping move no stamp here; business writes move only the data stamp", async () => {
  const t = await createTestDatabase();
  try {
    const access = t.db.signal.stamp(["access", "catalogue", "permissions", "settings"]);
    const sessions = t.db.signal.stamp(["sessions"]);
    const data = t.db.signal.stamp(["data"]);
    await t.db.run(
      "INSERT INTO sessions (id, user_id, organization_id, created_at, last_seen_at) VALUES ('ses_x', 'usr_acme_admin', 'org_acme', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')",
    );
    await t.db.run("UPDATE sessions SET last_seen_at = ? WHERE id = ?", [
      "2026-01-01T00:01:00.000Z",
      "ses_x",
    ]);
    await t.db.run(
      "INSERT INTO audit_logs (id, organization_id, action, resource_type, created_at) VALUES ('aud_x', 'org_acme', 'x', 'y', '2026-01-01T00:00:00.000Z')",
    );
    assert.equal(t.db.signal.stamp(["sessions"]), sessions);
    assert.equal(t.db.signal.stamp(["data"]), data);
    await t.db.run("UPDATE tasks SET title = title || '!' WHERE organization_id = 'org_acme'");
    assert.notEqual(t.db.signal.stamp(["data"]), data);
    assert.equal(
      t.db.signal.stamp(["access", "catalogue", "permissions", "settings"]),
      access,
      "a business write flushed the access caches",
    );
    await t.db.run("UPDATE sessions SET revoked_at = ? WHERE id = ?", [
      "2026-01-01T00:02:00.000Z",
      "ses_x",
    ]);
    assert.notEqual(t.db.signal.stamp(["sessions"]), sessions);
  } finally {
    await t.drop();
  }
});

Deno.test("the records an organisation's writes name are heard even when a write without an organisation covers their topic", async () => {
  const t = await createTestDatabase();
  const db = t.db;
  try {
    const heard: Change[] = [];
    db.signal.subscribe((change, origin) => {
      if (origin === "local") heard.push(change);
    });
    await db.transaction(async (tx) => {
      await tx.announce({ organizationId: null, topics: ["data"] });
      await tx.announce({
        organizationId: "org_acme",
        topics: ["data"],
        records: [{ type: "automation_run", id: "run_1", version: 1 }],
      });
    });
    assert.deepEqual(heard, [
      { organizationId: null, topics: ["data"] },
      {
        organizationId: "org_acme",
        topics: ["data"],
        records: [{ type: "automation_run", id: "run_1", version: 1 }],
      },
    ]);
  } finally {
    await t.drop();
  }
});
