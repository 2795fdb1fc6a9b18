/**
 * Two server processes on one SQLite file while a third process holds the write
 * lock for 7 s: writes answer 503 with Retry-After meanwhile, reads and the health
 * check still answer, a server stops on SIGTERM, and writes succeed once the lock
 * is free. Real processes, real file; every child is killed in `finally`.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";

const HOLD_MS = 7000;
const ROOT = new URL("../../", import.meta.url).pathname;
const CONTACT = JSON.stringify({
  name: "Grace Hopper",
  email: "grace@example.test",
  message: "Please call me back about a demo.",
});

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

function startServer(dbPath: string, port: number): Deno.ChildProcess {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "server/main.ts"],
    cwd: ROOT,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `sqlite:${dbPath}`,
      SEED: "demo",
      LOG_LEVEL: "quiet",
      DB_WRITE_WAIT_MS: "1000",
    },
    stdout: "null",
    stderr: "null",
  }).spawn();
}

/** Holds the write lock for HOLD_MS, printing "locked" once it has it. */
function holdWriteLock(dbPath: string): Deno.ChildProcess {
  const script = `
    import { DatabaseSync } from "node:sqlite";
    const db = new DatabaseSync(${JSON.stringify(dbPath)});
    db.exec("BEGIN IMMEDIATE");
    console.log("locked");
    await new Promise((resolve) => setTimeout(resolve, ${HOLD_MS}));
    db.exec("COMMIT");
    db.close();`;
  return new Deno.Command(Deno.execPath(), {
    args: ["eval", "--ext=ts", script],
    stdout: "piped",
    stderr: "null",
  }).spawn();
}

async function waitForHealth(port: number, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      await res.body?.cancel();
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Server on port ${port} did not answer /api/health within ${withinMs} ms`);
}

function postContact(port: number): Promise<Response> {
  return fetch(`http://127.0.0.1:${port}/public/contact`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: CONTACT,
  });
}

async function exitWithin(child: Deno.ChildProcess, ms: number): Promise<Deno.CommandStatus> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  const status = await Promise.race([child.status, late]);
  clearTimeout(timer);
  if (!status) throw new Error(`Process ${child.pid} did not exit within ${ms} ms`);
  return status;
}

function kill(child: Deno.ChildProcess): void {
  try {
    child.kill("SIGKILL");
  } catch {
    // Already exited.
  }
}

Deno.test("Two servers on one SQLite file answer 503 while another process holds the write lock for 7 s, and 2xx after", async () => {
  const dir = await Deno.makeTempDir({ prefix: "opsuite-busy-" });
  const dbPath = `${dir}/app.db`;
  const [portA, portB] = [freePort(), freePort()];
  const children: Deno.ChildProcess[] = [];
  try {
    const a = startServer(dbPath, portA);
    children.push(a);
    await waitForHealth(portA, 90_000);
    const b = startServer(dbPath, portB);
    children.push(b);
    await waitForHealth(portB, 30_000);

    const holder = holdWriteLock(dbPath);
    children.push(holder);
    const reader = holder.stdout.getReader();
    const first = await reader.read();
    assertEquals(new TextDecoder().decode(first.value).trim(), "locked");
    reader.releaseLock();
    const lockedAt = Date.now();

    const busy = await postContact(portB);
    const error = await busy.json();
    assertEquals([busy.status, error.error.code], [503, "database_busy"]);
    ok(Number(busy.headers.get("retry-after")) >= 1, "Retry-After is missing");
    const health = await fetch(`http://127.0.0.1:${portB}/api/health`);
    assertEquals([health.status, (await health.json()).status], [200, "ok"]);

    // A server with a write waiting on the lock still stops on SIGTERM.
    const pending = postContact(portA).then((res) => res.body?.cancel(), () => {});
    await new Promise((resolve) => setTimeout(resolve, 100));
    a.kill("SIGTERM");
    assertEquals((await exitWithin(a, 5000)).success, true);
    await pending;
    ok(Date.now() - lockedAt < HOLD_MS, "the checks took longer than the lock was held");

    assertEquals((await exitWithin(holder, HOLD_MS + 5000)).success, true);
    const after = await postContact(portB);
    assertEquals(after.status, 201, await after.text());
  } finally {
    for (const child of children) kill(child);
    for (const child of children) await child.status;
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
});
