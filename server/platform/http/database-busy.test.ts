import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import postgres from "postgres";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { errorOf, jsonOf } from "../../testing/http-assertions.ts";

const CONTACT = {
  name: "Ada Lovelace",
  email: "ada@example.test",
  message: "Please call me back.",
};

/**
 * Another connection holding the lock the contact form's write needs: SQLite's
 * write lock, or PostgreSQL's lock on the table.
 */
async function holdWriteLock(t: TestApp): Promise<{ release(): Promise<void> }> {
  if (t.db.dialect === "sqlite") {
    const holder = new DatabaseSync(t.url.slice("sqlite:".length));
    holder.exec("BEGIN IMMEDIATE");
    return {
      release() {
        if (holder.isTransaction) holder.exec("ROLLBACK");
        holder.close();
        return Promise.resolve();
      },
    };
  }
  const sql = postgres(t.url, { max: 1, onnotice: () => {} });
  const holder = await sql.reserve();
  await holder`BEGIN`;
  await holder`LOCK TABLE contact_requests IN SHARE ROW EXCLUSIVE MODE`;
  return {
    async release() {
      await holder`ROLLBACK`;
      holder.release();
      await sql.end();
    },
  };
}

Deno.test("A write the database cannot lock answers 503 with Retry-After, reads still answer, and writes recover", async () => {
  const t = await createTestApp({ dbWriteWaitMs: 300 });
  let holder: { release(): Promise<void> } | undefined;
  try {
    const token = await t.tokenFor("admin@acme.test");
    holder = await holdWriteLock(t);

    const busy = await t.call("POST", "/public/contact", { body: CONTACT });
    ok(Number(busy.headers.get("retry-after")) >= 1, "Retry-After is missing");
    await errorOf(busy, 503, "database_busy");
    // A second write must not be stuck behind the first one's failure.
    await errorOf(await t.call("POST", "/public/contact", { body: CONTACT }), 503, "database_busy");

    await jsonOf(await t.call("POST", "/clients/list", { token, body: {} }));
    const health = await jsonOf<{ status: string }>(await t.call("GET", "/api/health"));
    assertEquals(health.status, "ok");

    await holder.release();
    holder = undefined;
    await jsonOf(await t.call("POST", "/public/contact", { body: CONTACT }), 201);
    const stored = await t.db.get<{ n: number }>(
      "SELECT count(*) AS n FROM contact_requests WHERE email = ?",
      [CONTACT.email],
    );
    assertEquals(stored?.n, 1);
  } finally {
    await holder?.release();
    await t.close();
  }
});

// SQLite's one connection answers nothing else while a transaction is open; a
// PostgreSQL pool answers from another connection, so this is SQLite's case.
Deno.test("GET /api/health answers 503 unavailable while the SQLite database does not answer", async () => {
  const t = await createTestApp({}, { dialect: "sqlite" });
  let finish!: () => void;
  let opened!: () => void;
  const open = new Promise<void>((resolve) => (opened = resolve));
  const hung = t.db.transaction(() => {
    opened();
    return new Promise<void>((resolve) => (finish = resolve));
  });
  await open;
  try {
    const res = await t.call("GET", "/api/health");
    const body = await jsonOf<{ status: string; database: { ok: boolean } }>(res, 503);
    assertEquals([body.status, body.database.ok], ["unavailable", false]);
    finish();
    await hung;
    assertEquals(
      (await jsonOf<{ status: string }>(await t.call("GET", "/api/health"))).status,
      "ok",
    );
  } finally {
    finish();
    await hung;
    await t.close();
  }
});
