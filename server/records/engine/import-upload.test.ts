/**
 * How an import's file is received, through HTTP: refused before its body is read
 * when the caller may not import. Runs on SQLite and, with TEST_DATABASE_URL, on
 * PostgreSQL.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { createEngineTestApp } from "../testing/engine-app.ts";

const ADMIN = "admin@acme.test";

Deno.test("An import by a caller without <module>.import is refused before its body is read", async () => {
  const app = await createEngineTestApp();
  try {
    const admin = await app.tokenFor(ADMIN);
    const encoder = new TextEncoder();
    const head = encoder.encode(
      '--edge\r\nContent-Disposition: form-data; name="file"; filename="jobs.csv"\r\n' +
        "Content-Type: text/csv\r\n\r\nTitle\r\n",
    );
    const rows = encoder.encode("A job nobody may import\r\n".repeat(2_600)); // about 64 KiB
    const chunks = 256; // 16 MiB in all
    let sent = 0;
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = pulls === 0
          ? head
          : pulls <= chunks
          ? rows
          : encoder.encode("\r\n--edge--\r\n");
        if (pulls++ > chunks + 1) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const response = await app.fetch(
      new Request("http://localhost/api/records/sample_job/import", {
        method: "POST",
        headers: {
          authorization: `Bearer ${admin}`,
          "content-type": "multipart/form-data; boundary=edge",
          // As an HTTP client sends it: the length is known before the body.
          "content-length": String(head.length + chunks * rows.length + 12),
        },
        body,
      }),
    );
    assertEquals(response.status, 403);
    assertEquals((await response.json()).error.message, "Missing permission milestones.import");
    assert(sent < 1024 * 1024, `${sent} bytes of the body were read before the refusal`);
  } finally {
    await app.close();
  }
});
