/**
 * The daily evaluation of overdue invoices. An invoice's status reads Overdue on
 * every read once an unpaid or partly paid invoice passes its due date; this check
 * (run at start and every hour, `InvoiceWatch`) is what happens on the day it
 * falls overdue: the person who raised it is told once (one notification per
 * invoice and due date, claimed in `invoice_notices` first, so several instances
 * or runs never tell twice), and the invoice is announced so open lists and forms
 * show Overdue without a reload. Only invoices that fell due in the last
 * CATCH_UP_DAYS are told about: a server that was stopped for a few days catches
 * up, while years of old arrears (an import, the first start) raise nothing.
 */
import type { Database } from "../../../db/database.ts";
import { isoDatePlus } from "../../../db/dialect.ts";
import { type Notice, notify } from "../../../platform/notifications/mod.ts";
import { PeriodicCheck } from "../../../platform/jobs/periodic-check.ts";
import { announceRecord } from "../../../records/engine/record-store.ts";
import { INVOICE } from "../types/invoice.ts";
import { recordLink } from "../../../records/record-link.ts";

/** How far back a newly overdue invoice is still told about. */
export const CATCH_UP_DAYS = 30;

interface Overdue {
  organization_id: string;
  id: string;
  name: string;
  client: string | null;
  due_date: string;
  outstanding: number;
  currency: string;
  user_id: string;
  version: number;
}

/** The notification of one overdue invoice: its words, typed values and link. */
export function overdueNotice(
  invoice: Omit<Overdue, "organization_id" | "user_id" | "version">,
): Pick<Notice, "title" | "message" | "params" | "link"> {
  return {
    title: "Invoice overdue",
    message: `{invoice}${
      invoice.client ? " to {client}" : ""
    } was due on {due_date}; {outstanding} is outstanding.`,
    params: {
      invoice: invoice.name,
      ...(invoice.client ? { client: invoice.client } : {}),
      due_date: { date: invoice.due_date },
      outstanding: { money: Number(invoice.outstanding), currency: invoice.currency },
    },
    link: recordLink(INVOICE, invoice.id),
  };
}

/** Tells the raisers of invoices that fell overdue (before `now`'s day); returns how many. */
export async function raiseOverdueInvoiceNotices(db: Database, now: string): Promise<number> {
  const today = now.slice(0, 10);
  const due = await db.all<Overdue>(
    `SELECT i.organization_id, i.id, i.name, c.name AS client, i.due_date, i.outstanding,
            i.currency, i.created_by AS user_id, i.version
       FROM invoices i
       LEFT JOIN clients c ON c.organization_id = i.organization_id AND c.id = i.client_id
      WHERE i.payment_status IN ('unpaid', 'partly_paid') AND i.due_date < ? AND i.due_date >= ?
        AND i.docstatus = 1 AND i.is_return = 0 AND i.created_by IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM invoice_notices n
                         WHERE n.invoice_id = i.id AND n.due_date = i.due_date)
      ORDER BY i.due_date, i.id`,
    [today, isoDatePlus(today, -CATCH_UP_DAYS)],
  );
  if (due.length === 0) return 0;
  return await db.transaction(async (tx) => {
    let raised = 0;
    for (const invoice of due) {
      const claimed = await tx.run(
        `INSERT INTO invoice_notices (organization_id, invoice_id, due_date, user_id, notified_at)
         VALUES (?, ?, ?, ?, ?) ON CONFLICT (invoice_id, due_date) DO NOTHING`,
        [invoice.organization_id, invoice.id, invoice.due_date, invoice.user_id, now],
      );
      if (claimed.changes !== 1) continue;
      await notify(tx, {
        organizationId: invoice.organization_id,
        userId: invoice.user_id,
        category: "finance",
        ...overdueNotice(invoice),
      }, { now });
      await announceRecord(tx, invoice.organization_id, INVOICE, invoice.id);
      raised++;
    }
    return raised;
  });
}

/** Runs the overdue invoice check now and then every `everyMs` until stopped. */
export class InvoiceWatch extends PeriodicCheck {
  constructor(db: Database, options: { clock?: () => number; everyMs?: number } = {}) {
    super("overdue invoice notices", (now) => raiseOverdueInvoiceNotices(db, now), options);
  }
}
