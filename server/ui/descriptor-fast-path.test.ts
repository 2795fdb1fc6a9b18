import { deepStrictEqual as assertEquals, notDeepStrictEqual, ok } from "node:assert/strict";
import { createTestApp } from "../testing/test-app.ts";

Deno.test("a cached shell is served with the router's bytes, headers and ETag, and follows a module change", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("sales@acme.test");
    const built = await t.call("GET", "/ui/shell", { token });
    const builtBody = await built.text();
    const cached = await t.call("GET", "/ui/shell", { token });
    assertEquals(await cached.text(), builtBody);
    assertEquals(cached.headers.get("etag"), built.headers.get("etag"));
    for (
      const name of [
        "content-security-policy",
        "x-content-type-options",
        "cache-control",
        "vary",
        "content-type",
      ]
    ) {
      assertEquals(cached.headers.get(name), built.headers.get(name), name);
    }
    notDeepStrictEqual(cached.headers.get("x-request-id"), built.headers.get("x-request-id"));
    const revalidated = await t.call("GET", "/ui/shell", {
      token,
      headers: { "if-none-match": built.headers.get("etag")! },
    });
    assertEquals(revalidated.status, 304);

    const admin = await t.tokenFor("admin@acme.test");
    assertEquals(
      (await t.call("POST", "/admin/modules/toggle", {
        token: admin,
        body: { module_id: "leads", enabled: false, version: 1 },
      })).status,
      200,
    );
    const after = await t.call("GET", "/ui/shell", {
      token,
      headers: { "if-none-match": built.headers.get("etag")! },
    });
    assertEquals(after.status, 200);
    notDeepStrictEqual(after.headers.get("etag"), built.headers.get("etag"));
    const shell = await after.json();
    ok(
      !shell.sidebar.categories.some((c: { items: { id: string }[] }) =>
        c.items.some((i) => i.id === "leads")
      ),
    );
  } finally {
    await t.close();
  }
});

Deno.test("without a valid token the shell is refused, even once it is cached for someone", async () => {
  const t = await createTestApp();
  try {
    await t.call("GET", "/ui/shell", { token: await t.tokenFor("admin@acme.test") });
    assertEquals((await t.call("GET", "/ui/shell")).status, 401);
    assertEquals((await t.call("GET", "/ui/shell", { token: "not-a-token" })).status, 401);
  } finally {
    await t.close();
  }
});
