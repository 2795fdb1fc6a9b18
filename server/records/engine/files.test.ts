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

/** Uploads a file for an attach field of `typeId`; answers its id. */
async function uploadFor(app: TestApp, token: string, typeId: string, text: string) {
  const form = new FormData();
  form.append("file", new File([text], "receipt.txt", { type: "text/plain" }));
  const response = await app.fetch(
    new Request(`http://localhost/api/records/${typeId}/files`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    }),
  );
  assertEquals(response.status, 201);
  return (await response.json()).file.id as string;
}

Deno.test("a member cannot take another member's receipt by naming its file id on a document of their own", async () => {
  const app = await createEngineTestApp();
  try {
    const maya = await app.tokenFor("maya@acme.test");
    const member = await app.tokenFor("member@acme.test");
    // Expense lines have no upload call of their own; a file is the organisation's either way.
    const receipt = await uploadFor(app, maya, "document", "Hotel, two nights: 312.00");
    const claim = await app.call("POST", "/api/records/expense", {
      token: maya,
      body: {
        values: {
          purpose: "Client visit",
          approver: "usr_acme_finance",
          lines: [{
            date: "2026-03-02",
            category: "lodging",
            amount: 312,
            receipt,
          }],
        },
      },
    });
    assertEquals(claim.status, 201, await claim.text());

    const taken = await app.call("POST", "/api/records/document", {
      token: member,
      body: { values: { title: "Mine now", file: receipt } },
    });
    assertEquals(taken.status, 400);
    assertEquals(
      (await taken.json()).error.details.fields.file,
      "File: No such file: upload it first",
    );
    const stored = await app.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM documents WHERE organization_id = 'org_acme' AND file = ?",
      [receipt],
    );
    assertEquals(Number(stored!.n), 0, "nothing stored");

    // Nor one uploaded by someone else and not attached yet; one's own upload is taken.
    const unattached = await uploadFor(app, maya, "document", "Draft contract");
    const early = await app.call("POST", "/api/records/document", {
      token: member,
      body: { values: { title: "Early", file: unattached } },
    });
    assertEquals(early.status, 400);
    await early.body?.cancel();
    const own = await uploadFor(app, member, "document", "My notes");
    const mine = await app.call("POST", "/api/records/document", {
      token: member,
      body: { values: { title: "My notes", file: own } },
    });
    assertEquals(mine.status, 201, await mine.text());
  } finally {
    await app.close();
  }
});

Deno.test("the document list, search and GET show only documents attached to records the caller may read", async () => {
  const app = await createEngineTestApp();
  try {
    const admin = await app.tokenFor("admin@acme.test");
    const member = await app.tokenFor("member@acme.test");
    const tasks = await app.db.all<{ id: string; own: number }>(
      `SELECT id, CASE WHEN assignee_id = 'usr_acme_member' THEN 1 ELSE 0 END AS own FROM tasks
        WHERE organization_id = 'org_acme'
          AND (assignee_id = 'usr_acme_member' OR (assignee_id <> 'usr_acme_member' AND created_by <> 'usr_acme_member'))
        ORDER BY own DESC, id`,
    );
    const ownTask = tasks.find((t) => Number(t.own) === 1)!.id;
    const otherTask = tasks.find((t) => Number(t.own) === 0)!.id;
    const attach = async (title: string, task: string) => {
      const file = await uploadFor(app, admin, "document", title);
      const res = await app.call("POST", "/api/records/document", {
        token: admin,
        body: { values: { title, file, record_type: "task", record_id: task } },
      });
      assertEquals(res.status, 201);
      return { id: (await res.json()).record.id as string, file };
    };
    const shown = await attach("Notes on my task", ownTask);
    const hidden = await attach("Notes on someone else's task", otherTask);

    const list = await app.call("POST", "/api/records/document/list", {
      token: member,
      body: { limit: 500 },
    });
    const text = await list.text();
    assert(text.includes(shown.id));
    assertEquals(text.includes(hidden.id) || text.includes(hidden.file), false);
    const search = await app.call("GET", "/api/records/document/search?q=Notes", { token: member });
    const found = await search.text();
    assert(found.includes(shown.id));
    assertEquals(found.includes(hidden.id), false);
    const get = await app.call("GET", `/api/records/document/${hidden.id}`, { token: member });
    assertEquals(get.status, 404);
    await get.body?.cancel();
    const adminList = await app.call("POST", "/api/records/document/list", {
      token: admin,
      body: { limit: 500 },
    });
    assert((await adminList.text()).includes(hidden.id));
  } finally {
    await app.close();
  }
});
