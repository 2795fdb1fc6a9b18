/**
 * When alerts are checked (`ReportAlerts`): whenever records of a type change —
 * through this instance, another one or the admin command (the database's change
 * signal) — the active alerts of that organisation whose report reads that type
 * (or whose report itself changed) are queued, and checked a moment later, one
 * after another (alert-check.ts). The writer never waits for an alert, a burst of
 * writes checks each alert once, and an alert queued again while it is checked is
 * checked once more after. Every 15 minutes all active alerts are checked too, so
 * a report whose filters move with the date (`@today-30`) is followed as days pass.
 */
import type { Database } from "../../../db/database.ts";
import type { Change } from "../../../db/change-signal.ts";
import { createAccessResolver } from "../../../platform/access/resolver.ts";
import { logLine } from "../../../platform/http/log.ts";
import { PeriodicCheck } from "../../../platform/jobs/periodic-check.ts";
import { recordTypeMap } from "../../../records/catalogue.ts";
import { REPORT } from "../types/report.ts";
import { REPORT_ALERT } from "../types/report-alert.ts";
import { activeAlerts, type AlertCheckDeps, checkAlert } from "./alert-check.ts";

/** How often every active alert is checked, whatever changed. */
export const ALERT_SWEEP_EVERY_MS = 15 * 60 * 1000;

/** How long changes are gathered before the alerts they concern are checked. */
export const ALERT_SETTLE_MS = 250;

const alertColumn = (id: string) => REPORT_ALERT.field.get(id)!.column;
const reportColumn = (id: string) => REPORT.field.get(id)!.column;

/** Checks alerts as records change, and all of them every 15 minutes, until stopped. */
export class ReportAlerts extends PeriodicCheck {
  readonly #db: Database;
  readonly #deps: AlertCheckDeps;
  readonly #clock: () => number;
  readonly #settleMs: number;
  readonly #queued = new Set<string>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #draining: Promise<void> = Promise.resolve();
  #unsubscribe: (() => void) | undefined;
  readonly #finding = new Set<Promise<void>>();

  constructor(
    db: Database,
    options: { publicUrl: string; clock?: () => number; everyMs?: number; settleMs?: number },
  ) {
    const clock = options.clock ?? Date.now;
    super("report alerts", () => this.sweep(), {
      everyMs: ALERT_SWEEP_EVERY_MS,
      ...options,
      clock,
    });
    this.#db = db;
    this.#clock = clock;
    this.#settleMs = options.settleMs ?? ALERT_SETTLE_MS;
    this.#deps = {
      db,
      resolve: createAccessResolver(db),
      types: recordTypeMap(),
      publicUrl: options.publicUrl,
    };
  }

  /** Starts following record changes and the sweep. */
  override start(): void {
    this.#unsubscribe ??= this.#db.signal.subscribe((change) => {
      const finding = this.#heard(change).catch((error) => {
        logLine(null, "warn", "report alerts: finding alerts failed", { error: String(error) });
      }).finally(() => this.#finding.delete(finding));
      this.#finding.add(finding);
    });
    super.start();
  }

  /** Stops following changes and waits for the checks in progress. */
  override async stop(): Promise<void> {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#queued.clear();
    await super.stop();
    await this.#draining;
  }

  /** Checks every active alert now (the 15 minutes' pass); resolves once all are checked. */
  async sweep(): Promise<void> {
    for (const alert of await activeAlerts(this.#db)) this.#queue(alert.id);
    await this.settled();
  }

  /** Resolves once every alert queued so far has been checked. */
  async settled(): Promise<void> {
    await Promise.all(this.#finding);
    while (this.#queued.size > 0 || this.#timer !== undefined) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
      this.#drain();
      await this.#draining;
    }
    await this.#draining;
  }

  async #heard(change: Change): Promise<void> {
    if (!change.organizationId || !change.records?.length) return;
    const types = new Set<string>();
    const reports = new Set<string>();
    for (const record of change.records) {
      if (record.type === REPORT_ALERT.id) continue;
      types.add(record.type);
      if (record.type === REPORT.id && record.id) reports.add(record.id);
    }
    if (types.size === 0) return;
    const ids = await this.#concerned(change.organizationId, [...types], [...reports]);
    for (const id of ids) this.#queue(id);
  }

  /** The organisation's active alerts on reports of `types`, or on one of `reports`. */
  async #concerned(organizationId: string, types: string[], reports: string[]): Promise<string[]> {
    const marks = (list: unknown[]) => list.map(() => "?").join(", ");
    const rows = await this.#db.all<{ id: string }>(
      `SELECT a.id AS id FROM ${REPORT_ALERT.table} a
         JOIN ${REPORT.table} r ON r.id = a.${alertColumn("report")}
        WHERE a.organization_id = ? AND a.${alertColumn("active")} = 1
          AND (r.${reportColumn("record_type")} IN (${marks(types)})${
        reports.length ? ` OR r.id IN (${marks(reports)})` : ""
      })`,
      [organizationId, ...types, ...reports],
    );
    return rows.map((r) => r.id);
  }

  #queue(id: string): void {
    this.#queued.add(id);
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#drain();
    }, this.#settleMs);
  }

  /** Checks the queued alerts after those being checked, one at a time. */
  #drain(): void {
    this.#draining = this.#draining.then(async () => {
      while (this.#queued.size > 0) {
        const [id] = this.#queued;
        this.#queued.delete(id);
        try {
          await checkAlert(this.#deps, id, new Date(this.#clock()).toISOString());
        } catch (error) {
          logLine(null, "error", "report alert check failed", { id, error: String(error) });
        }
      }
    });
  }
}
