/**
 * The scheduled mails of saved reports (`ReportMailings`, every 15 minutes): each
 * subscription whose period has come (schedule.ts) is computed with its
 * subscriber's own access as it is now — their membership, the report as they
 * may read it, the records and fields they may read, as their own query would —
 * and mailed through the outbox. A period is claimed in the database by one
 * conditional update in the transaction that queues the mail, so two passes or
 * two instances never send it twice. A subscriber who may no longer read the
 * report or its records gets no mail: the subscription says why, until a later
 * period is sent.
 */
import type { Database } from "../../../db/database.ts";
import { AppError } from "../../../platform/errors/app-error.ts";
import { createAccessResolver } from "../../../platform/access/resolver.ts";
import type { MembershipAccess } from "../../../platform/access/access.ts";
import { enqueueMail } from "../../../platform/mail/outbox.ts";
import { PeriodicCheck } from "../../../platform/jobs/periodic-check.ts";
import { recordTypes } from "../../../records/catalogue.ts";
import type { RecordType } from "../../../records/define.ts";
import { queryPages } from "../../../records/engine/query-pages.ts";
import { typeFor } from "../../../records/engine/record-access.ts";
import { REPORT_SUBSCRIPTION } from "../types/report-subscription.ts";
import { parsedDefinition } from "../saved-reports/report-definition.ts";
import { reportColumns } from "../saved-reports/report-cells.ts";
import { duePeriod, knownTimeZone } from "./schedule.ts";
import { readableReport } from "./readable-report.ts";
import { MAIL_ROWS, reportMail } from "./report-mail.ts";

/** How often the subscriptions are looked at. */
export const REPORT_MAILINGS_EVERY_MS = 15 * 60 * 1000;

interface Subscription {
  id: string;
  organization_id: string;
  created_by: string | null;
  report: string;
  frequency: string;
  weekday: string;
  hour: number;
  last_period: string;
  note: string;
  created_at: string;
}

const column = (id: string) => REPORT_SUBSCRIPTION.field.get(id)!.column;

/** Each organisation's time zone (its `timezone` setting, an IANA name). */
async function timeZones(db: Database): Promise<Map<string, string>> {
  const rows = await db.all<{ organization_id: string; value: string }>(
    "SELECT organization_id, value FROM settings WHERE key = 'timezone'",
  );
  return new Map(rows.map((r) => {
    let name: unknown;
    try {
      name = JSON.parse(r.value);
    } catch {
      name = r.value;
    }
    return [r.organization_id, knownTimeZone(typeof name === "string" ? name : undefined)];
  }));
}

type Outcome = { mail: ReturnType<typeof reportMail> & { to: string } } | { reason: string };

/** The mail of one subscription as its subscriber may read it now, or why there is none. */
async function outcomeFor(
  source: { db: Database; types: ReadonlyMap<string, RecordType>; clock: () => number },
  access: MembershipAccess | null,
  subscription: Subscription,
  publicUrl: string,
): Promise<Outcome> {
  if (!access) return { reason: "You are no longer an active member of this organisation" };
  const report = await readableReport(source, access, subscription.report);
  if (!report) return { reason: "You may no longer read this report" };
  try {
    const definition = parsedDefinition(report.definition);
    const type = typeFor(source.types, access, report.recordType, "read");
    const rows: Record<string, unknown>[] = [];
    let total = 0;
    for await (
      const page of queryPages(source, access, report.recordType, definition, {
        pageRows: 500,
      })
    ) {
      if (rows.length < MAIL_ROWS) rows.push(...page.slice(0, MAIL_ROWS - rows.length));
      total += page.length;
    }
    const mail = reportMail({
      name: report.name,
      note: subscription.note,
      columns: await reportColumns(type, source.types, definition, {
        q: source.db,
        organizationId: access.organizationId,
      }),
      rows,
      total,
      link: `${publicUrl.replace(/\/$/, "")}/app/report-builder/${report.id}`,
    });
    return { mail: { ...mail, to: access.user.email } };
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return { reason: error.message };
    throw error;
  }
}

/** Mails every report subscription due at `now`; returns how many mails were queued. */
export async function mailDueReports(
  db: Database,
  now: string,
  options: { publicUrl: string },
): Promise<number> {
  const subscriptions = await db.all<Subscription>(
    `SELECT id, organization_id, created_by, created_at, ${
      ["report", "frequency", "weekday", "hour", "last_period", "note"].map((id) =>
        `${column(id)} AS ${id}`
      )
        .join(", ")
    }
       FROM ${REPORT_SUBSCRIPTION.table} ORDER BY id`,
  );
  if (subscriptions.length === 0) return 0;
  const zones = await timeZones(db);
  const resolve = createAccessResolver(db);
  const source = {
    db,
    types: new Map(recordTypes().map((t) => [t.id, t])),
    clock: () => Date.parse(now),
  };
  let queued = 0;
  for (const subscription of subscriptions) {
    const zone = zones.get(subscription.organization_id) ?? "UTC";
    const period = duePeriod({ ...subscription, weekday: subscription.weekday ?? "" }, now, zone);
    if (!period || period === subscription.last_period) continue;
    const access = subscription.created_by
      ? await resolve(subscription.created_by, subscription.organization_id)
      : null;
    const outcome = await outcomeFor(source, access, subscription, options.publicUrl);
    const reason = "reason" in outcome ? outcome.reason : "";
    const sent = await db.transaction(async (tx) => {
      const claimed = await tx.run(
        `UPDATE ${REPORT_SUBSCRIPTION.table}
            SET ${column("last_period")} = ?, ${column("stopped_reason")} = ?
          WHERE id = ? AND COALESCE(${column("last_period")}, '') <> ?`,
        [period, reason.slice(0, 300), subscription.id, period],
      );
      if (claimed.changes !== 1 || !("mail" in outcome)) return false;
      const { to, subject, text, html } = outcome.mail;
      await enqueueMail(tx, {
        organizationId: subscription.organization_id,
        to,
        subject,
        text,
        html,
        kind: "report",
      }, now);
      return true;
    });
    if (sent) queued++;
  }
  return queued;
}

/** Runs the report mailings now and then every 15 minutes until stopped. */
export class ReportMailings extends PeriodicCheck {
  constructor(
    db: Database,
    options: { publicUrl: string; clock?: () => number; everyMs?: number },
  ) {
    super("report mailings", (now) => mailDueReports(db, now, options), {
      everyMs: REPORT_MAILINGS_EVERY_MS,
      ...options,
    });
  }
}
