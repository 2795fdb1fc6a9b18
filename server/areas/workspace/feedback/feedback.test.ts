import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../../../testing/test-app.ts";
import { assertInvalidFields, jsonOf } from "../../../testing/http-assertions.ts";

Deno.test("POST /public/contact stores a message from anyone", async () => {
  const t = await createTestApp();
  try {
    const body = await jsonOf<{ id: string; received: boolean }>(
      await t.call("POST", "/public/contact", {
        body: {
          name: "Dana Scully",
          email: "Dana@Example.test",
          message: "Please call me about the product.",
        },
      }),
      201,
    );
    assertEquals(body.received, true);
    const row = await t.db.get<{ kind: string; email: string; name: string }>(
      "SELECT kind, email, name FROM contact_requests WHERE id = ?",
      [body.id],
    );
    assertEquals([row?.kind, row?.email, row?.name], [
      "contact",
      "dana@example.test",
      "Dana Scully",
    ]);
  } finally {
    await t.close();
  }
});

Deno.test("POST /public/contact refuses invalid input naming each field and stores nothing", async () => {
  const t = await createTestApp();
  try {
    await assertInvalidFields(
      await t.call("POST", "/public/contact", {
        body: { name: "D", email: "not-an-email", message: "short" },
      }),
      "name",
      "email",
      "message",
    );
    await assertInvalidFields(
      await t.call("POST", "/public/contact", {
        body: { name: "Dana", email: "dana@example.test", message: "Long enough text", phone: "1" },
      }),
      "phone",
    );
    await assertInvalidFields(await t.call("POST", "/public/contact", { body: {} }), "name");
    const rows = await t.db.all("SELECT id FROM contact_requests");
    assertEquals(rows.length, 0);
  } finally {
    await t.close();
  }
});

Deno.test("POST /public/schedule-demo refuses a preferred date that is not a date", async () => {
  const t = await createTestApp();
  try {
    const body = {
      name: "Dana Scully",
      email: "dana@example.test",
      company: "FBI",
      preferred_date: "next Tuesday",
    };
    await assertInvalidFields(
      await t.call("POST", "/public/schedule-demo", { body }),
      "preferred_date",
    );
    const ok201 = await t.call("POST", "/public/schedule-demo", {
      body: { ...body, preferred_date: "2026-12-01" },
    });
    assertEquals(ok201.status, 201);
    const rows = await t.db.all<{ preferred_date: string }>(
      "SELECT preferred_date FROM contact_requests WHERE kind = 'demo'",
    );
    assertEquals(rows.map((r) => r.preferred_date), ["2026-12-01"]);
  } finally {
    await t.close();
  }
});

Deno.test("POST /ui/errors records and logs a render error with the request id", async () => {
  const t = await createTestApp();
  const logged: string[] = [];
  const original = console.warn;
  console.warn = (line: string) => logged.push(line);
  try {
    const token = await t.tokenFor("pm@acme.test");
    const res = await t.call("POST", "/ui/errors", {
      token,
      body: { message: "Cannot read x of undefined", component: "table" },
      headers: { "x-request-id": "req-test-0001" },
    });
    const body = await jsonOf<{ id: string }>(res, 201);
    const row = await t.db.get<{ user_id: string; organization_id: string; request_id: string }>(
      "SELECT user_id, organization_id, request_id FROM client_errors WHERE id = ?",
      [body.id],
    );
    assertEquals([row?.user_id, row?.organization_id, row?.request_id], [
      "usr_acme_pm",
      "org_acme",
      "req-test-0001",
    ]);
    const entries = logged.map((line) => JSON.parse(line));
    assertEquals(entries.map((e) => [e.level, e.request_id, e.error_id]), [
      ["warn", "req-test-0001", body.id],
    ]);
  } finally {
    console.warn = original;
    await t.close();
  }
});

Deno.test("GET /api/health reports the server and its database", async () => {
  const t = await createTestApp();
  try {
    const body = await jsonOf<{ status: string; version: string; database: { ok: boolean } }>(
      await t.call("GET", "/api/health"),
    );
    assertEquals([body.status, body.version, body.database.ok], ["ok", "1.0.0", true]);
    ok("uptime_seconds" in body && "time" in body);
  } finally {
    await t.close();
  }
});
