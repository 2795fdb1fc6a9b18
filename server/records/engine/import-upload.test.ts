/**
 * How an import's file is received and read, through HTTP: refused before its
 * body is read when the caller may not import, a NUL character in a cell failing
 * its row, long cells quoted briefly in failures, and imports sent at once taking
 * turns. Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { createEngineTestApp, grant } from "../testing/engine-app.ts";
import type { TestApp } from "../../testing/test-app.ts";
import { IMPORTS_WAITING, importsWaiting, inImportTurn } from "./import-turns.ts";
import { importCsv } from "../testing/import-upload.ts";

const ADMIN = "admin@acme.test";

async function contactNames(app: TestApp): Promise<string[]> {
  const rows = await app.db.all<{ full_name: string }>(
    "SELECT full_name FROM sample_contacts ORDER BY full_name",
  );
  return rows.map((r) => r.full_name);
}

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

Deno.test("A NUL character in a cell fails its row, naming the line and the column; nothing of it is stored", async () => {
  const app = await createEngineTestApp();
  try {
    await grant(app, "firm_admin", "time-tracking", ["import"]);
    const admin = await app.tokenFor(ADMIN);
    const csv = "Name,Email\r\nAda Lovelace,ada@example.com\r\n" +
      "Grace\u0000Hopper,grace@example.com\r\nAlan Turing,alan@exa\u0000mple.com\r\n";
    const failed = [
      {
        line: 3,
        field: "full_name",
        column: "Name",
        message: 'Column "Name" holds a NUL character (U+0000), which cannot be stored; remove it',
      },
      {
        line: 4,
        field: "email",
        column: "Email",
        message: 'Column "Email" holds a NUL character (U+0000), which cannot be stored; remove it',
      },
    ];
    const whole = await importCsv(app, admin, "sample_contact", csv);
    assertEquals([whole.status, whole.body.created, whole.body.failed], [200, 0, failed]);
    assertEquals(await contactNames(app), []);

    const partial = await importCsv(app, admin, "sample_contact", csv, { mode: "partial" });
    assertEquals([partial.status, partial.body.created, partial.body.failed], [200, 1, failed]);
    assertEquals(await contactNames(app), ["Ada Lovelace"]);
  } finally {
    await app.close();
  }
});

Deno.test("A failure quotes at most 60 characters of its cell, however long the cell", async () => {
  const app = await createEngineTestApp();
  try {
    await grant(app, "firm_admin", "milestones", ["import"]);
    const admin = await app.tokenFor(ADMIN);
    const long = "9".repeat(30_000) + "x";
    const lines = ["Title,Visits,Kind"];
    for (let i = 0; i < 300; i++) lines.push(`Job ${i},${long},${long}`);
    const { status, body } = await importCsv(app, admin, "sample_job", lines.join("\n"));
    assertEquals([status, body.created, body.failed.length], [200, 0, 600]);
    const quoted = `"${"9".repeat(60)}…"`;
    assertEquals(body.failed[0], {
      line: 2,
      field: "visits",
      column: "Visits",
      message: `Visits: ${quoted} is not a number`,
    });
    assertEquals(body.failed[1].field, "kind");
    assert(body.failed[1].message.startsWith(`Kind: ${quoted} is not one of the options`));
    assert(body.failed.every((f) => f.message.length < 200), "a failure repeats its cell");
  } finally {
    await app.close();
  }
});

Deno.test("Imports sent at once take turns: each is stored whole, none fails busy", async () => {
  // A write wait far shorter than an import: an import waiting on another's transaction would fail.
  const app = await createEngineTestApp([], { dbWriteWaitMs: 50 });
  try {
    await grant(app, "firm_admin", "time-tracking", ["import"]);
    const admin = await app.tokenFor(ADMIN);
    const file = (n: number) =>
      [
        "Name,Email",
        ...Array.from({ length: 3_000 }, (_, i) => `Person ${n}-${i},p${n}.${i}@x.example`),
      ]
        .join("\r\n");
    const answers = await Promise.all(
      [1, 2, 3].map((n) => importCsv(app, admin, "sample_contact", file(n))),
    );
    assertEquals(
      answers.map((a) => [a.status, a.body.created, a.body.failed]),
      [[200, 3_000, []], [200, 3_000, []], [200, 3_000, []]],
    );
    assertEquals((await contactNames(app)).length, 9_000);
  } finally {
    await app.close();
  }
});

Deno.test("Past 8 imports waiting for their turn, another answers 503 and the waiting ones all run", async () => {
  const app = await createEngineTestApp();
  try {
    await grant(app, "firm_admin", "time-tracking", ["import"]);
    const admin = await app.tokenFor(ADMIN);
    // The test holds the turn, as a long import would.
    let release!: () => void;
    const held = inImportTurn(app.db, () => new Promise<void>((resolve) => (release = resolve)));
    const file = (n: number) => `Name,Email\r\nPerson ${n},p${n}@x.example\r\n`;
    const waiting = Array.from(
      { length: IMPORTS_WAITING },
      (_, n) => importCsv(app, admin, "sample_contact", file(n)),
    );
    while (importsWaiting(app.db) < IMPORTS_WAITING) await new Promise((r) => setTimeout(r, 10));
    const refused = await app.fetch(
      new Request("http://localhost/api/records/sample_contact/import", {
        method: "POST",
        headers: { authorization: `Bearer ${admin}` },
        body: (() => {
          const form = new FormData();
          form.set("file", new File([file(99)], "late.csv"));
          return form;
        })(),
      }),
    );
    assertEquals(refused.status, 503);
    assertEquals(refused.headers.get("retry-after"), "60");
    assertEquals((await refused.json()).error.code, "imports_busy");
    release();
    await held;
    const answers = await Promise.all(waiting);
    assertEquals(answers.map((a) => [a.status, a.body.created]), Array(8).fill([200, 1]));
    assertEquals((await contactNames(app)).length, 8);
  } finally {
    await app.close();
  }
});
