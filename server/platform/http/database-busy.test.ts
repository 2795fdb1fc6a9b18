import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { createTestApp } from "../../testing/test-app.ts";
import { errorOf, jsonOf } from "../../testing/http-assertions.ts";

const CONTACT = {
  name: "Ada Lovelace",
  email: "ada@example.test",
  message: "Please call me back.",
};

Deno.test("A write the database cannot lock answers 503 with Retry-After, reads still answer, and writes recover", async () => {
  const t = await createTestApp({ dbWriteWaitMs: 300 });
  const holder = new DatabaseSync(t.path);
  try {
    const token = await t.tokenFor("admin@acme.test");
    holder.exec("BEGIN IMMEDIATE");

    const busy = await t.call("POST", "/public/contact", { body: CONTACT });
    ok(Number(busy.headers.get("retry-after")) >= 1, "Retry-After is missing");
    await errorOf(busy, 503, "database_busy");
    // A second write must not be stuck behind the first one's failure.
    await errorOf(await t.call("POST", "/public/contact", { body: CONTACT }), 503, "database_busy");

    await jsonOf(await t.call("POST", "/clients/list", { token, body: {} }));
    const health = await jsonOf<{ status: string }>(await t.call("GET", "/api/health"));
    assertEquals(health.status, "ok");

    holder.exec("COMMIT");
    await jsonOf(await t.call("POST", "/public/contact", { body: CONTACT }), 201);
    const stored = await t.db.get<{ n: number }>(
      "SELECT count(*) AS n FROM contact_requests WHERE email = ?",
      [CONTACT.email],
    );
    assertEquals(stored?.n, 1);
  } finally {
    if (holder.isTransaction) holder.exec("ROLLBACK");
    holder.close();
    await t.close();
  }
});

Deno.test("GET /api/health answers 503 unavailable while the database does not answer", async () => {
  const t = await createTestApp();
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
