/**
 * Delivers the outbox. Each pass sends the messages that are due; a failed attempt is
 * retried with exponential backoff (1 min, 2, 4, … capped at 6 h) and marked failed
 * after `MAX_ATTEMPTS`. The outbox is the only record, so a restart loses nothing:
 * what was not sent is still queued and due.
 */
import type { Database } from "../../db/database.ts";
import { claimMail, dueMail, mailAttachments, markAttemptFailed, markSent } from "./outbox.ts";
import type { MailTransport } from "./smtp-transport.ts";

/** Attempts before a message is marked failed for good. */
export const MAX_ATTEMPTS = 10;
/** The wait before the first retry; it doubles with every further failure. */
export const FIRST_RETRY_MS = 60_000;
/** The longest wait between two attempts. */
export const LONGEST_RETRY_MS = 6 * 60 * 60_000;
/** How long one attempt owns a message before another process may try it. */
const LEASE_MS = 2 * 60_000;
/** Messages sent per pass. */
const BATCH = 20;

/** The wait before the next attempt after `attempts` failed ones. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

/** What one pass did. */
export interface DeliveryPass {
  sent: number;
  failed: number;
}

/** Sends every due message once. */
export async function deliverDueMail(
  db: Database,
  transport: MailTransport,
  options: { clock: () => number },
): Promise<DeliveryPass> {
  const iso = (ms: number) => new Date(ms).toISOString();
  const pass: DeliveryPass = { sent: 0, failed: 0 };
  for (const row of await dueMail(db, iso(options.clock()), BATCH)) {
    if (!(await claimMail(db, row, iso(options.clock() + LEASE_MS)))) continue;
    try {
      await transport(row, await mailAttachments(db, row.id));
      await markSent(db, row.id, iso(options.clock()));
      pass.sent++;
    } catch (error) {
      const attempts = row.attempts + 1;
      await markAttemptFailed(db, row.id, {
        error: error instanceof Error ? error.message : String(error),
        retryAt: attempts >= MAX_ATTEMPTS ? null : iso(options.clock() + retryDelayMs(attempts)),
      });
      pass.failed++;
    }
  }
  return pass;
}

/** Runs delivery passes every `intervalMs` until stopped; `main.ts` starts it. */
export class MailDelivery {
  readonly #db: Database;
  readonly #transport: MailTransport;
  readonly #clock: () => number;
  readonly #onError: (error: unknown) => void;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running: Promise<unknown> | undefined;
  #stopped = true;

  constructor(
    db: Database,
    transport: MailTransport,
    options: { clock?: () => number; onError?: (error: unknown) => void } = {},
  ) {
    this.#db = db;
    this.#transport = transport;
    this.#clock = options.clock ?? Date.now;
    this.#onError = options.onError ?? ((error) => console.error("Mail delivery failed:", error));
  }

  /** Starts passes every `intervalMs` (the first at once). */
  start(intervalMs = 10_000): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    const tick = () => {
      this.#running = deliverDueMail(this.#db, this.#transport, { clock: this.#clock })
        .catch(this.#onError)
        .finally(() => {
          if (!this.#stopped) this.#timer = setTimeout(tick, intervalMs);
        });
    };
    tick();
  }

  /** Stops after the pass under way, if any. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }
}
