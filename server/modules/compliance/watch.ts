/**
 * The daily evaluation of compliance notices: at start and then every hour (so a
 * new day is noticed within the hour), every organisation's overdue obligations
 * raise their owners' notices. Each notice is raised once (notices.ts), so
 * running often, or on several instances, raises nothing twice.
 */
import type { Database } from "../../db/database.ts";
import { logLine } from "../../platform/http/log.ts";
import { raiseAllComplianceNotices } from "./notices.ts";

/** How often the check runs by default. */
export const COMPLIANCE_CHECK_MS = 60 * 60 * 1000;

/** Runs the compliance notice check now and then every `everyMs` until stopped. */
export class ComplianceWatch {
  readonly #db: Database;
  readonly #clock: () => number;
  readonly #everyMs: number;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running: Promise<void> | undefined;
  #stopped = false;

  constructor(db: Database, options: { clock?: () => number; everyMs?: number } = {}) {
    this.#db = db;
    this.#clock = options.clock ?? Date.now;
    this.#everyMs = options.everyMs ?? COMPLIANCE_CHECK_MS;
  }

  /** Starts checking. */
  start(): void {
    this.#stopped = false;
    this.#tick();
  }

  /** Stops checking and waits for a check in progress. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  #tick(): void {
    this.#running = raiseAllComplianceNotices(this.#db, new Date(this.#clock()).toISOString())
      .then(() => undefined, (error) => {
        logLine(null, "error", "compliance notices failed", { error: String(error) });
      })
      .finally(() => {
        if (!this.#stopped) this.#timer = setTimeout(() => this.#tick(), this.#everyMs);
      });
  }
}
