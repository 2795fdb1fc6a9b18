/**
 * A server process killed with SIGKILL in the middle of a stream of writes, then
 * started again on the same database of the run's dialect: every write that was
 * answered 2xx before the kill is there after the restart. On SQLite this is WAL
 * with synchronous=NORMAL surviving the death of the process; on PostgreSQL, the
 * commit preceding the answer.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createEmptyDatabaseUrl, TEST_DIALECT } from "../testing/test-database.ts";
import { type ServerProcess, startServer } from "../testing/server-process.ts";
import { openDatabase } from "./open.ts";
import { DEMO_PASSWORD } from "./seed/demo-people.ts";

/** Requests kept in flight at once, so that the kill lands among unfinished writes. */
const WRITERS = 4;
/** Answered writes before the kill. */
const ANSWERED_BEFORE_KILL = 40;

async function signIn(server: ServerProcess): Promise<string> {
  const res = await fetch(`${server.base}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@acme.test", password: DEMO_PASSWORD }),
  });
  const body = await res.json();
  assertEquals(res.status, 200, JSON.stringify(body));
  return body.access_token;
}

/** Sends a message to a client; its id when answered 201, undefined when the server is gone. */
async function sendMessage(server: ServerProcess, token: string, n: number) {
  let res: Response;
  try {
    res = await fetch(`${server.base}/clients/messages/send`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ client_id: "cli_northwind", body: `Durability check ${n}` }),
    });
  } catch {
    return undefined;
  }
  const body = await res.json().catch(() => undefined);
  // Cut off mid-answer by the kill: the client never learnt the write's outcome.
  if (body === undefined) return undefined;
  assertEquals(res.status, 201, JSON.stringify(body));
  return body.message.id as string;
}

Deno.test(`A server killed with SIGKILL during a write loop on ${TEST_DIALECT} keeps, after a restart, every write it answered 2xx`, async () => {
  const database = await createEmptyDatabaseUrl();
  const servers: ServerProcess[] = [];
  try {
    const first = await startServer(database.url);
    servers.push(first);
    const token = await signIn(first);
    const answered: string[] = [];
    let sent = 0;
    let killed: Promise<void> | undefined;
    const writer = async () => {
      while (true) {
        const id = await sendMessage(first, token, sent++);
        if (id === undefined) return;
        answered.push(id);
        // Killed from inside the loop, while the other writers' requests are in flight.
        if (answered.length === ANSWERED_BEFORE_KILL) killed = first.kill();
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, writer));
    await killed;
    ok(answered.length >= ANSWERED_BEFORE_KILL);

    const second = await startServer(database.url);
    servers.push(second);
    const db = openDatabase(database.url);
    try {
      const rows = await db.all<{ id: string }>(
        `SELECT id FROM client_messages WHERE id IN (${answered.map(() => "?").join(", ")})`,
        answered,
      );
      assertEquals(rows.map((r) => r.id).sort(), [...answered].sort());
    } finally {
      await db.close();
    }
    // The restarted server serves them too.
    const recent = await fetch(`${second.base}/clients/messages/recent`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${await signIn(second)}`,
        "content-type": "application/json",
      },
      body: "{}",
    });
    assertEquals(recent.status, 200);
    const shown = new Set(
      ((await recent.json()).messages as { id: string }[]).map((m) => m.id),
    );
    ok(answered.some((id) => shown.has(id)), "the restarted server shows the messages");
    console.log(
      `[${TEST_DIALECT}] ${answered.length} writes answered 2xx of ${sent} sent before SIGKILL; all present after the restart`,
    );
  } finally {
    for (const server of servers) await server.stop();
    await database.drop();
  }
});
