import { ok } from "node:assert/strict";
import { createTestApp } from "../../testing/test-app.ts";

/** What the server sends on a connection within ms, up to the end of its first JSON answer. */
async function firstAnswer(conn: Deno.Conn, ms: number): Promise<string> {
  const decoder = new TextDecoder();
  const buffer = new Uint8Array(4096);
  let text = "";
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), ms)));
  try {
    for (;;) {
      const n = await Promise.race([conn.read(buffer), late]);
      if (n === "late" || n === null) return text;
      text += decoder.decode(buffer.subarray(0, n));
      if (text.endsWith("}}")) return text;
    }
  } finally {
    clearTimeout(timer);
  }
}

Deno.test("A half-sent request body is answered 408 with Connection: close within the body timeout", async () => {
  const t = await createTestApp({ requestBodyTimeoutMs: 300 });
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, t.fetch);
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: server.addr.port });
  try {
    const started = Date.now();
    await conn.write(
      new TextEncoder().encode(
        "POST /public/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n" +
          'Content-Length: 200\r\n\r\n{"name": "Ada',
      ),
    );
    const answer = await firstAnswer(conn, 3000);
    ok(answer.startsWith("HTTP/1.1 408"), answer || "no answer within 3 s");
    ok(answer.toLowerCase().includes("connection: close"), answer);
    ok(answer.includes('"request_timeout"'), answer);
    ok(Date.now() - started < 2000, `took ${Date.now() - started} ms`);
  } finally {
    conn.close();
    await server.shutdown();
    await t.close();
  }
});

Deno.test("A half-sent multipart form (a file being imported) is answered 408 too", async () => {
  const t = await createTestApp({ requestBodyTimeoutMs: 300 });
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, t.fetch);
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: server.addr.port });
  try {
    const token = await t.tokenFor("admin@acme.test");
    await conn.write(
      new TextEncoder().encode(
        "POST /api/records/lead/import HTTP/1.1\r\nHost: localhost\r\n" +
          `Authorization: Bearer ${token}\r\n` +
          "Content-Type: multipart/form-data; boundary=edge\r\nContent-Length: 5000\r\n\r\n" +
          '--edge\r\nContent-Disposition: form-data; name="file"; filename="leads.csv"\r\n\r\n' +
          "name,source\r\nAda,",
      ),
    );
    const answer = await firstAnswer(conn, 3000);
    ok(answer.startsWith("HTTP/1.1 408"), answer || "no answer within 3 s");
    ok(answer.includes('"request_timeout"'), answer);
  } finally {
    conn.close();
    await server.shutdown();
    await t.close();
  }
});
