/**
 * Checking one alert: its report's number is computed with its owner's access as
 * it is now (alert-number.ts), and the alert keeps it with where it stands. It
 * fires only when its condition comes to be met: the move from not met to met is
 * claimed by one conditional update in the transaction that writes the notice
 * (and queues the mail), so a check repeated while the number stays met, a second
 * instance or a retried pass fires nothing more; a check that finds it no longer
 * met makes it ready to fire again. Each change is versioned and announced, so the
 * owner's open pages (the bell, the alerts tab) follow without a reload.
 */
import type { Database, Queryable } from "../../../db/database.ts";
import { AppError } from "../../../platform/errors/app-error.ts";
import type { AccessResolver } from "../../../platform/access/resolver.ts";
import { enqueueMail } from "../../../platform/mail/outbox.ts";
import { notify } from "../../../platform/notifications/mod.ts";
import { announceRecord } from "../../../records/engine/record-store.ts";
import { ALERT_CONDITIONS, REPORT_ALERT } from "../types/report-alert.ts";
import { type AlertNumber, alertNumber, type AlertSource, conditionMet } from "./alert-number.ts";
import { alertMail } from "./alert-mail.ts";

/** An alert as its check reads it. */
interface AlertRow {
  id: string;
  organization_id: string;
  created_by: string | null;
  title: string;
  report: string;
  measure: string | null;
  condition: string;
  threshold: number;
  by_mail: number;
  active: number;
  last_value: number | null;
  last_state: string | null;
  stopped_reason: string | null;
}

const column = (id: string) => REPORT_ALERT.field.get(id)!.column;

const READ = ["title", "report", "measure", "condition", "threshold", "by_mail", "active"]
  .concat(["last_value", "last_state", "stopped_reason"]);

/** What checking an alert needs. */
export interface AlertCheckDeps {
  db: Database;
  resolve: AccessResolver;
  types: AlertSource["types"];
  publicUrl: string;
}

/** The ids of the active alerts (of one organisation, when given). */
export async function activeAlerts(
  db: Queryable,
  organizationId?: string,
): Promise<{ id: string; report: string; organization_id: string }[]> {
  return await db.all(
    `SELECT id, organization_id, ${column("report")} AS report FROM ${REPORT_ALERT.table}
      WHERE ${column("active")} = 1${organizationId ? " AND organization_id = ?" : ""}
      ORDER BY id`,
    organizationId ? [organizationId] : [],
  );
}

/** Saves where the alert stands (versioned and announced) when anything moved. */
async function keep(
  tx: Queryable,
  alert: AlertRow,
  values: { value: number | null; state: string | null; reason: string; now: string },
): Promise<void> {
  const moved = values.value !== alert.last_value || values.state !== alert.last_state ||
    values.reason !== (alert.stopped_reason ?? "");
  await tx.run(
    `UPDATE ${REPORT_ALERT.table}
        SET ${column("last_value")} = ?, ${column("last_state")} = ?, ${
      column("stopped_reason")
    } = ?,
            ${column("last_checked_at")} = ?${
      moved ? ", version = version + 1, updated_at = ?" : ""
    }
      WHERE id = ?`,
    [
      values.value,
      values.state,
      values.reason.slice(0, 300),
      values.now,
      ...(moved ? [values.now] : []),
      alert.id,
    ],
  );
  if (moved) await announce(tx, alert);
}

async function announce(tx: Queryable, alert: AlertRow): Promise<void> {
  const row = await tx.get<{ version: number }>(
    `SELECT version FROM ${REPORT_ALERT.table} WHERE id = ?`,
    [alert.id],
  );
  if (row) await announceRecord(tx, alert.organization_id, REPORT_ALERT, alert.id, row.version);
}

/** Tells the owner, in the app and by mail when chosen; run in the claiming transaction. */
async function fire(
  tx: Queryable,
  alert: AlertRow,
  found: AlertNumber & { to: string },
  options: { now: string; key: string; publicUrl: string },
): Promise<void> {
  const condition = ALERT_CONDITIONS.find((c) => c.value === alert.condition)?.label ??
    alert.condition;
  const link = `/app/report-builder/${found.report.id}`;
  await notify(tx, {
    organizationId: alert.organization_id,
    userId: alert.created_by!,
    title: "Alert: {alert}",
    message: "{report} is now {value}. Your alert: {condition} {threshold}.",
    params: {
      alert: alert.title,
      report: found.report.name,
      value: found.value,
      condition: condition.toLowerCase(),
      threshold: alert.threshold,
    },
    link,
    category: "analytics",
    key: options.key,
  }, { now: options.now });
  if (!alert.by_mail) return;
  const mail = alertMail({
    alert: alert.title,
    report: found.report.name,
    condition,
    value: found.value,
    threshold: alert.threshold,
    link: `${options.publicUrl.replace(/\/+$/, "")}${link}`,
  });
  await enqueueMail(tx, {
    organizationId: alert.organization_id,
    to: found.to,
    ...mail,
    kind: "report",
  }, options.now);
}

/** Checks one alert at `now`; true when it fired. */
export async function checkAlert(deps: AlertCheckDeps, id: string, now: string): Promise<boolean> {
  const { db } = deps;
  const alert = await db.get<AlertRow>(
    `SELECT id, organization_id, created_by, ${
      READ.map((f) => `${column(f)} AS ${f}`).join(", ")
    } FROM ${REPORT_ALERT.table} WHERE id = ?`,
    [id],
  );
  if (!alert || !alert.active) return false;
  const access = alert.created_by
    ? await deps.resolve(alert.created_by, alert.organization_id)
    : null;
  if (!access) {
    const reason = "Its owner is no longer an active member of this organisation";
    await db.transaction((tx) => keep(tx, alert, { value: null, state: null, reason, now }));
    return false;
  }
  let found: AlertNumber;
  try {
    found = await alertNumber(
      { db, types: deps.types, clock: () => Date.parse(now) },
      access,
      { report: alert.report, measure: alert.measure ?? "" },
    );
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    const reason = error.message;
    await db.transaction((tx) => keep(tx, alert, { value: null, state: null, reason, now }));
    return false;
  }
  const met = conditionMet(alert.condition, found.value, Number(alert.threshold));
  return await db.transaction(async (tx) => {
    if (met && alert.last_state !== "met") {
      const claimed = await tx.run(
        `UPDATE ${REPORT_ALERT.table}
            SET ${column("last_state")} = 'met', ${column("last_triggered_at")} = ?,
                version = version + 1, updated_at = ?
          WHERE id = ? AND COALESCE(${column("last_state")}, '') <> 'met'`,
        [now, now, alert.id],
      );
      if (claimed.changes === 1) {
        // The version the claim moved to names this firing: one notice for it, however retried.
        const { version } = (await tx.get<{ version: number }>(
          `SELECT version FROM ${REPORT_ALERT.table} WHERE id = ?`,
          [alert.id],
        ))!;
        await fire(tx, alert, { ...found, to: access.user.email }, {
          now,
          key: `report_alert:${alert.id}:${version}`,
          publicUrl: deps.publicUrl,
        });
        await keep(tx, { ...alert, last_state: "met" }, {
          value: found.value,
          state: "met",
          reason: "",
          now,
        });
        await announce(tx, alert);
        return true;
      }
    }
    await keep(tx, alert, { value: found.value, state: met ? "met" : "clear", reason: "", now });
    return false;
  });
}
