/**
 * Scores an organisation's leads again after its scoring rules change, in the
 * background: a rule's save never waits for the leads. A lead keeps when it was
 * last scored; every lead scored before (or at) the organisation's latest rule change
 * is scored again, a batch at a time, each batch its own transaction. A rule change
 * heard on the database's change signal starts a pass a moment later, and a pass
 * runs every ten minutes besides (a change heard while the server was down).
 */
import type { Database } from "../../../db/database.ts";
import type { Change } from "../../../db/change-signal.ts";
import { logLine } from "../../../platform/http/log.ts";
import { PeriodicCheck } from "../../../platform/jobs/periodic-check.ts";
import { LEAD } from "../types/lead.ts";
import { LEAD_SCORING_RULE } from "../types/lead-scoring-rule.ts";
import { activeRules } from "./lead-score.ts";
import { rescoreLead } from "./rescore-lead.ts";
import { SCORE_COLUMNS } from "./score-on-save.ts";

/** How many leads one transaction scores. */
export const RESCORE_BATCH = 200;

/** How often a pass runs whatever was heard. */
export const RESCORE_EVERY_MS = 10 * 60 * 1000;

/** Scores leads again after rule changes, until stopped. */
export class LeadRescoring extends PeriodicCheck {
  readonly #db: Database;
  readonly #clock: () => number;
  #pass: Promise<void> = Promise.resolve();
  #unsubscribe: (() => void) | undefined;

  constructor(db: Database, options: { clock?: () => number; everyMs?: number } = {}) {
    const clock = options.clock ?? Date.now;
    super("lead rescoring", (now) => this.rescore(now), {
      everyMs: RESCORE_EVERY_MS,
      ...options,
      clock,
    });
    this.#db = db;
    this.#clock = clock;
  }

  /** Starts following rule changes and the periodic pass. */
  override start(): void {
    this.#unsubscribe ??= this.#db.signal.subscribe((change) => this.#heard(change));
    super.start();
  }

  /** Stops following changes and waits for a pass in progress. */
  override async stop(): Promise<void> {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    await this.#pass;
    await super.stop();
  }

  /** Resolves when the passes started so far are done. */
  settled(): Promise<void> {
    return this.#pass;
  }

  #heard(change: Change): void {
    if (!change.records?.some((r) => r.type === LEAD_SCORING_RULE.id)) return;
    this.#pass = this.#pass
      .then(async () => {
        await this.rescore(new Date(this.#clock()).toISOString());
      })
      .catch((error) => {
        logLine(null, "error", "lead rescoring failed", { error: String(error) });
      });
  }

  /** Scores again every lead scored before its organisation's latest rule change; how many. */
  async rescore(now: string): Promise<number> {
    const changed = await this.#db.all<{ organization_id: string; changed: string }>(
      `SELECT organization_id, MAX(updated_at) AS changed FROM ${LEAD_SCORING_RULE.table}
        GROUP BY organization_id ORDER BY organization_id`,
    );
    let scored = 0;
    for (const { organization_id: organizationId, changed: at } of changed) {
      // A lead scored at the very time of the change may have read the rules before it;
      // one scored now counts as scored after the change, even on a clock behind it.
      const scoredAt = now > at ? now : new Date(Date.parse(at) + 1).toISOString();
      for (;;) {
        const batch = await this.#db.transaction(async (tx) => {
          const stale = await tx.all<{ id: string }>(
            `SELECT id FROM ${LEAD.table}
              WHERE organization_id = ? AND (${SCORE_COLUMNS.scoredAt} IS NULL OR ${SCORE_COLUMNS.scoredAt} <= ?)
              ORDER BY id LIMIT ${RESCORE_BATCH}`,
            [organizationId, at],
          );
          const rules = await activeRules(tx, organizationId);
          for (const { id } of stale) {
            await rescoreLead(tx, { organizationId, id }, { rules, now, scoredAt });
          }
          return stale.length;
        });
        scored += batch;
        if (batch < RESCORE_BATCH) break;
      }
    }
    return scored;
  }
}
