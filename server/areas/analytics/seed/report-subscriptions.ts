/**
 * The demo's report subscription: Acme's administrator has "Invoices by status"
 * (one of the reports the dashboards seed) mailed each Monday at 7. Uses no
 * random stream.
 */
import type { Queryable } from "../../../db/database.ts";
import { ORGS, PEOPLE } from "../../../db/seed/demo-people.ts";
import { REPORT_SUBSCRIPTION } from "../types/report-subscription.ts";

const column = (id: string) => REPORT_SUBSCRIPTION.field.get(id)!.column;

/** Seeds the subscription (in the seed's transaction). */
export async function seedReportSubscriptions(tx: Queryable, today: number): Promise<void> {
  const admin = PEOPLE.find((p) => p.email === "admin@acme.test")!.id;
  const at = new Date(today).toISOString();
  const organization = ORGS.acme.id;
  await tx.run(
    `INSERT INTO ${REPORT_SUBSCRIPTION.table} (id, organization_id, name, ${column("report")},
       ${column("frequency")}, ${column("weekday")}, ${column("hour")}, ${column("note")},
       created_at, created_by, updated_at)
     VALUES (?, ?, 'RSUB-00001', ?, 'weekly', '1', 7, ?, ?, ?, ?)`,
    [
      "rsub_acme_admin",
      organization,
      "rpt_invoices_by_status",
      "For the Monday meeting",
      at,
      admin,
      at,
    ],
  );
  await tx.run(
    "INSERT INTO naming_series (organization_id, prefix, current) VALUES (?, 'RSUB-', 1)",
    [organization],
  );
}
