/**
 * Two real server processes on one database of the run's dialect (PostgreSQL:
 * LISTEN/NOTIFY sent with the commit; SQLite: one file, the other process's
 * commits seen through `PRAGMA data_version`). An administrator's change made on
 * instance A, or by the admin command, reaches the event stream open on instance
 * B, and B enforces it on its very next request. The delay from the write's
 * answer to the event on B is printed, not asserted (the machine is shared).
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createEmptyDatabaseUrl, TEST_DIALECT } from "../testing/test-database.ts";
import { type ServerProcess, startServer } from "../testing/server-process.ts";
import { type EventStreamReader, openEventStream } from "../testing/event-stream-reader.ts";
import { DEMO_PASSWORD, ORGS } from "./seed/demo-people.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const ORG = ORGS.acme.id;
/** How long an event may take to arrive before the test fails (generous: a slow, shared machine). */
const EVENT_DEADLINE_MS = 10_000;

async function post(
  server: ServerProcess,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: Record<string, unknown>; at: number }> {
  const res = await fetch(`${server.base}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: JSON.stringify(options.body ?? {}),
  });
  const at = performance.now();
  return { status: res.status, body: await res.json(), at };
}

async function signIn(server: ServerProcess): Promise<string> {
  const res = await post(server, "/auth/login", {
    body: { email: "admin@acme.test", password: DEMO_PASSWORD },
  });
  assertEquals(res.status, 200, JSON.stringify(res.body));
  return res.body.access_token as string;
}

async function roleVersion(server: ServerProcess, token: string, role: string): Promise<number> {
  const res = await post(server, "/admin/roles/list", { token });
  assertEquals(res.status, 200, JSON.stringify(res.body));
  const found = (res.body.roles as { name: string; version: number }[]).find((r) =>
    r.name === role
  );
  return found!.version;
}

function changeOf(type: string) {
  return (event: { name: string; data: unknown }) =>
    event.name === "change" && (event.data as { type: string }).type === type &&
    (event.data as { organization_id: string }).organization_id === ORG;
}

function refusal(res: { status: number; body: Record<string, unknown> }) {
  const error = res.body.error as { code: string; details: unknown };
  return { status: res.status, code: error?.code, details: error?.details };
}

/**
 * Runs the admin command on the database; `answeredAt` is when it printed its
 * answer (after its commit, before it closes its connection and exits).
 */
async function runAdminCommand(
  url: string,
  args: string[],
): Promise<{ code: number; said: string; answeredAt: number }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "server/cli/admin.ts", ...args],
    cwd: ROOT,
    env: { DATABASE_URL: url, LOG_LEVEL: "quiet" },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let said = "";
  let answeredAt = NaN;
  const errors = new Response(child.stderr).text();
  for await (const text of child.stdout.pipeThrough(new TextDecoderStream())) {
    if (Number.isNaN(answeredAt)) answeredAt = performance.now();
    said += text;
  }
  const { code } = await child.status;
  return { code, said: said + (await errors), answeredAt };
}

function printDelay(what: string, ms: number): void {
  console.log(
    `[${TEST_DIALECT}] ${what} reached instance B's event stream ${
      ms.toFixed(1)
    } ms after it answered`,
  );
}

Deno.test(`Two server instances on one ${TEST_DIALECT} database: B's event stream hears a module switched on A, and B refuses the module, a permission revoked through A and one revoked by the admin command on its next request`, async () => {
  const database = await createEmptyDatabaseUrl();
  const servers: ServerProcess[] = [];
  const streams: EventStreamReader[] = [];
  try {
    // The first instance migrates and seeds the empty database; the second finds it ready.
    const a = await startServer(database.url);
    servers.push(a);
    const b = await startServer(database.url);
    servers.push(b);
    const [tokenA, tokenB] = [await signIn(a), await signIn(b)];
    let stream = await openEventStream(b.base, tokenB);
    streams.push(stream);
    await stream.next((e) => e.name === "hello", EVENT_DEADLINE_MS);

    // A module switched off on A.
    assertEquals((await post(b, "/leads", { token: tokenB })).status, 200);
    const toggled = await post(a, "/admin/modules/toggle", {
      token: tokenA,
      body: { module_id: "leads", enabled: false, version: 1 },
    });
    assertEquals(toggled.status, 200, JSON.stringify(toggled.body));
    const catalogueEvent = await stream.next(changeOf("catalogue"), EVENT_DEADLINE_MS);
    assertEquals(refusal(await post(b, "/leads", { token: tokenB })), {
      status: 403,
      code: "forbidden",
      details: { module: "leads" },
    });
    printDelay("A module switched off on A", catalogueEvent.at - toggled.at);

    // A permission revoked through A.
    assertEquals((await post(b, "/calendar/events", { token: tokenB })).status, 200);
    const revoked = await post(a, "/admin/roles/revoke", {
      token: tokenA,
      body: {
        role: "firm_admin",
        permission: "calendar.read",
        version: await roleVersion(a, tokenA, "firm_admin"),
      },
    });
    assertEquals(revoked.status, 200, JSON.stringify(revoked.body));
    const permissionEvent = await stream.next(changeOf("permissions"), EVENT_DEADLINE_MS);
    assertEquals(refusal(await post(b, "/calendar/events", { token: tokenB })), {
      status: 403,
      code: "forbidden",
      details: { permission: "calendar.read" },
    });
    printDelay("A permission revoked through A", permissionEvent.at - revoked.at);
    // The caller's own rights changed: B ends that stream, and the client opens another.
    await stream.next((e) => e.name === "end", EVENT_DEADLINE_MS);
    stream = await openEventStream(b.base, tokenB);
    streams.push(stream);
    await stream.next((e) => e.name === "hello", EVENT_DEADLINE_MS);

    // A permission revoked by the admin command, a third process.
    assertEquals((await post(b, "/notifications", { token: tokenB })).status, 200);
    const command = await runAdminCommand(database.url, [
      "permissions",
      "revoke",
      "notifications.read",
      "--role",
      "firm_admin",
      "--org",
      ORG,
    ]);
    assertEquals(command.code, 0, command.said);
    const commandEvent = await stream.next(changeOf("permissions"), EVENT_DEADLINE_MS);
    assertEquals(refusal(await post(b, "/notifications", { token: tokenB })), {
      status: 403,
      code: "forbidden",
      details: { permission: "notifications.read" },
    });
    printDelay("A permission revoked by the admin command", commandEvent.at - command.answeredAt);
  } finally {
    for (const stream of streams) await stream.close();
    for (const server of servers) await server.stop();
    await database.drop();
  }
});
