/**
 * Demo compliance obligations: for Acme a year's calendar — quarterly VAT returns
 * (the last one overdue), monthly payroll filings, the annual accounts, a licence
 * renewal, a data protection review — owned by the finance lead or the
 * administrator, some done; for Globex one overdue filing. Dates are relative to
 * the seed day, so some are always overdue and some due soon.
 */
import type { Queryable } from "../../../db/database.ts";
import { newId } from "../../../platform/ids.ts";
import { nextSeriesNames } from "../../../records/engine/record-store.ts";
import { SeededRandom } from "../../../db/seed/random.ts";

const COMPLIANCE_SEED = 20261518;
const DAY = 86_400_000;

/** [org, title, category, authority, due in days from today, recurrence, owner, status] */
type Obligation = [string, string, string, string, number, string, string, string];

const OBLIGATIONS: Obligation[] = [
  ["org_acme", "VAT return", "tax", "Tax office", -40, "none", "usr_acme_finance", "done"],
  ["org_acme", "VAT return", "tax", "Tax office", -6, "quarterly", "usr_acme_finance", "open"],
  [
    "org_acme",
    "Payroll filing",
    "payroll",
    "Tax office",
    5,
    "monthly",
    "usr_acme_finance",
    "in_progress",
  ],
  [
    "org_acme",
    "Annual accounts",
    "corporate",
    "Companies registry",
    45,
    "yearly",
    "usr_acme_admin",
    "open",
  ],
  [
    "org_acme",
    "Trade licence renewal",
    "licence",
    "City council",
    120,
    "yearly",
    "usr_acme_admin",
    "open",
  ],
  [
    "org_acme",
    "Data protection review",
    "data_protection",
    "Data protection authority",
    -20,
    "yearly",
    "usr_acme_admin",
    "open",
  ],
  [
    "org_acme",
    "Statutory audit",
    "audit",
    "External auditor",
    -75,
    "none",
    "usr_acme_admin",
    "done",
  ],
  [
    "org_globex",
    "Corporate tax return",
    "tax",
    "Tax office",
    -10,
    "yearly",
    "usr_globex_admin",
    "open",
  ],
];

/** Seeds the demo obligations. */
export async function seedCompliance(tx: Queryable, today: number): Promise<void> {
  const random = new SeededRandom(COMPLIANCE_SEED);
  const created = new Date(today - 90 * DAY).toISOString();
  for (const [org, title, category, authority, dueIn, recurrence, owner, status] of OBLIGATIONS) {
    const [name] = await nextSeriesNames(tx, org, "CMP-.YYYY.-.#####", created);
    const due = new Date(today + dueIn * DAY).toISOString().slice(0, 10);
    await tx.run(
      `INSERT INTO compliance_items (id, organization_id, name, created_at, updated_at, title, category,
         authority, due_date, recurrence, owner_id, status, completed_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        newId("cmp", random.next),
        org,
        name,
        created,
        created,
        title,
        category,
        authority,
        due,
        recurrence,
        owner,
        status,
        status === "done" ? new Date(today + (dueIn - 2) * DAY).toISOString() : null,
      ],
    );
  }
}
