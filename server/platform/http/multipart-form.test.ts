/**
 * Multipart forms read as they arrive (multipart-form.ts), through a declared
 * endpoint and `app.request`: the same fields and file bytes whatever the body's
 * chunks, files on disk only until the handler has answered, and malformed forms
 * refused with 400 naming the body or the field.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { z } from "zod";
import { Hono } from "hono";
import { Api } from "./api.ts";
import { defaultBodyLimit } from "./body-limit.ts";
import type { AppEnv } from "./app-env.ts";
import { handleError } from "../errors/error-handler.ts";
import { type UploadedFile, uploadedFile } from "./uploaded-file.ts";
import { assertInvalidFields, jsonOf } from "../../testing/http-assertions.ts";

/** An app with one form-taking call; `seen` keeps the files its handler received. */
function formApp() {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  const seen: UploadedFile[] = [];
  // Files larger than the product's 1 MiB default, to show they are never held whole.
  new Api(app, () => Promise.resolve(null), { bodyLimit: defaultBodyLimit(64 * 1024 * 1024) })
    .route(
      {
        method: "post",
        path: "/upload",
        tag: "Test",
        summary: "Take files",
        audience: "public",
        bodyFormat: "multipart",
        body: z.object({
          file: z.union([uploadedFile, z.array(uploadedFile)]),
          note: z.string().optional(),
        }).strict(),
      },
      async (c, { body }) => {
        const files = Array.isArray(body.file) ? body.file : [body.file];
        seen.push(...files);
        return c.json({
          note: body.note ?? null,
          files: await Promise.all(files.map(async (f) => ({
            name: f.name,
            type: f.type,
            size: f.size,
            bytes: Array.from(await f.bytes()),
          }))),
        });
      },
    );
  return { app, seen };
}

/** The bytes and Content-Type header a client sends for a form. */
async function encoded(form: FormData): Promise<{ bytes: Uint8Array; type: string }> {
  const response = new Response(form);
  return {
    bytes: new Uint8Array(await response.arrayBuffer()),
    type: response.headers.get("content-type")!,
  };
}

/** Posts `bytes` as a stream of chunks of `size` bytes. */
function post(app: Hono<AppEnv>, bytes: Uint8Array, type: string, size = bytes.length) {
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
  return app.request("/upload", {
    method: "POST",
    headers: { "content-type": type, "content-length": String(bytes.length) },
    body,
  });
}

/** Bytes that look like the start of a boundary line, and every byte value. */
function trickyBytes(boundary: string): Uint8Array<ArrayBuffer> {
  const text = new TextEncoder().encode(`a,b\r\n--${boundary.slice(0, -1)}\r\n\r\n--\r\n-`);
  const all = Uint8Array.from({ length: 256 }, (_, i) => i);
  const out = new Uint8Array(200_000);
  for (let at = 0; at < out.length; at += text.length + all.length) {
    out.set(text.subarray(0, Math.min(text.length, out.length - at)), at);
    if (at + text.length < out.length) {
      out.set(
        all.subarray(0, Math.min(all.length, out.length - at - text.length)),
        at + text.length,
      );
    }
  }
  return out;
}

Deno.test("A multipart form reads the same fields and file bytes whatever chunks its body arrives in", async () => {
  const { app } = formApp();
  const probe = await encoded(new FormData());
  const boundary = /boundary=(.+)$/.exec(probe.type)![1];
  const content = trickyBytes(boundary);
  const form = new FormData();
  form.append("file", new File([content], 'rows "1".csv', { type: "text/csv" }));
  form.append("file", new File([], "empty.csv"));
  form.append("note", "first import: é");
  const { bytes, type } = await encoded(form);
  const expected = {
    note: "first import: é",
    files: [
      { name: 'rows "1".csv', type: "text/csv", size: content.length, bytes: Array.from(content) },
      { name: "empty.csv", type: "application/octet-stream", size: 0, bytes: [] },
    ],
  };
  for (const size of [1, 7, 4_096, 65_537, bytes.length]) {
    assertEquals(await jsonOf(await post(app, bytes, type, size)), expected, `chunks of ${size}`);
  }
});

Deno.test("An uploaded file is on disk while the handler runs and removed once it has answered", async () => {
  const { app, seen } = formApp();
  const form = new FormData();
  form.set("file", new File(["x".repeat(3 * 1024 * 1024)], "big.csv"));
  const { bytes, type } = await encoded(form);
  const answer = await jsonOf<{ files: { size: number }[] }>(await post(app, bytes, type, 65_536));
  assertEquals(answer.files[0].size, 3 * 1024 * 1024);
  assertEquals(seen.length, 1);
  await seen[0].bytes().then(
    () => ok(false, "the file is still on disk"),
    (error) => ok(error instanceof Deno.errors.NotFound, String(error)),
  );
});

Deno.test("A malformed multipart form answers 400 naming the body; a bad text field names the field", async () => {
  const { app, seen } = formApp();
  const type = "multipart/form-data; boundary=edge";
  const text = (s: string) => new TextEncoder().encode(s);
  const file = '--edge\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nabc';
  // No closing boundary.
  await assertInvalidFields(await post(app, text(file), type), "body");
  // A part without a name.
  await assertInvalidFields(
    await post(
      app,
      text('--edge\r\nContent-Disposition: form-data; filename="a.csv"\r\n\r\nabc\r\n--edge--\r\n'),
      type,
    ),
    "body",
  );
  // Headers that never end.
  await assertInvalidFields(
    await post(app, text(`--edge\r\nX-Filler: ${"x".repeat(70_000)}`), type, 1_000),
    "body",
  );
  // No boundary in the Content-Type.
  await assertInvalidFields(
    await post(app, text(`${file}\r\n--edge--\r\n`), "multipart/form-data"),
    "body",
  );
  const note = (value: Uint8Array) => {
    const head = text(`${file}\r\n--edge\r\nContent-Disposition: form-data; name="note"\r\n\r\n`);
    const tail = text("\r\n--edge--\r\n");
    const out = new Uint8Array(head.length + value.length + tail.length);
    out.set(head);
    out.set(value, head.length);
    out.set(tail, head.length + value.length);
    return out;
  };
  await assertInvalidFields(await post(app, note(text("n".repeat(70_000))), type), "note");
  await assertInvalidFields(
    await post(app, note(new Uint8Array([0x61, 0xff, 0x62])), type),
    "note",
  );
  assertEquals(seen, []);
});
