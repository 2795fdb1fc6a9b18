/**
 * The demo's report alert: Acme's finance manager is told (in the app and by
 * mail) when the overdue invoices total goes above 750,000 — "Overdue invoices
 * total", one of the reports the dashboards seed. It is left unchecked: the
 * alerts' first pass at start computes where it stands. Uses no random stream.
 */
import type { Queryable } from "../../../db/database.ts";
import { ORGS, PEOPLE } from "../../../db/seed/demo-people.ts";
import { REPORT_ALERT } from "../types/report-alert.ts";

const column = (id: string) => REPORT_ALERT.field.get(id)!.column;

/** Seeds the alert (in the seed's transaction). */
export async function seedReportAlerts(tx: Queryable, today: number): Promise<void> {
  const finance = PEOPLE.find((p) => p.email === "finance@acme.test")!.id;
  const at = new Date(today).toISOString();
  const organization = ORGS.acme.id;
  const fields = ["title", "report", "condition", "threshold", "by_mail", "active"];
  await tx.run(
    `INSERT INTO ${REPORT_ALERT.table} (id, organization_id, name, ${
      fields.map(column).join(", ")
    }, created_at, created_by, updated_at)
     VALUES (?, ?, 'RALT-00001', ?, ?, 'above', 750000, 1, 1, ?, ?, ?)`,
    [
      "ralt_acme_overdue",
      organization,
      "Overdue invoices above 750,000",
      "rpt_overdue_invoices_total",
      at,
      finance,
      at,
    ],
  );
  await tx.run(
    "INSERT INTO naming_series (organization_id, prefix, current) VALUES (?, 'RALT-', 1)",
    [organization],
  );
}
