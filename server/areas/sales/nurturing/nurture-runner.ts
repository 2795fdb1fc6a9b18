/**
 * The periodic check that sends due nurturing mails (send-due-steps.ts) every
 * minute on every instance; a step is claimed by one of them, so its mail leaves
 * once.
 */
import type { Database } from "../../../db/database.ts";
import { PeriodicCheck } from "../../../platform/jobs/periodic-check.ts";
import { sendDueSteps } from "./send-due-steps.ts";

/** How often due mails are looked for. */
export const NURTURE_EVERY_MS = 60_000;

/** Sends due nurturing mails until stopped. */
export class NurtureRunner extends PeriodicCheck {
  constructor(
    db: Database,
    options: { publicUrl: string; clock?: () => number; everyMs?: number },
  ) {
    super("lead nurturing", (now) => sendDueSteps(db, { publicUrl: options.publicUrl, now }), {
      everyMs: options.everyMs ?? NURTURE_EVERY_MS,
      clock: options.clock,
    });
  }
}
