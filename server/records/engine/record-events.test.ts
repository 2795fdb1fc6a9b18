/**
 * A record's change reaches the organisation's open event streams as a `records`
 * event naming the record and its new version, so other people's open lists and
 * forms refresh; other organisations hear nothing of it.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { createEngineTestApp } from "../testing/engine-app.ts";

async function nextEvent(
  reader: ReadableStreamDefaultReader<string>,
  name: string,
  state: { buffer: string },
): Promise<unknown> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    let cut: number;
    while ((cut = state.buffer.indexOf("\n\n")) >= 0) {
      const block = state.buffer.slice(0, cut);
      state.buffer = state.buffer.slice(cut + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event === name && data) return JSON.parse(data);
    }
    const { value, done } = await reader.read();
    if (done) break;
    state.buffer += value;
  }
  throw new Error(`No ${name} event arrived`);
}

Deno.test("a record's change is heard on the organisation's event stream, not on another's", async () => {
  const app = await createEngineTestApp();
  const readers: ReadableStreamDefaultReader<string>[] = [];
  try {
    const admin = await app.tokenFor("admin@acme.test");
    const watcher = await app.tokenFor("pm@acme.test");
    const stranger = await app.tokenFor("admin@globex.test");
    const open = async (token: string) => {
      const response = await app.call("GET", "/ui/events", { token });
      assertEquals(response.status, 200);
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      readers.push(reader);
      const state = { buffer: "" };
      await nextEvent(reader, "hello", state);
      return { reader, state };
    };
    const mine = await open(watcher);
    const theirs = await open(stranger);
    const created = await app.call("POST", "/api/records/sample_job", {
      token: admin,
      body: { values: { title: "Watched" } },
    });
    const record = (await created.json()).record;
    const event = await nextEvent(mine.reader, "records", mine.state) as {
      records: { type: string; id: string; version: number }[];
    };
    assertEquals(event.records, [{ type: "sample_job", id: record.id, version: 1 }]);
    await app.call("PATCH", `/api/records/sample_job/${record.id}`, {
      token: admin,
      body: { version: 1, values: { title: "Watched closely" } },
    });
    const updated = await nextEvent(mine.reader, "records", mine.state) as {
      records: { version: number }[];
    };
    assertEquals(updated.records[0].version, 2);
    const late = await Promise.race([
      nextEvent(theirs.reader, "records", theirs.state).then(() => "heard"),
      new Promise((resolve) => setTimeout(() => resolve("nothing"), 300)),
    ]);
    assert(late === "nothing", "another organisation hears nothing of it");
  } finally {
    for (const reader of readers) await reader.cancel().catch(() => {});
    await app.close();
  }
});

Deno.test("a record's change reaches only streams whose caller may read the record: a member hears of their own tasks, a portal user of no staff record", async () => {
  const app = await createEngineTestApp();
  const readers: ReadableStreamDefaultReader<string>[] = [];
  try {
    const admin = await app.tokenFor("admin@acme.test");
    const open = async (email: string) => {
      const response = await app.call("GET", "/ui/events", { token: await app.tokenFor(email) });
      assertEquals(response.status, 200);
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      readers.push(reader);
      const state = { buffer: "" };
      await nextEvent(reader, "hello", state);
      return { reader, state };
    };
    const member = await open("member@acme.test");
    const pm = await open("pm@acme.test");
    const portal = await open("client@northwind.test");
    const task = (own: boolean) =>
      app.db.get<{ id: string; version: number }>(
        `SELECT id, version FROM tasks WHERE organization_id = 'org_acme'
            AND ${
          own ? "" : "NOT "
        }(assignee_id = 'usr_acme_member' OR created_by = 'usr_acme_member')
          ORDER BY id LIMIT 1`,
      ) as Promise<{ id: string; version: number }>;
    const own = await task(true);
    const other = await task(false);
    const touch = async (task: { id: string; version: number }) => {
      const res = await app.call("PATCH", `/api/records/task/${task.id}`, {
        token: admin,
        body: { version: Number(task.version), values: { description: "Touched" } },
      });
      assertEquals(res.status, 200, await res.text());
    };
    // Someone else's task first, then the member's: the member's stream hears only the second.
    await touch(other);
    await touch(own);
    const heard = await nextEvent(member.reader, "records", member.state) as {
      records: { id: string }[];
    };
    assertEquals(heard.records.map((r) => r.id), [own.id]);
    const pmFirst = await nextEvent(pm.reader, "records", pm.state) as {
      records: { id: string }[];
    };
    const pmSecond = await nextEvent(pm.reader, "records", pm.state) as {
      records: { id: string }[];
    };
    assertEquals([pmFirst.records[0].id, pmSecond.records[0].id], [other.id, own.id]);
    const late = await Promise.race([
      nextEvent(portal.reader, "records", portal.state).then(() => "heard"),
      new Promise((resolve) => setTimeout(() => resolve("nothing"), 300)),
    ]);
    assert(late === "nothing", "the portal user hears of no staff record");
  } finally {
    for (const reader of readers) await reader.cancel().catch(() => {});
    await app.close();
  }
});
