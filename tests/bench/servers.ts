/** Starts the real server (fresh seeded database) and the bare baseline as child processes. */

const deno = new URL("../../node_modules/.bin/deno", import.meta.url).pathname;

/** A running child server. */
export interface Child {
  url: string;
  stop(): Promise<void>;
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      const res = await fetch(url);
      await res.body?.cancel();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`Server at ${url} did not start`);
}

function spawn(args: string[], env: Record<string, string>): Deno.ChildProcess {
  return new Deno.Command(deno, { args, env, stdout: "null", stderr: "inherit" }).spawn();
}

/** The product server on a fresh database. */
export async function startApp(port: number, env: Record<string, string> = {}): Promise<Child> {
  const db = await Deno.makeTempFile({ prefix: "opsuite-bench-", suffix: ".db" });
  await Deno.remove(db);
  const child = spawn(["run", "-A", "server/main.ts"], {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: `sqlite:${db}`,
    LOG_LEVEL: "quiet",
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`);
  return {
    url,
    async stop() {
      child.kill("SIGTERM");
      await child.status;
      for (const suffix of ["", "-wal", "-shm"]) await Deno.remove(db + suffix).catch(() => {});
    },
  };
}

/** The bare Deno.serve baseline answering `body` with `etag`. */
export async function startBaseline(port: number, body: Uint8Array, etag: string): Promise<Child> {
  const file = await Deno.makeTempFile({ suffix: ".json" });
  await Deno.writeFile(file, body);
  const child = spawn(["run", "-A", "tests/bench/serve-bytes.ts", String(port), file, etag], {});
  const url = `http://127.0.0.1:${port}`;
  await waitFor(url);
  return {
    url,
    async stop() {
      child.kill("SIGTERM");
      await child.status;
      await Deno.remove(file).catch(() => {});
    },
  };
}
