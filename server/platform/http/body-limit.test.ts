import { deepStrictEqual as assertEquals, ok, throws } from "node:assert/strict";
import { Hono } from "hono";
import { z } from "zod";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { errorOf } from "../../testing/http-assertions.ts";
import { Api } from "./api.ts";
import type { AppEnv } from "./app-env.ts";
import { defaultBodyLimit } from "./body-limit.ts";
import { IMPORT_BODY_LIMIT } from "../../records/import-export-routes.ts";

const MiB = 1024 * 1024;
const CHUNK = 64 * 1024;
const BOUNDARY = "----opsuite-test-boundary";

/** A body of `size` bytes made only as the server pulls it, counting what it pulled. */
function lazyBody(size: number): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let pulled = 0;
  const head = new TextEncoder().encode(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="p.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\nname\r\n`,
  );
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= size) return controller.close();
      const chunk = pulled === 0 ? head : new Uint8Array(Math.min(CHUNK, size - pulled)).fill(0x61);
      pulled += chunk.length;
      controller.enqueue(chunk);
    },
  }, { highWaterMark: 0 });
  return { stream, pulled: () => pulled };
}

function upload(
  t: TestApp,
  path: string,
  options: { token: string; size: number; declareLength: boolean },
) {
  const body = lazyBody(options.size);
  const headers: Record<string, string> = {
    authorization: `Bearer ${options.token}`,
    "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
  };
  if (options.declareLength) headers["content-length"] = String(options.size);
  const response = t.fetch(
    new Request(`http://localhost${path}`, {
      method: "POST",
      headers,
      body: body.stream,
      // @ts-ignore: Deno needs this to send a stream as a request body.
      duplex: "half",
    }),
  );
  return { response, pulled: body.pulled };
}

Deno.test("A member's 200 MiB project import is refused 403 before a byte of its body is read", async () => {
  const t = await createTestApp();
  try {
    const member = await t.tokenFor("maya@acme.test");
    for (const declareLength of [true, false]) {
      const call = upload(t, "/enterprise-projects/import", {
        token: member,
        size: 200 * MiB,
        declareLength,
      });
      const error = await errorOf(await call.response, 403, "forbidden");
      ok(error.message.includes("projects.import"), error.message);
      assertEquals(call.pulled(), 0, `declared length: ${declareLength}`);
    }
  } finally {
    await t.close();
  }
});

Deno.test("Every call taking a large body refuses a caller without its permission before reading", async () => {
  const t = await createTestApp();
  try {
    const sales = await t.tokenFor("sales@acme.test");
    const large = t.api.endpoints.filter((e) => e.bodyLimit);
    ok(large.length > 3, `${large.length} calls with large bodies`);
    for (const call of large) {
      ok(call.permission, `${call.path} declares the permission it needs`);
      ok(call.audience !== "public", `${call.path} is not public`);
    }
    const refused = [
      "/enterprise-projects/import",
      "/api/records/invoice/import",
      "/api/records/compliance_item/files",
    ];
    for (const path of refused) {
      const call = upload(t, path, { token: sales, size: 20 * MiB, declareLength: false });
      await errorOf(await call.response, 403, "forbidden");
      assertEquals(call.pulled(), 0, path);
    }
  } finally {
    await t.close();
  }
});

Deno.test("An import over its limit answers 413: at once for a declared length, at the limit for a stream", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const over = IMPORT_BODY_LIMIT.bytes + 1;
    const declared = upload(t, "/enterprise-projects/import", {
      token: admin,
      size: over,
      declareLength: true,
    });
    const error = await errorOf(await declared.response, 413, "payload_too_large");
    assertEquals(error.message, "An import file may be at most 64 MiB");
    assertEquals(declared.pulled(), 0);
    const streamed = upload(t, "/enterprise-projects/import", {
      token: admin,
      size: 200 * MiB,
      declareLength: false,
    });
    await errorOf(await streamed.response, 413, "payload_too_large");
    ok(streamed.pulled() <= IMPORT_BODY_LIMIT.bytes + CHUNK, `pulled ${streamed.pulled()} bytes`);
  } finally {
    await t.close();
  }
});

Deno.test("A JSON body streamed past 1 MiB answers 413 once the limit is passed", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled > 10 * MiB) return controller.close();
        const chunk = new TextEncoder().encode(pulled === 0 ? '{"search":"' : "x".repeat(CHUNK));
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    }, { highWaterMark: 0 });
    const res = await t.fetch(
      new Request("http://localhost/clients/list", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: stream,
        // @ts-ignore: Deno needs this to send a stream as a request body.
        duplex: "half",
      }),
    );
    const error = await errorOf(res, 413, "payload_too_large");
    assertEquals(error.message, "Request body is larger than 1 MiB");
    ok(pulled <= MiB + CHUNK, `pulled ${pulled} bytes`);
  } finally {
    await t.close();
  }
});

Deno.test("A call cannot be declared with a large body and no permission", () => {
  const api = new Api(new Hono<AppEnv>(), () => Promise.resolve(null), {
    bodyLimit: defaultBodyLimit(MiB),
  });
  const spec = {
    method: "post" as const,
    path: "/bulk",
    tag: "Test",
    summary: "Takes a lot",
    body: z.object({}),
    bodyLimit: { bytes: 2 * MiB, message: "At most 2 MiB" },
  };
  throws(() => api.route({ ...spec, audience: "staff" }, (c) => c.json({})), /permission/);
  throws(
    () =>
      api.route({
        ...spec,
        audience: "public",
        permission: { module: "leads", actions: ["import"] },
      }, (c) => c.json({})),
    /permission/,
  );
  api.route(
    { ...spec, audience: "staff", permission: { module: "leads", actions: ["import"] } },
    (c) => c.json({}),
  );
});
