import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../../testing/test-app.ts";
import { errorOf, jsonOf } from "../../testing/http-assertions.ts";

/** Every POST path of the shell calls and the platform (issue "Platform foundation"). */
const DOCUMENTED_POSTS = [
  "/auth/login",
  "/auth/refresh",
  "/auth/logout",
  "/auth/me",
  "/auth/register",
  "/user-organizations/by-user",
  "/user-organizations/",
  "/user-organizations/switch",
  "/navigation",
  "/notifications/",
  "/notifications",
  "/users/list",
  "/leads",
  "/api/leads/stats",
  "/api/leads/{id}/assignments",
  "/api/assignments",
  "/api/settings",
  "/api/user/preferences",
  "/api/modules/config",
  "/audit/logs/",
  "/api/audit/filters",
  "/project-templates/categories",
  "/tasks/list-with-details",
  "/dashboard/summary",
  "/clients/list",
  "/projects/list",
  "/calendar/events",
];

Deno.test("Every response carries an X-Request-Id, whatever its status", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("sales@acme.test");
    const shell = await t.call("GET", "/ui/shell", { token });
    const responses: [string, Response][] = [
      ["200", await t.call("POST", "/navigation", { token, body: {} })],
      ["400", await t.call("POST", "/leads", { token, body: { nope: 1 } })],
      ["401", await t.call("POST", "/navigation", { body: {} })],
      ["403", await t.call("POST", "/users/list", { token, body: {} })],
      ["404", await t.call("POST", "/api/no-such-call", { body: {} })],
      ["413", await t.call("POST", "/leads", { token, body: "x".repeat(1024 * 1024 + 1) })],
      ["descriptor", await t.call("GET", "/ui/routes")],
      [
        "304",
        await t.call("GET", "/ui/shell", {
          token,
          headers: { "if-none-match": shell.headers.get("etag")! },
        }),
      ],
      ["health", await t.call("GET", "/api/health")],
    ];
    await shell.body?.cancel();
    const ids = new Set<string>();
    for (const [what, res] of responses) {
      await res.body?.cancel();
      const id = res.headers.get("x-request-id");
      ok(id && id.length >= 8, `${what}: no X-Request-Id`);
      ids.add(id);
    }
    assertEquals(ids.size, responses.length);
  } finally {
    await t.close();
  }
});

Deno.test("A well-formed incoming X-Request-Id is echoed and a malformed one replaced", async () => {
  const t = await createTestApp();
  try {
    const echoed = await t.call("GET", "/api/health", {
      headers: { "x-request-id": "abc-123.XYZ_9" },
    });
    await echoed.body?.cancel();
    assertEquals(echoed.headers.get("x-request-id"), "abc-123.XYZ_9");
    const replaced = await t.call("GET", "/api/health", {
      headers: { "x-request-id": "bad id <script>" },
    });
    await replaced.body?.cancel();
    const id = replaced.headers.get("x-request-id")!;
    ok(id !== "bad id <script>" && /^[A-Za-z0-9._-]{8,64}$/.test(id), id);
  } finally {
    await t.close();
  }
});

Deno.test("Every response carries a Content-Security-Policy with default-src 'self'", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    for (
      const res of [
        await t.call("POST", "/navigation", { token, body: {} }),
        await t.call("GET", "/ui/routes"),
        await t.call("POST", "/nowhere", { body: {} }),
        await t.call("POST", "/auth/me", { body: {} }),
      ]
    ) {
      await res.body?.cancel();
      const csp = res.headers.get("content-security-policy") ?? "";
      ok(csp.split(";").map((d) => d.trim()).includes("default-src 'self'"), csp);
      ok(csp.includes("frame-ancestors 'none'"), csp);
      ok(!csp.includes("unsafe-eval"), csp);
      assertEquals(res.headers.get("x-content-type-options"), "nosniff");
    }
  } finally {
    await t.close();
  }
});

Deno.test("An unknown API route answers 404 JSON, even to a browser", async () => {
  const t = await createTestApp();
  try {
    const post = await errorOf(
      await t.call("POST", "/api/no-such-call", { body: {} }),
      404,
      "not_found",
    );
    ok(post.message.includes("/api/no-such-call"), post.message);
    await errorOf(await t.call("GET", "/api/no-such-call"), 404, "not_found");
    await errorOf(
      await t.call("GET", "/api/no-such-call", { headers: { accept: "text/html,*/*" } }),
      404,
      "not_found",
    );
    await errorOf(await t.call("POST", "/no/such/call", { body: {} }), 404, "not_found");
    // A known path with another method is 405, not 404.
    await errorOf(await t.call("DELETE", "/leads"), 405, "method_not_allowed");
  } finally {
    await t.close();
  }
});

Deno.test("An unexpected failure answers 500 with the request id and no internals, and logs it", async () => {
  const t = await createTestApp();
  const logged: string[] = [];
  const original = console.error;
  console.error = (line: string) => logged.push(line);
  try {
    // The template plan's tables name the templates table: they go first.
    for (const table of ["project_template_tasks", "project_template_roles", "project_templates"]) {
      await t.db.run(`DROP TABLE ${table}`);
    }
    const token = await t.tokenFor("pm@acme.test");
    const res = await t.call("POST", "/project-templates/categories", {
      token,
      body: {},
      headers: { "x-request-id": "req-boom-0001" },
    });
    const error = await errorOf(res, 500, "internal");
    assertEquals(error, {
      code: "internal",
      message: "Something went wrong on our side",
      details: { request_id: "req-boom-0001" },
    });
    const entries = logged.map((line) => JSON.parse(line));
    ok(
      entries.some((e) =>
        e.request_id === "req-boom-0001" && String(e.error).includes("project_templates")
      ),
      JSON.stringify(entries),
    );
  } finally {
    console.error = original;
    await t.close();
  }
});

Deno.test("GET /api/openapi.json is an OpenAPI 3.1 document listing every POST call", async () => {
  const t = await createTestApp();
  try {
    const doc = await jsonOf<{
      openapi: string;
      info: { version: string };
      paths: Record<string, Record<string, { requestBody?: unknown; security?: unknown }>>;
    }>(await t.call("GET", "/api/openapi.json"));
    ok(doc.openapi.startsWith("3.1"), doc.openapi);
    assertEquals(doc.info.version, "1.0.0");
    for (const path of DOCUMENTED_POSTS) {
      ok(doc.paths[path]?.post, `missing POST ${path}`);
      ok(doc.paths[path].post.requestBody, `POST ${path} has no request body`);
    }
    assertEquals(doc.paths["/navigation"].post.security, [{ bearer: [] }]);
    assertEquals(doc.paths["/auth/login"].post.security, undefined);
    ok(doc.paths["/api/health"]?.get, "missing GET /api/health");
  } finally {
    await t.close();
  }
});
