import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createTestApp } from "../../testing/test-app.ts";
import { assertInvalidFields, jsonOf } from "../../testing/http-assertions.ts";

Deno.test("A query parameter the call does not declare answers 400 naming it", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const error = await assertInvalidFields(
      await t.call("POST", "/navigation?debug=1&verbose", { token }),
      "debug",
      "verbose",
    );
    assertEquals(error.details?.fields?.debug, "Unknown field");
    await assertInvalidFields(await t.call("GET", "/api/health?probe=1"), "probe");
    // A declared one next to an undeclared one: only the undeclared is named.
    const search = await assertInvalidFields(
      await t.call("GET", "/api/records/client/search?q=acme&limit=5&page=2", { token }),
      "page",
    );
    assertEquals(Object.keys(search.details?.fields ?? {}), ["page"]);
    // Without them the same calls answer.
    await jsonOf(await t.call("POST", "/navigation", { token }));
    await jsonOf(await t.call("GET", "/api/records/client/search?q=acme", { token }));
  } finally {
    await t.close();
  }
});

Deno.test("A query parameter that is not UTF-8 or holds NUL answers 400 naming it, declared or not, on every path", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const cases: [string, string][] = [
      // Declared by the call.
      ["/api/records/client/search?q=%FF", "q"],
      ["/api/records/client/search?q=%E2%82", "q"],
      ["/api/records/client/search?q=%ED%A0%80", "q"],
      ["/api/records/client/search?q=ab%2", "q"],
      // Paths that are no declared call: descriptors, the OpenAPI document, the event stream.
      ["/ui/routes?x=%FF", "x"],
      ["/ui/shell?x=a%00b", "x"],
      ["/api/openapi.json?v=%C3%28", "v"],
      ["/ui/events?x=%FF", "x"],
    ];
    for (const [path, field] of cases) {
      const error = await assertInvalidFields(await t.call("GET", path, { token }), field);
      assertEquals(typeof error.details?.fields?.[field], "string", path);
    }
    // A parameter name that is not UTF-8 is named as it was sent.
    await assertInvalidFields(await t.call("GET", "/ui/routes?%FF=1", { token }), "%FF");
    // Well-formed text in any script passes.
    await jsonOf(
      await t.call("GET", `/api/records/client/search?q=${encodeURIComponent("Zürich 東京 😀")}`, {
        token,
      }),
    );
  } finally {
    await t.close();
  }
});
