/** Starts the real server (fresh seeded database) and the bare baseline as child processes. */

import { createBenchDatabase } from "./databases.ts";
import V8_FLAGS from "../../server/v8-flags.json" with { type: "json" };

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

/** The `--v8-flags=…` argument for `flags`, none for none. */
function v8Argument(flags: readonly string[]): string[] {
  return flags.length ? [`--v8-flags=${flags.join(",")}`] : [];
}

/** How to start the product server. */
export interface AppOptions {
  /** Extra environment. */
  env?: Record<string, string>;
  /**
   * The database to serve (its DATABASE_URL), left in place at stop; without it, a
   * fresh SQLite file removed at stop. The first server on an empty database seeds it.
   */
  databaseUrl?: string;
  /** Arguments for `deno run` before the script (`--cpu-prof`, …). */
  denoFlags?: string[];
  /** V8's flags (default: the product's, server/v8-flags.json; `[]` for V8's own defaults). */
  v8Flags?: readonly string[];
}

/**
 * The product server, on a fresh SQLite database or the one given, with the
 * garbage collector settings the product starts with (server/v8-flags.json).
 */
export async function startApp(port: number, options: AppOptions = {}): Promise<
  Child & {
    pid: number;
  }
> {
  const own = options.databaseUrl ? undefined : await createBenchDatabase("sqlite");
  const child = spawn([
    "run",
    "-A",
    ...v8Argument(options.v8Flags ?? V8_FLAGS),
    ...(options.denoFlags ?? []),
    "server/main.ts",
  ], {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: options.databaseUrl ?? own!.url,
    LOG_LEVEL: "quiet",
    ...options.env,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`);
  return {
    url,
    pid: child.pid,
    async stop() {
      child.kill("SIGTERM");
      await child.status;
      await own?.drop();
    },
  };
}

/** Signs the Acme administrator in on a server; answers the access token. */
export async function signIn(url: string): Promise<string> {
  const login = await fetch(`${url}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@acme.test", password: "demo-password" }),
  });
  if (login.status !== 200) throw new Error(`Sign-in answered ${login.status}`);
  const { access_token: token } = await login.json();
  return token;
}

/** A recorded answer: status, the app's headers and the body in base64. */
export interface RecordedAnswer {
  status: number;
  headers: [string, string][];
  body: string | null;
}

/** What the baseline answers: the app's 200, and its 304 when there is one. */
export interface Recording {
  ok: RecordedAnswer;
  notModified?: RecordedAnswer;
  /** Authorization headers the floor server knows (see serve-bytes.ts). */
  callers?: string[];
}

/** Headers the HTTP layer sets per connection, not the app (Deno closes after large bodies). */
const TRANSPORT_HEADERS = new Set(["date", "content-length", "connection"]);

/** Records a response of the app, consuming its body. */
export async function record(response: Response): Promise<RecordedAnswer> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  return {
    status: response.status,
    headers: [...response.headers].filter(([name]) => !TRANSPORT_HEADERS.has(name)),
    body: response.status === 304
      ? null
      : btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join("")),
  };
}

/**
 * The bare Deno.serve baseline answering what the app answered; with `floor`, the
 * same plus only the work every server of these answers must do (serve-bytes.ts).
 */
export async function startBaseline(
  port: number,
  recording: Recording,
  options: { floor?: boolean } = {},
): Promise<Child> {
  const file = await Deno.makeTempFile({ suffix: ".json" });
  await Deno.writeTextFile(file, JSON.stringify(recording));
  const args = ["run", "-A", "tests/bench/serve-bytes.ts", String(port), file];
  const child = spawn(options.floor ? [...args, "--floor"] : args, {});
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

/** Throws unless two answers have the same status, header names and values (request ids aside) and body. */
export function sameAnswer(a: RecordedAnswer, b: RecordedAnswer, what: string): void {
  const shape = (r: RecordedAnswer) =>
    JSON.stringify({
      status: r.status,
      headers: r.headers.filter(([name]) => name !== "x-request-id").sort(),
      body: r.body,
    });
  if (shape(a) !== shape(b)) {
    throw new Error(
      `${what}: the router's and the prepared answer differ\n${shape(a)}\n${shape(b)}`,
    );
  }
}
