/**
 * Test support: real server processes (`deno run -A server/main.ts`) on a port of
 * their own and a given DATABASE_URL, for tests of several instances on one
 * database and of a process dying mid-write. Each waits until it answers
 * `/api/health`; the caller stops or kills it in `finally`.
 */

import V8_FLAGS from "../v8-flags.json" with { type: "json" };

const ROOT = new URL("../../", import.meta.url).pathname;

/** A running server process. */
export interface ServerProcess {
  /** Its base URL, `http://127.0.0.1:<port>`. */
  base: string;
  child: Deno.ChildProcess;
  /** SIGTERM, then SIGKILL when it has not exited within a few seconds. */
  stop(): Promise<void>;
  /** SIGKILL at once (a crash), resolved when the process is gone. */
  kill(): Promise<void>;
}

/** A port nobody listens on now (the system's choice, so concurrent runs do not collide). */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

function signal(child: Deno.ChildProcess, name: Deno.Signal): void {
  try {
    child.kill(name);
  } catch {
    // Already exited.
  }
}

async function exitedWithin(child: Deno.ChildProcess, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const exited = await Promise.race([child.status.then(() => true), late]);
  clearTimeout(timer);
  return exited;
}

/** Reads a process's output to its end (so it never blocks on a full pipe), keeping the last part. */
function keepTail(stream: ReadableStream<Uint8Array<ArrayBuffer>>): () => string {
  let tail = "";
  void stream.pipeThrough(new TextDecoderStream()).pipeTo(
    new WritableStream({ write: (text) => void (tail = (tail + text).slice(-4000)) }),
  ).catch(() => {});
  return () => tail;
}

/** Waits until `base` answers `/api/health` 200, or throws once `withinMs` have passed. */
export async function waitForHealth(
  base: string,
  options: { withinMs: number; child?: Deno.ChildProcess },
): Promise<void> {
  const deadline = Date.now() + options.withinMs;
  let exited = false;
  options.child?.status.then(() => (exited = true));
  while (Date.now() < deadline && !exited) {
    try {
      const res = await fetch(`${base}/api/health`);
      await res.body?.cancel();
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    exited
      ? `Server ${base} exited before answering /api/health`
      : `Server ${base} did not answer /api/health within ${options.withinMs} ms`,
  );
}

/**
 * Starts a server on `databaseUrl` (seeding the demo data when it is empty) and
 * waits for its health check. `env` adds to or overrides its environment.
 */
export async function startServer(
  databaseUrl: string,
  options: { env?: Record<string, string>; withinMs?: number } = {},
): Promise<ServerProcess> {
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", `--v8-flags=${V8_FLAGS.join(",")}`, "server/main.ts"],
    cwd: ROOT,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      SEED: "demo",
      LOG_LEVEL: "quiet",
      ...options.env,
    },
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const said = keepTail(child.stderr);
  const server: ServerProcess = {
    base,
    child,
    async stop() {
      signal(child, "SIGTERM");
      if (await exitedWithin(child, 5000)) return;
      signal(child, "SIGKILL");
      await child.status;
    },
    async kill() {
      signal(child, "SIGKILL");
      await child.status;
    },
  };
  try {
    await waitForHealth(base, { withinMs: options.withinMs ?? 120_000, child });
  } catch (error) {
    await server.kill();
    throw new Error(`${(error as Error).message}; it said:\n${said()}`);
  }
  return server;
}
