/**
 * Test support: a fresh app over its own copy of a seeded database, in the dialect
 * of the run (test-database.ts: SQLite files, or PostgreSQL when
 * TEST_DATABASE_URL is set). The demo seed (with its PBKDF2 hashing) runs once
 * into a template; each test app gets a copy. `tokenFor` opens a session and signs
 * its access token directly, skipping password hashing; auth tests use real logins.
 * Every JSON answer of a declared endpoint is checked against its response schema
 * (response-check.ts): a mismatch fails the test that made the call.
 */
import type { RecordType } from "../records/define.ts";
import type { RecordController } from "../records/engine/controller.ts";
import { type Config, DEFAULT_CONFIG } from "../config.ts";
import type { Database } from "../db/database.ts";
import { type BuiltApp, createApp } from "../app.ts";
import { signAccessToken } from "../platform/auth/tokens.ts";
import { insertSession, landingOrganization } from "../platform/auth/repo.ts";
import { newId } from "../platform/ids.ts";
import { PEOPLE } from "../db/seed/demo-people.ts";
import type { PasswordHasher } from "../platform/auth/hashing-pool.ts";
import { createTestDatabase } from "./test-database.ts";
import { checkingResponses } from "./response-check.ts";

/** A clock tests can move. */
export interface TestClock {
  now: number;
  advance(ms: number): void;
}

/** A test app with its database and helpers. */
export interface TestApp extends BuiltApp {
  db: Database;
  /** The database's URL, for another server process. */
  url: string;
  /** Another connection to the same database (another server instance). */
  connect(options?: { writeWaitMs?: number }): Database;
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

/**
 * An access token of a new session for a seeded person (by email) in their landing
 * organisation, signed directly as a sign-in would, at `now`.
 */
export async function seededPersonToken(
  db: Database,
  secret: string,
  email: string,
  now: number,
): Promise<string> {
  const person = PEOPLE.find((p) => p.email === email);
  if (!person) throw new Error(`No seeded person with email ${email}`);
  const organizationId = await landingOrganization(db, person.id);
  if (!organizationId) throw new Error(`${email} has no active membership`);
  const sessionId = newId("ses");
  await insertSession(db, {
    id: sessionId,
    userId: person.id,
    organizationId,
    now: new Date(now).toISOString(),
  });
  return signAccessToken({ userId: person.id, sessionId }, secret, { ttlSeconds: 900, now });
}

/** A fresh app over a copy of the seeded template. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  parts: {
    hasher?: PasswordHasher;
    dialect?: "sqlite";
    recordTypes?: readonly RecordType[];
    /** Controllers of the test-only types. */
    controllers?: readonly RecordController[];
    /** PostgreSQL connections of the app (default 4). */
    poolSize?: number;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase({
    writeWaitMs: overrides.dbWriteWaitMs,
    dialect: parts.dialect,
    poolSize: parts.poolSize,
  });
  const { db, secret } = database;
  const clock: TestClock = {
    now: Date.now(),
    advance(ms) {
      this.now += ms;
    },
  };
  const config: Config = { ...DEFAULT_CONFIG, clientDist: "/nonexistent", ...overrides };
  const built = createApp({
    db,
    config,
    secret,
    clock: () => clock.now,
    hasher: parts.hasher,
    recordTypes: parts.recordTypes,
    controllers: parts.controllers,
  });
  const fetch = checkingResponses(built.api, built.fetch);
  return {
    ...built,
    fetch,
    db,
    url: database.url,
    connect: database.connect,
    config,
    clock,
    secret,
    tokenFor: (email) => seededPersonToken(db, secret, email, clock.now),
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
      return await fetch(
        new Request(new URL(path, "http://localhost"), { method, headers, body }),
        info,
      );
    },
    async close() {
      await database.drop();
    },
  };
}
