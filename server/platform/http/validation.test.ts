import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { assertInvalidFields, errorOf, jsonOf } from "../../testing/http-assertions.ts";

/** Every POST call the server declares that takes JSON, from its own operations list (file uploads take multipart forms). */
async function postCalls(t: TestApp): Promise<string[]> {
  const body = await jsonOf<
    { operations: { method: string; path: string; access: string; request?: string }[] }
  >(
    await t.call("GET", "/api/openapi/operations"),
  );
  const posts = body.operations.filter((o) => o.method === "POST" && !o.request);
  portalPaths = new Set(
    posts.filter((o) => o.access === "Client portal users").map((o) =>
      o.path.replace(/\{[^}]+\}/g, "led_acme_001")
    ),
  );
  const paths = posts.map((o) => o.path.replace(/\{[^}]+\}/g, "led_acme_001"));
  ok(paths.length >= 30, `only ${paths.length} POST calls`);
  ok(portalPaths.size >= 5, `only ${portalPaths.size} portal calls`);
  return paths;
}

let portalPaths = new Set<string>();

/** The token a call is made with: the portal user's for portal calls, the admin's otherwise. */
async function tokenFor(t: TestApp, path: string): Promise<string> {
  return await t.tokenFor(portalPaths.has(path) ? "client@northwind.test" : "admin@acme.test");
}

Deno.test("Every POST call answers 400 naming an unknown field", async () => {
  const t = await createTestApp();
  try {
    for (const path of await postCalls(t)) {
      const token = await tokenFor(t, path);
      const error = await assertInvalidFields(
        await t.call("POST", path, { token, body: { zz_unknown: 1 } }),
        "zz_unknown",
      );
      assertEquals(error.details?.fields?.zz_unknown, "Unknown field", path);
    }
  } finally {
    await t.close();
  }
});

Deno.test("Every POST call answers 400 to malformed JSON and to a body that is not an object", async () => {
  const t = await createTestApp();
  try {
    for (const path of await postCalls(t)) {
      const token = await tokenFor(t, path);
      const malformed = await errorOf(
        await t.call("POST", path, { token, body: '{"filters": {' }),
        400,
        "invalid_input",
      );
      ok(malformed.message.includes("Malformed JSON"), `${path}: ${malformed.message}`);
      for (const body of ["[]", '"text"', "42", "null"]) {
        await errorOf(await t.call("POST", path, { token, body }), 400, "invalid_input");
      }
    }
  } finally {
    await t.close();
  }
});

Deno.test("Every POST call answers 413 JSON to a body over 1 MiB from a caller it serves", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const huge = JSON.stringify({ message: "x".repeat(1024 * 1024) });
    for (const path of await postCalls(t)) {
      const error = await errorOf(
        await t.call("POST", path, { token: await tokenFor(t, path), body: huge }),
        413,
        "payload_too_large",
      );
      ok(error.message.includes("1 MiB"), error.message);
    }
    const exactly = JSON.stringify({ search: "x".repeat(1024 * 1024 - 13) });
    assertEquals(exactly.length, 1024 * 1024);
    const res = await t.call("POST", "/clients/list", { token, body: exactly });
    await assertInvalidFields(res, "search");
  } finally {
    await t.close();
  }
});

/** Calls with required fields: a body missing them and one with wrong types. */
const REQUIRED: [string, Record<string, unknown>, string[]][] = [
  ["/auth/login", { email: 5, password: true }, ["email", "password"]],
  ["/auth/refresh", { refresh_token: 12 }, ["refresh_token"]],
  ["/auth/register", {
    first_name: 1,
    last_name: [],
    email: {},
    password: 10,
    organization_name: null,
  }, ["first_name", "last_name", "email", "password", "organization_name"]],
  ["/user-organizations/by-user", { user_id: 7 }, ["user_id"]],
  ["/user-organizations/switch", { organization_id: false }, ["organization_id"]],
  ["/ui/errors", { message: 404 }, ["message"]],
  ["/ui/chat-feedback", { message_id: 3, helpful: "yes" }, ["message_id", "helpful"]],
  ["/public/contact", { name: 1, email: 2, message: 3 }, ["name", "email", "message"]],
  ["/public/schedule-demo", { name: 1, email: 2, company: 3, preferred_date: 4 }, [
    "name",
    "email",
    "company",
    "preferred_date",
  ]],
];

Deno.test("Calls with required fields answer 400 naming each missing or wrong-typed field", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    for (const [path, wrongTypes, fields] of REQUIRED) {
      await assertInvalidFields(await t.call("POST", path, { token, body: {} }), ...fields);
      await assertInvalidFields(
        await t.call("POST", path, { token, body: wrongTypes }),
        ...fields,
      );
    }
  } finally {
    await t.close();
  }
});

Deno.test("Rejected writes store nothing", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const snapshot = async () => ({
      errors: (await t.db.all("SELECT id FROM client_errors")).length,
      feedback: (await t.db.all("SELECT id FROM chat_feedback")).length,
      contacts: (await t.db.all("SELECT id FROM contact_requests")).length,
      unread: (await t.db.all("SELECT id FROM notifications WHERE read = 0")).length,
      current: (await t.db.all<{ organization_id: string }>(
        "SELECT organization_id FROM user_organizations WHERE user_id = 'usr_acme_admin' AND is_current = 1",
      )).map((r) => r.organization_id),
      preferences: (await t.db.all("SELECT user_id FROM user_preferences")).length,
    });
    const before = await snapshot();
    const rejected: [string, unknown][] = [
      ["/ui/errors", { message: "" }],
      ["/ui/chat-feedback", { message_id: "m1", helpful: "maybe" }],
      ["/public/contact", { name: "Dana", email: "dana@example.test", message: "hi" }],
      ["/public/schedule-demo", {
        name: "Dana",
        email: "dana@example.test",
        company: "FBI",
        preferred_date: "soon",
      }],
      ["/notifications/mark-read", { ids: "all" }],
      ["/user-organizations/switch", { organization_id: "org_globex", force: true }],
      ["/api/user/preferences", { preferences: { theme: "dark", colour: "red" } }],
    ];
    for (const [path, body] of rejected) {
      await errorOf(await t.call("POST", path, { token, body }), 400, "invalid_input");
    }
    assertEquals(await snapshot(), before);
    assertEquals(before.current, ["org_acme"]);
  } finally {
    await t.close();
  }
});
