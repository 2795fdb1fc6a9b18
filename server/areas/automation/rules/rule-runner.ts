/**
 * The automation runner: it claims due runs from the queue and carries them out
 * (run-execution.ts), a batch at a time, as soon as the database says records
 * changed (on this instance or another) and every few seconds besides, so work
 * due at a time runs within the minute and after downtime what was missed runs
 * once. Each pass also queues what timed rules make due (timed-rules.ts). Any
 * number of instances may run it over one database: a run is claimed by one.
 */
import type { Database } from "../../../db/database.ts";
import { createAccessResolver } from "../../../platform/access/resolver.ts";
import { logLine } from "../../../platform/http/log.ts";
import { PeriodicCheck } from "../../../platform/jobs/periodic-check.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import { claimDueRuns } from "./run-queue.ts";
import { executeRun, type RunDeps } from "./run-execution.ts";
import { AUTOMATION_RUN } from "../types/automation-run.ts";
import { queueTimedRules } from "./timed-rules.ts";

/** How often the queue is looked at when nothing is heard. */
export const RUNNER_EVERY_MS = 5_000;
/** Runs claimed at once. */
const BATCH = 20;

/** Claims and carries out due runs until stopped. */
export class RuleRunner extends PeriodicCheck {
  readonly #deps: RunDeps;
  #unsubscribe: (() => void) | undefined;
  #draining: Promise<void> | undefined;
  #again = false;

  constructor(
    db: Database,
    options: {
      engine: RecordEngine;
      clock?: () => number;
      everyMs?: number;
      fetch?: typeof fetch;
    },
  ) {
    const clock = options.clock ?? Date.now;
    super("automation runner", () => this.drain(), {
      everyMs: options.everyMs ?? RUNNER_EVERY_MS,
      clock,
    });
    this.#deps = {
      db,
      engine: options.engine,
      resolve: createAccessResolver(db),
      clock,
      fetch: options.fetch,
    };
  }

  /** Starts: the queue is drained at once when records change, and every few seconds. */
  override start(): void {
    this.#unsubscribe ??= this.#deps.db.signal.subscribe((change) => {
      if (!change.records?.some((r) => r.type === AUTOMATION_RUN.id)) return;
      this.drain().catch((error) =>
        logLine(null, "warn", "automation runner failed", { error: String(error) })
      );
    });
    super.start();
  }

  override async stop(): Promise<void> {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    await super.stop();
    await this.#draining;
  }

  /**
   * Queues what timed rules make due, then claims and carries out due runs until
   * none is left; a drain asked for while one is under way runs once more after it.
   */
  drain(): Promise<void> {
    if (this.#draining) {
      this.#again = true;
      return this.#draining;
    }
    this.#draining = (async () => {
      try {
        do {
          this.#again = false;
          await this.#pass();
        } while (this.#again);
      } finally {
        this.#draining = undefined;
      }
    })();
    return this.#draining;
  }

  async #pass(): Promise<void> {
    const { db, clock } = this.#deps;
    await queueTimedRules(this.#deps, new Date(clock()).toISOString());
    for (;;) {
      const now = new Date(clock()).toISOString();
      const ids = await db.transaction((tx) => claimDueRuns(tx, now, BATCH));
      if (ids.length === 0) return;
      for (const id of ids) {
        try {
          await executeRun(this.#deps, id);
        } catch (error) {
          logLine(null, "error", "automation run failed", { id, error: String(error) });
        }
      }
    }
  }
}
