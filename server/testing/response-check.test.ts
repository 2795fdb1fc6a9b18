import { deepStrictEqual as assertEquals, ok, rejects } from "node:assert/strict";
import { Hono } from "hono";
import { z } from "zod";
import { Api } from "../platform/http/api.ts";
import { defaultBodyLimit } from "../platform/http/body-limit.ts";
import type { AppEnv } from "../platform/http/app-env.ts";
import { findEndpoint, pathMatches } from "./endpoint-paths.ts";
import { checkingResponses } from "./response-check.ts";

function appAnswering(body: unknown) {
  const app = new Hono<AppEnv>();
  const api = new Api(app, () => Promise.resolve(null), {
    bodyLimit: defaultBodyLimit(1024 * 1024),
  });
  api.route({
    method: "get",
    path: "/things/:id",
    tag: "Things",
    summary: "One thing",
    audience: "public",
    response: z.object({ id: z.string(), count: z.number() }).strict(),
  }, (c) => c.json(body));
  api.route({
    method: "get",
    path: "/free",
    tag: "Things",
    summary: "Undeclared answer",
    audience: "public",
  }, (c) => c.json({ anything: true }));
  return checkingResponses(api, (request) => app.fetch(request));
}

const get = (path: string) => new Request(`http://localhost${path}`);

Deno.test("an answer that matches its declared response schema passes through", async () => {
  const fetch = appAnswering({ id: "t1", count: 2 });
  const res = await fetch(get("/things/t1"));
  assertEquals(await res.json(), { id: "t1", count: 2 });
  assertEquals((await fetch(get("/free"))).status, 200);
});

Deno.test("an answer that breaks its declared response schema fails the request loudly", async () => {
  const fetch = appAnswering({ id: "t1", count: "two", extra: 1 });
  await rejects(
    async () => await fetch(get("/things/t1")),
    (error: Error) => {
      ok(error.message.includes("GET /things/t1"), error.message);
      ok(error.message.includes("count"), error.message);
      ok(error.message.includes("/things/:id"), error.message);
      return true;
    },
  );
});

Deno.test("declared paths match concrete and templated paths segment by segment", () => {
  ok(pathMatches("/api/leads/:id/assignments", "/api/leads/{id}/assignments"));
  ok(pathMatches("/api/leads/:id/assignments", "/api/leads/led_1/assignments"));
  ok(pathMatches("/notifications/", "/notifications"));
  ok(pathMatches("/api/records/:type/export", "/api/records/task/export?format=csv"));
  ok(!pathMatches("/api/leads/stats", "/api/leads/{id}"));
  ok(!pathMatches("/api/leads/:id", "/api/leads/x/assignments"));
  ok(pathMatches("/n/:id{[0-9]+}", "/n/12") && !pathMatches("/n/:id{[0-9]+}", "/n/ab"));
  const spec = { tag: "Records", summary: "", audience: "staff" } as const;
  const endpoints: Parameters<typeof findEndpoint>[0] = [
    { ...spec, method: "get", path: "/api/records/:type/:id" },
    { ...spec, method: "get", path: "/api/records/:type/meta" },
  ];
  assertEquals(
    findEndpoint(endpoints, "GET", "/api/records/task/meta")?.path,
    "/api/records/:type/meta",
  );
  assertEquals(findEndpoint(endpoints, "POST", "/api/records/task/meta"), undefined);
});
