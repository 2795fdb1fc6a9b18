import { deepStrictEqual as assertEquals, notDeepStrictEqual, ok } from "node:assert/strict";
import { createTestApp } from "../testing/test-app.ts";
import { countRouted } from "../testing/count-routed.ts";

/** Status, headers (request id aside) and body of an answer. */
async function answerOf(res: Response) {
  const headers = [...res.headers].filter(([name]) => name !== "x-request-id").sort();
  return { status: res.status, headers, body: await res.text() };
}

Deno.test("a cached shell is served before the router with the router's bytes, headers and ETag, and follows a module change", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("sales@acme.test");
    const routed = countRouted(t);
    const built = await t.call("GET", "/ui/shell", { token });
    const builtId = built.headers.get("x-request-id");
    const fromRouter = await answerOf(built);
    assertEquals(routed.count, 1);
    const cached = await t.call("GET", "/ui/shell", { token });
    assertEquals(routed.count, 1);
    notDeepStrictEqual(cached.headers.get("x-request-id"), builtId);
    assertEquals(await answerOf(cached), fromRouter);
    ok(cached.headers.get("content-security-policy"));
    const etag = built.headers.get("etag")!;

    // The 304 of the lane and of the router (a query string is the router's) match too.
    const revalidated = await t.call("GET", "/ui/shell", {
      token,
      headers: { "if-none-match": etag },
    });
    assertEquals(routed.count, 1);
    const routerRevalidated = await t.call("GET", "/ui/shell?", {
      token,
      headers: { "if-none-match": `W/${etag}, "other"` },
    });
    assertEquals(routed.count, 2);
    assertEquals(await answerOf(revalidated), await answerOf(routerRevalidated));
    assertEquals(revalidated.status, 304);
    assertEquals(revalidated.headers.get("etag"), etag);

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
      headers: { "if-none-match": etag },
    });
    assertEquals(after.status, 200);
    notDeepStrictEqual(after.headers.get("etag"), etag);
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

Deno.test("at the turn of the UTC year the lane stops answering last year's shell and the router builds the new one", async () => {
  const t = await createTestApp();
  try {
    t.clock.now = Date.UTC(2026, 11, 31, 23, 59, 58);
    const token = await t.tokenFor("pm@acme.test");
    const routed = countRouted(t);
    const copyright = async () =>
      (await (await t.call("GET", "/ui/shell", { token })).json()).footer.copyright;
    ok((await copyright()).includes("2026"));
    ok((await copyright()).includes("2026"));
    assertEquals(routed.count, 1);
    t.clock.advance(2_000);
    ok((await copyright()).includes("2027"));
    assertEquals(routed.count, 2);
    ok((await copyright()).includes("2027"));
    assertEquals(routed.count, 2);
  } finally {
    await t.close();
  }
});
