/**
 * Files of attach fields: uploaded once, stored in the database, set on a record
 * by id, and downloaded only by callers who may read the record the file belongs
 * to (a document attached to a task: whoever may read that task).
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { createEngineTestApp } from "../testing/engine-app.ts";
import type { TestApp } from "../../testing/test-app.ts";

async function upload(app: TestApp, token: string, name: string, bytes: Uint8Array<ArrayBuffer>) {
  const form = new FormData();
  form.append("file", new File([bytes], name, { type: "text/plain" }));
  const response = await app.fetch(
    new Request("http://localhost/api/records/document/files", {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    }),
  );
  return { status: response.status, body: await response.json() };
}

Deno.test("a document's file is uploaded, attached to a task and served only to who may read the task", async () => {
  const app = await createEngineTestApp();
  try {
    const admin = await app.tokenFor("admin@acme.test");
    const tom = await app.tokenFor("tom@acme.test");
    const bytes = new TextEncoder().encode("Minutes of the kick-off meeting\n");
    const uploaded = await upload(app, admin, "minutes.txt", bytes);
    assertEquals(uploaded.status, 201, JSON.stringify(uploaded.body));
    assertEquals(uploaded.body.file.size, bytes.length);

    const task = await app.db.get<{ id: string }>(
      `SELECT id FROM tasks WHERE organization_id = 'org_acme'
       AND (assignee_id IS NULL OR assignee_id <> 'usr_acme_tom') AND (created_by IS NULL OR created_by <> 'usr_acme_tom')
       ORDER BY id LIMIT 1`,
    );
    const created = await app.call("POST", "/api/records/document", {
      token: admin,
      body: {
        values: {
          title: "Kick-off minutes",
          file: uploaded.body.file.id,
          record_type: "task",
          record_id: task!.id,
        },
      },
    });
    const document = (await created.json()).record;
    assertEquals(created.status, 201, JSON.stringify(document));
    assertEquals(document.size, bytes.length, "the size comes from the file");
    assertEquals(document.content_type, "text/plain");

    const download = await app.call("GET", `/api/records/document/${document.id}/files/file`, {
      token: admin,
    });
    assertEquals(download.status, 200);
    assertEquals(new Uint8Array(await download.arrayBuffer()), bytes);
    assert(download.headers.get("content-disposition")!.includes("minutes.txt"));

    const denied = await app.call("GET", `/api/records/document/${document.id}/files/file`, {
      token: tom,
    });
    assertEquals(denied.status, 404, "Tom may not read that task, so not its file either");
    await denied.body?.cancel();
  } finally {
    await app.close();
  }
});

Deno.test("an attach field takes only a file of the caller's organisation, and a document only a record it may read", async () => {
  const app = await createEngineTestApp();
  try {
    const admin = await app.tokenFor("admin@acme.test");
    const other = await app.tokenFor("admin@globex.test");
    const foreign = await upload(app, other, "theirs.txt", new Uint8Array([1, 2, 3]));
    assertEquals(foreign.status, 201);
    const stolen = await app.call("POST", "/api/records/document", {
      token: admin,
      body: { values: { title: "Not mine", file: foreign.body.file.id } },
    });
    assertEquals(stolen.status, 400);
    const error = (await stolen.json()).error;
    assert(error.details.fields.file, JSON.stringify(error));
    const asJson = await app.call("POST", "/api/records/document/files", {
      token: admin,
      body: { file: "not a file" },
    });
    assertEquals(asJson.status, 415, "a file comes as a multipart form");
    await asJson.body?.cancel();
    const mine = await upload(app, admin, "mine.txt", new Uint8Array([4]));
    const badTarget = await app.call("POST", "/api/records/document", {
      token: admin,
      body: {
        values: {
          title: "Lost",
          file: mine.body.file.id,
          record_type: "spaceship",
          record_id: "x",
        },
      },
    });
    assertEquals(badTarget.status, 400);
    assert((await badTarget.json()).error.details.fields.record_type);
    const count = await app.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM documents WHERE organization_id = 'org_acme' AND title IN ('Not mine', 'Lost')",
    );
    assertEquals(Number(count!.n), 0, "nothing stored");
  } finally {
    await app.close();
  }
});

Deno.test("a file over the usual 1 MiB body is taken up to 10 MiB, and a larger one answers 413", async () => {
  const app = await createEngineTestApp();
  try {
    const admin = await app.tokenFor("admin@acme.test");
    const twoMiB = await upload(app, admin, "plans.pdf", new Uint8Array(2 * 1024 * 1024));
    assertEquals(twoMiB.status, 201);
    assertEquals(twoMiB.body.file.size, 2 * 1024 * 1024);
    const tooBig = await upload(app, admin, "video.bin", new Uint8Array(11 * 1024 * 1024));
    assertEquals(tooBig.status, 413);
    assertEquals(tooBig.body.error.code, "payload_too_large");
  } finally {
    await app.close();
  }
});

Deno.test("an upload nobody attached for a day goes with the next upload; attached files and fresh uploads stay", async () => {
  const app = await createEngineTestApp();
  try {
    const admin = await app.tokenFor("admin@acme.test");
    const globex = await app.tokenFor("admin@globex.test");
    const text = (s: string) => new TextEncoder().encode(s);
    const left = (await upload(app, admin, "left.txt", text("never attached"))).body.file.id;
    const kept = (await upload(app, admin, "kept.txt", text("attached"))).body.file.id;
    const elsewhere = (await upload(app, globex, "globex.txt", text("another firm"))).body.file.id;
    const created = await app.call("POST", "/api/records/document", {
      token: admin,
      body: { values: { title: "Kept", file: kept } },
    });
    assertEquals(created.status, 201);
    app.clock.advance(23 * 60 * 60 * 1000);
    // Sign in again: an access token lives shorter than a day.
    const later = await app.tokenFor("admin@acme.test");
    const young = (await upload(app, later, "young.txt", text("still being filled"))).body.file.id;
    const stored = async () =>
      (await app.db.all<{ id: string }>("SELECT id FROM files ORDER BY id")).map((f) => f.id);
    assertEquals((await stored()).includes(left), true, "a day has not passed yet");

    app.clock.advance(2 * 60 * 60 * 1000);
    const next =
      (await upload(app, await app.tokenFor("admin@acme.test"), "next.txt", text("next")))
        .body.file.id;
    assertEquals(await stored(), [kept, elsewhere, young, next].sort());
  } finally {
    await app.close();
  }
});
