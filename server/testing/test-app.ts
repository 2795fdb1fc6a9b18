/**
 * Test support: a fresh app over its own copy of a seeded database. The demo seed
 * (with its PBKDF2 hashing) runs once per test process into a template file; each
 * test app copies that file, so tests are isolated and fast. `tokenFor` opens a
 * session and signs its access token directly, skipping password hashing; auth
 * tests use real logins.
 */
import { type Config, DEFAULT_CONFIG } from "../config.ts";
import { openSqlite } from "../db/sqlite.ts";
import { prepareDatabase } from "../db/prepare.ts";
import type { Database } from "../db/database.ts";
import { type BuiltApp, createApp } from "../app.ts";
import { signAccessToken } from "../platform/auth/tokens.ts";
import { insertSession, landingOrganization } from "../platform/auth/repo.ts";
import { newId } from "../platform/ids.ts";
import { PEOPLE } from "../db/seed/demo-people.ts";
import type { PasswordHasher } from "../platform/auth/hashing-pool.ts";

let template: Promise<{ path: string; secret: string }> | undefined;

function buildTemplate(): Promise<{ path: string; secret: string }> {
  template ??= (async () => {
    const path = await Deno.makeTempFile({ prefix: "opsuite-template-", suffix: ".db" });
    const db = openSqlite(path);
    const prepared = await prepareDatabase(db, { seed: "demo", now: Date.now() });
    await db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    await db.close();
    return { path, secret: prepared.secret };
  })();
  return template;
}

/** A clock tests can move. */
export interface TestClock {
  now: number;
  advance(ms: number): void;
}

/** A test app with its database and helpers. */
export interface TestApp extends BuiltApp {
  db: Database;
  /** The database file, for a second connection (another server process). */
  path: string;
  config: Config;
  clock: TestClock;
  secret: string;
  /** An access token of a new session for a seeded person, by email. */
  tokenFor(email: string): Promise<string>;
  /** A JSON request with an optional bearer token, from a socket address when given. */
  call(
    method: string,
    path: string,
    options?: {
      token?: string;
      body?: unknown;
      headers?: Record<string, string>;
      remoteAddress?: string;
    },
  ): Promise<Response>;
  close(): Promise<void>;
}

/** A fresh app over a copy of the seeded template. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  parts: { hasher?: PasswordHasher } = {},
): Promise<TestApp> {
  const { path: templatePath, secret } = await buildTemplate();
  const path = await Deno.makeTempFile({ prefix: "opsuite-test-", suffix: ".db" });
  await Deno.copyFile(templatePath, path);
  const db = openSqlite(path, { writeWaitMs: overrides.dbWriteWaitMs });
  const clock: TestClock = {
    now: Date.now(),
    advance(ms) {
      this.now += ms;
    },
  };
  const config: Config = { ...DEFAULT_CONFIG, clientDist: "/nonexistent", ...overrides };
  const built = createApp({ db, config, secret, clock: () => clock.now, ...parts });
  return {
    ...built,
    db,
    path,
    config,
    clock,
    secret,
    async tokenFor(email) {
      const person = PEOPLE.find((p) => p.email === email);
      if (!person) throw new Error(`No seeded person with email ${email}`);
      const organizationId = await landingOrganization(db, person.id);
      if (!organizationId) throw new Error(`${email} has no active membership`);
      const sessionId = newId("ses");
      const now = new Date(clock.now).toISOString();
      await insertSession(db, { id: sessionId, userId: person.id, organizationId, now });
      return signAccessToken({ userId: person.id, sessionId }, secret, {
        ttlSeconds: 900,
        now: clock.now,
      });
    },
    async call(method, path, options = {}) {
      const headers: Record<string, string> = {};
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let body: Uint8Array<ArrayBuffer> | undefined;
      if (options.body !== undefined) {
        headers["content-type"] = "application/json";
        body = new TextEncoder().encode(
          typeof options.body === "string" ? options.body : JSON.stringify(options.body),
        );
        // As an HTTP client sends it on the wire.
        headers["content-length"] = String(body.length);
      }
      Object.assign(headers, options.headers);
      const info: Deno.ServeHandlerInfo | undefined = options.remoteAddress
        ? {
          remoteAddr: { transport: "tcp", hostname: options.remoteAddress, port: 40000 },
          completed: Promise.resolve(),
        }
        : undefined;
      return await built.fetch(
        new Request(new URL(path, "http://localhost"), { method, headers, body }),
        info,
      );
    },
    async close() {
      await db.close();
      await Deno.remove(path).catch(() => {});
      await Deno.remove(`${path}-wal`).catch(() => {});
      await Deno.remove(`${path}-shm`).catch(() => {});
    },
  };
}
