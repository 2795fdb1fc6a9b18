import { deepStrictEqual as assertEquals, notDeepStrictEqual, ok } from "node:assert/strict";
import { createTestApp } from "../../testing/test-app.ts";
import { countRouted } from "../../testing/count-routed.ts";

const PATH = "/api/v1/analytics/dashboard";
const RANGE = { start_date: "2026-10-01", end_date: "2026-10-30" };

/** Status, headers (request id aside) and body of an answer. */
async function answerOf(res: Response) {
  const headers = [...res.headers].filter(([name]) => name !== "x-request-id").sort();
  return { status: res.status, headers, body: await res.text() };
}

Deno.test("a dashboard cache hit is answered before the router, with the router's bytes", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const routed = countRouted(t);
    const miss = await t.call("POST", PATH, { token, body: RANGE });
    assertEquals((await miss.json()).metadata.cached, false);
    assertEquals(routed.count, 1);

    const fromLane = await t.call("POST", PATH, { token, body: RANGE });
    assertEquals(routed.count, 1);
    ok(fromLane.headers.get("x-request-id"));
    const lane = await answerOf(fromLane);
    assertEquals(JSON.parse(lane.body).metadata.cached, true);

    // A body longer than the lane reads goes to the router, which answers the same hit.
    const padded = JSON.stringify(RANGE) + " ".repeat(2048);
    const fromRouter = await t.call("POST", PATH, { token, body: padded });
    assertEquals(routed.count, 2);
    assertEquals(await answerOf(fromRouter), lane);
  } finally {
    await t.close();
  }
});

Deno.test("the dashboard lane leaves refusals to the router", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const routed = countRouted(t);
    await (await t.call("POST", PATH, { token: admin, body: RANGE })).body?.cancel();

    // Bad input after a verified token: read by the lane, refused by the router.
    for (
      const [body, field] of [
        [{ start_date: "2026-13-01" }, "start_date"],
        [{ ...RANGE, extra: 1 }, "extra"],
        ["{not json", "Malformed JSON"],
        [{ start_date: "2026-10-30", end_date: "2026-10-01" }, "end_date"],
      ] as const
    ) {
      const before = routed.count;
      const res = await t.call("POST", PATH, { token: admin, body });
      assertEquals(res.status, 400);
      const refusal = await res.json();
      assertEquals(refusal.success, false);
      ok(refusal.message.includes(field), refusal.message);
      assertEquals(routed.count, before + 1);
    }

    // A portal user never gets the staff figures.
    const portal = await t.tokenFor("client@northwind.test");
    await (await t.call("POST", "/auth/me", { token: portal })).body?.cancel();
    assertEquals((await t.call("POST", PATH, { token: portal, body: RANGE })).status, 403);

    // An expired token is not served from the lane's memory of it.
    t.clock.advance(901_000);
    assertEquals((await t.call("POST", PATH, { token: admin, body: RANGE })).status, 401);
  } finally {
    await t.close();
  }
});

Deno.test("a disabled module is refused at once, although its answer is cached", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    await (await t.call("POST", PATH, { token: admin, body: RANGE })).body?.cancel();
    const hit = await t.call("POST", PATH, { token: admin, body: RANGE });
    assertEquals((await hit.json()).metadata.cached, true);

    const toggled = await t.call("POST", "/admin/modules/toggle", {
      token: admin,
      body: { module_id: "analytics-dashboard", enabled: false, version: 1 },
    });
    assertEquals(toggled.status, 200);
    const refused = await t.call("POST", PATH, { token: admin, body: RANGE });
    assertEquals(refused.status, 403);
    const body = await refused.json();
    assertEquals(body.success, false);
    ok(body.message.includes("analytics-dashboard"), body.message);
  } finally {
    await t.close();
  }
});

Deno.test("a new range passes through the lane to the router with its body intact", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    await (await t.call("POST", PATH, { token, body: RANGE })).body?.cancel();
    const other = { start_date: "2026-09-01", end_date: "2026-09-10" };
    const first = await (await t.call("POST", PATH, { token, body: other })).json();
    assertEquals([first.metadata.start_date, first.metadata.days, first.metadata.cached], [
      "2026-09-01",
      10,
      false,
    ]);
    const again = await (await t.call("POST", PATH, { token, body: other })).json();
    assertEquals(again.metadata.cached, true);
    notDeepStrictEqual(again.metadata.start_date, RANGE.start_date);
  } finally {
    await t.close();
  }
});

Deno.test("a cached answer with leads is not served once the caller loses leads.read", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const routed = countRouted(t);
    await (await t.call("POST", PATH, { token: admin, body: RANGE })).body?.cancel();
    const hit = await (await t.call("POST", PATH, { token: admin, body: RANGE })).json();
    assertEquals(hit.metadata.cached, true);
    ok(hit.data.leads_by_stage !== null);
    assertEquals(routed.count, 1);

    const roles = await (await t.call("POST", "/admin/roles/list", { token: admin, body: {} }))
      .json();
    const role = roles.roles.find((r: { name: string }) => r.name === "firm_admin");
    const revoked = await t.call("POST", "/admin/roles/revoke", {
      token: admin,
      body: { role: "firm_admin", permission: "leads.read", version: role.version },
    });
    assertEquals(revoked.status, 200);

    const after = await (await t.call("POST", PATH, { token: admin, body: RANGE })).json();
    assertEquals([after.metadata.cached, after.data.leads_by_stage], [false, null]);
    const again = await (await t.call("POST", PATH, { token: admin, body: RANGE })).json();
    assertEquals([again.metadata.cached, again.data.leads_by_stage], [true, null]);
  } finally {
    await t.close();
  }
});
