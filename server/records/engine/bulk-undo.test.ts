/**
 * Undoing a bulk edit through the HTTP API, on the run's database (SQLite, or
 * PostgreSQL with TEST_DATABASE_URL): previous values come back through the
 * engine at the version the edit left, a record changed since is kept and named,
 * an edit is undone once, by its author, within its time.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { BULK_UNDO_SECONDS } from "../../../schemas/records/api.ts";

const ADMIN = "admin@acme.test";
const SALES = "sales@acme.test";

interface Lead {
  id: string;
  name: string;
  stage: string;
  version: number;
}

async function withApp(fn: (app: TestApp, admin: string) => Promise<void>) {
  const app = await createTestApp();
  try {
    await fn(app, await app.tokenFor(ADMIN));
  } finally {
    await app.close();
  }
}

async function leads(app: TestApp, token: string, count: number): Promise<Lead[]> {
  const response = await app.call("POST", "/api/records/lead/list", {
    token,
    body: { limit: count, fields: ["name", "stage"], sort: [{ field: "name", dir: "asc" }] },
  });
  assertEquals(response.status, 200);
  const items = (await response.json()).items as Lead[];
  assertEquals(items.length, count, "the seed has enough leads");
  return items;
}

async function lead(app: TestApp, token: string, id: string): Promise<Lead> {
  const response = await app.call("GET", `/api/records/lead/${id}`, { token });
  return (await response.json()).record;
}

async function bulkEdit(app: TestApp, token: string, ids: string[], values: unknown) {
  const response = await app.call("POST", "/api/records/lead/bulk", {
    token,
    body: { ids, values },
  });
  assertEquals(response.status, 200);
  return await response.json();
}

function undo(app: TestApp, token: string, edit: unknown) {
  return app.call("POST", "/api/records/lead/bulk/undo", { token, body: { edit } });
}

Deno.test("undoing a bulk edit restores each record's previous values, audited", async () => {
  await withApp(async (app, admin) => {
    const before = await leads(app, admin, 3);
    const ids = before.map((l) => l.id);
    const edited = await bulkEdit(app, admin, ids, { name: "Renamed by mistake" });
    assertEquals(edited.succeeded, 3);
    assert(typeof edited.undo?.id === "string", "the answer names the edit to undo");
    assertEquals(
      Date.parse(edited.undo.until) - app.clock.now,
      BULK_UNDO_SECONDS * 1000,
      "kept for its time",
    );

    const response = await undo(app, admin, edited.undo.id);
    assertEquals(response.status, 200);
    const undone = await response.json();
    assertEquals([undone.succeeded, undone.failed], [3, 0]);
    for (const [i, id] of ids.entries()) {
      const now = await lead(app, admin, id);
      assertEquals(now.name, before[i].name);
      assertEquals(now.version, before[i].version + 2, "a new version, not history rewritten");
    }
    const audited = await app.db.all<{ resource_id: string }>(
      "SELECT resource_id FROM audit_logs WHERE action = 'bulk_undo' ORDER BY resource_id",
    );
    assertEquals(audited.map((a) => a.resource_id), [...ids].sort());
    const history = await (await app.call("GET", `/api/records/lead/${ids[0]}/history`, {
      token: admin,
    })).json();
    assertEquals(history.entries[0].kind, "changed", "the timeline shows the undo as a change");
  });
});

Deno.test("an undo keeps a record changed since the bulk edit, and says so by name", async () => {
  await withApp(async (app, admin) => {
    const [a, b] = await leads(app, admin, 2);
    const edited = await bulkEdit(app, admin, [a.id, b.id], {
      stage: "lost",
      lost_reason: "price",
    });
    const changed = await lead(app, admin, b.id);
    const patched = await app.call("PATCH", `/api/records/lead/${b.id}`, {
      token: admin,
      body: { version: changed.version, values: { stage: "won" } },
    });
    assertEquals(patched.status, 200);

    const undone = await (await undo(app, admin, edited.undo.id)).json();
    assertEquals([undone.succeeded, undone.failed], [1, 1]);
    const refused = undone.results.find((r: { id: string }) => r.id === b.id);
    assertEquals(refused.error.code, "conflict");
    assertEquals(
      refused.error.message,
      `Lead ${b.name} was changed after the bulk edit, so it was kept`,
    );
    assertEquals((await lead(app, admin, a.id)).stage, a.stage, "restored");
    assertEquals((await lead(app, admin, b.id)).stage, "won", "the later change kept");
  });
});

Deno.test("a bulk edit is undone once, by its author, while it may be", async () => {
  await withApp(async (app, admin) => {
    const [a] = await leads(app, admin, 1);
    const edited = await bulkEdit(app, admin, [a.id], { stage: "lost", lost_reason: "price" });

    // Another person of the organisation who may edit leads cannot find it.
    const sales = await app.tokenFor(SALES);
    assertEquals((await undo(app, sales, edited.undo.id)).status, 404);
    assertEquals((await lead(app, admin, a.id)).stage, "lost");

    assertEquals((await undo(app, admin, edited.undo.id)).status, 200);
    const twice = await undo(app, admin, edited.undo.id);
    assertEquals(twice.status, 409);
    assertEquals((await twice.json()).error.message, "This bulk edit was undone already");

    const late = await bulkEdit(app, admin, [a.id], { stage: "lost", lost_reason: "price" });
    app.clock.advance(BULK_UNDO_SECONDS * 1000 + 1);
    const expired = await undo(app, admin, late.undo.id);
    assertEquals(expired.status, 409);
    assertEquals(
      (await expired.json()).error.message,
      `This bulk edit can no longer be undone: an edit can be undone for ${BULK_UNDO_SECONDS} seconds`,
    );
    assertEquals((await lead(app, admin, a.id)).stage, "lost", "nothing restored");
  });
});

Deno.test("an undo names a missing edit id as the field at fault, and changes nothing", async () => {
  await withApp(async (app, admin) => {
    const [a] = await leads(app, admin, 1);
    const edited = await bulkEdit(app, admin, [a.id], { stage: "lost", lost_reason: "price" });
    const missing = await undo(app, admin, "");
    assertEquals(missing.status, 400);
    const body = await missing.json();
    assert(JSON.stringify(body.error.details).includes("edit"), JSON.stringify(body));
    assertEquals((await undo(app, admin, "bed_unknown")).status, 404);
    assertEquals((await lead(app, admin, a.id)).stage, "lost");
    assertEquals(edited.succeeded, 1);
  });
});

Deno.test("a bulk edit that changed nothing offers no undo", async () => {
  await withApp(async (app, admin) => {
    const edited = await bulkEdit(app, admin, ["missing"], { stage: "lost", lost_reason: "price" });
    assertEquals([edited.succeeded, edited.failed, edited.undo], [0, 1, undefined]);
  });
});
