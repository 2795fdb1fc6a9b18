/**
 * The demo's report alerts: Acme's finance manager is told (in the app and by
 * mail) when the overdue invoices total goes above 750,000 — "Overdue invoices
 * total", one of the reports the dashboards seed — and its administrator, in the
 * app, when the outstanding total goes above 2,000,000. It is left unchecked: the
 * alerts' first pass at start computes where it stands. Uses no random stream.
 */
import type { Queryable } from "../../../db/database.ts";
import { ORGS, PEOPLE } from "../../../db/seed/demo-people.ts";
import { REPORT_ALERT } from "../types/report-alert.ts";

const column = (id: string) => REPORT_ALERT.field.get(id)!.column;

/** Seeds the alert (in the seed's transaction). */
export async function seedReportAlerts(tx: Queryable, today: number): Promise<void> {
  const finance = PEOPLE.find((p) => p.email === "finance@acme.test")!.id;
  const admin = PEOPLE.find((p) => p.email === "admin@acme.test")!.id;
  const at = new Date(today).toISOString();
  const organization = ORGS.acme.id;
  const fields = ["title", "report", "condition", "threshold", "by_mail", "active"];
  const alerts: [string, string, string, string, number, number, string][] = [
    [
      "ralt_acme_overdue",
      "RALT-00001",
      "Overdue invoices above 750,000",
      "rpt_overdue_invoices_total",
      750_000,
      1,
      finance,
    ],
    [
      "ralt_acme_outstanding",
      "RALT-00002",
      "Outstanding above 2,000,000",
      "rpt_outstanding_total",
      2_000_000,
      0,
      admin,
    ],
  ];
  for (const [id, name, title, report, threshold, byMail, owner] of alerts) {
    await tx.run(
      `INSERT INTO ${REPORT_ALERT.table} (id, organization_id, name, ${
        fields.map(column).join(", ")
      }, created_at, created_by, updated_at)
       VALUES (?, ?, ?, ?, ?, 'above', ?, ?, 1, ?, ?, ?)`,
      [id, organization, name, title, report, threshold, byMail, at, owner, at],
    );
  }
  await tx.run(
    "INSERT INTO naming_series (organization_id, prefix, current) VALUES (?, 'RALT-', 2)",
    [organization],
  );
}
