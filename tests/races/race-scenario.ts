/**
 * The race harness: a scenario makes a contested state (one invoice, one budget,
 * one lead), then sends the same writes one after another on one fresh database
 * and all at once on another. Both runs must answer the same statuses and leave
 * the same outcome: whatever the database, writes that arrive together give the
 * result of some order of them run alone (DESIGN.md §9). Writes that do not
 * commute (a cancel racing payments) list the serial orders whose outcomes the
 * run at once may match.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createApp } from "../../server/app.ts";
import type { Database, Queryable } from "../../server/db/database.ts";
import { createTestApp, type TestApp } from "../../server/testing/test-app.ts";

/** How a racing write calls the app: as `TestApp.call`. */
export type RaceCall = TestApp["call"];

/** One racing write: an HTTP call through `call`. */
export type RaceWrite = (call: RaceCall) => Promise<Response>;

/** How many writes race in every scenario, as the issue that asked for the harness did. */
export const AT_ONCE = 20;

/** A contested state and the writes that race on it. */
export interface RaceScenario<S = unknown> {
  /** What races, in words: "20 payments of 1,000 submitted at once to one invoice of 1,000". */
  name: string;
  /** The decision points (`<type>.<save or action>`) the writes run. */
  covers: readonly string[];
  /** Makes the contested records on a fresh app; answers what the writes need. */
  prepare(app: TestApp): Promise<S>;
  /** The racing writes, in their serial order. */
  writes(app: TestApp, state: S): RaceWrite[];
  /** What the writes left, without ids or times, comparable between two databases. */
  outcome(app: TestApp, state: S): Promise<unknown>;
  /** Serial orders (indexes into `writes`) the run at once may match; default: as listed. */
  orders?(count: number): number[][];
}

/** What a run answered and left. */
export interface RaceResult {
  /** How many writes answered each status. */
  statuses: Record<number, number>;
  outcome: unknown;
  /** The bodies of answers of 500 and above, to say why. */
  failures: string[];
}

async function settle(response: Response, failures: string[]): Promise<number> {
  const text = await response.text();
  if (response.status >= 500) failures.push(`${response.status} ${text}`);
  return response.status;
}

function counted(statuses: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const s of statuses) out[s] = (out[s] ?? 0) + 1;
  return out;
}

/**
 * The database with a starting gate: the first `count` transactions begun wait
 * inside their transaction until all of them have begun (or a moment has passed
 * since the last one came), so the racing writes are in the database at once
 * instead of one finishing before the next begins. SQLite's transactions take
 * turns anyway: there the gate is left out.
 */
function gated(db: Database, count: number): Database {
  if (db.dialect === "sqlite") return db;
  let waiting = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arrive = async () => {
    if (waiting >= count) return;
    waiting++;
    clearTimeout(timer);
    if (waiting === count) open();
    else timer = setTimeout(open, 250);
    await opened;
  };
  return new Proxy(db, {
    get(target, key) {
      if (key === "transaction") {
        return <T>(fn: (tx: Queryable) => Promise<T>) =>
          target.transaction(async (tx) => {
            await arrive();
            return await fn(tx);
          });
      }
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** `TestApp.call` through another handler (a second app on the same database). */
function callThrough(fetch: (request: Request) => Response | Promise<Response>): RaceCall {
  return async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.body);
    }
    return await fetch(new Request(new URL(path, "http://localhost"), { method, headers, body }));
  };
}

/** Runs the scenario's writes on a fresh app: one after another in `order`, or all at once. */
export async function runRace<S>(
  scenario: RaceScenario<S>,
  how: { order: number[] } | "at once",
): Promise<RaceResult> {
  // One connection per racing write on PostgreSQL, so all of them are in the database at once;
  // twenty writes taking turns on one row may wait longer than a request usually would.
  const app = await createTestApp({ dbWriteWaitMs: 60_000 }, { poolSize: AT_ONCE });
  try {
    const state = await scenario.prepare(app);
    const writes = scenario.writes(app, state);
    const failures: string[] = [];
    let statuses: number[];
    if (how === "at once") {
      const racing = createApp({
        db: gated(app.db, writes.length),
        config: app.config,
        secret: app.secret,
        clock: () => app.clock.now,
      });
      const call = callThrough((request) => racing.fetch(request));
      statuses = await Promise.all(
        writes.map(async (write) => settle(await write(call), failures)),
      );
    } else {
      statuses = [];
      for (const i of how.order) statuses.push(await settle(await writes[i](app.call), failures));
    }
    return { statuses: counted(statuses), outcome: await scenario.outcome(app, state), failures };
  } finally {
    await app.close();
  }
}

/**
 * Runs the writes at once and checks that their answers and outcome are those
 * of one of the serial orders.
 */
export async function assertSerialOutcome<S>(scenario: RaceScenario<S>): Promise<void> {
  const identity = Array.from({ length: AT_ONCE }, (_, i) => i);
  const orders = scenario.orders?.(AT_ONCE) ?? [identity];
  const serial: RaceResult[] = [];
  for (const order of orders) serial.push(await runRace(scenario, { order }));
  for (const run of serial) assertEquals(run.failures, [], `${scenario.name}: one at a time`);
  const atOnce = await runRace(scenario, "at once");
  assertEquals(atOnce.failures, [], `${scenario.name}: at once`);
  const same = serial.find((run) =>
    JSON.stringify([run.statuses, run.outcome]) ===
      JSON.stringify([atOnce.statuses, atOnce.outcome])
  );
  if (!same) {
    // The closest serial run, shown as a difference.
    assertEquals(
      { statuses: atOnce.statuses, outcome: atOnce.outcome },
      { statuses: serial[0].statuses, outcome: serial[0].outcome },
      `${scenario.name}: at once, the answers and the outcome differ from every serial order`,
    );
  }
}
