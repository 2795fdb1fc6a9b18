/**
 * A check the server runs at start and then every so often (an hour by default,
 * so a new day is noticed within the hour): the daily evaluations of compliance
 * obligations and of overdue invoices. A failed run is logged and the next one
 * comes as planned; stopping waits for a run in progress. What a check raises it
 * raises once (each check claims its notices in the database), so running often,
 * or on several instances, raises nothing twice.
 */
import { logLine } from "../http/log.ts";

/** How often a check runs by default. */
export const HOURLY_MS = 60 * 60 * 1000;

/** Runs `check` with the time now, at start and then every `everyMs`, until stopped. */
export class PeriodicCheck {
  readonly #name: string;
  readonly #check: (now: string) => Promise<unknown>;
  readonly #clock: () => number;
  readonly #everyMs: number;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running: Promise<void> | undefined;
  #stopped = false;

  constructor(
    name: string,
    check: (now: string) => Promise<unknown>,
    options: { clock?: () => number; everyMs?: number } = {},
  ) {
    this.#name = name;
    this.#check = check;
    this.#clock = options.clock ?? Date.now;
    this.#everyMs = options.everyMs ?? HOURLY_MS;
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
    this.#running = this.#check(new Date(this.#clock()).toISOString())
      .then(() => undefined, (error) => {
        logLine(null, "error", `${this.#name} failed`, { error: String(error) });
      })
      .finally(() => {
        if (!this.#stopped) this.#timer = setTimeout(() => this.#tick(), this.#everyMs);
      });
  }
}
