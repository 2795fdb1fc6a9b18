/**
 * The demo item master of both organisations: a dozen products and services
 * (Globex's services priced 15% higher, one product inactive), with their own
 * random stream.
 */
import type { Queryable } from "../../../db/database.ts";
import { newId } from "../../../platform/ids.ts";
import { SeededRandom } from "../../../db/seed/random.ts";
import { ORG_ADMINS, ORGS } from "../../../db/seed/demo-people.ts";
import { roundMoney } from "../../../../schemas/money/rounding.ts";

/** The fixed seed of the items. */
const ITEMS_SEED = 20261126;

const DAY = 86_400_000;

/** A dozen products and services: name, type, rate, unit, tax rate, description. */
const ITEMS: [string, "product" | "service", number, string, number, string][] = [
  ["Strategy workshop", "service", 2400, "day", 20, "A facilitated one-day workshop."],
  ["Senior consultant", "service", 180, "hour", 20, "Senior consulting time."],
  ["Consultant", "service", 120, "hour", 20, "Consulting time."],
  ["Developer", "service", 110, "hour", 20, "Software development time."],
  ["Project management", "service", 95, "hour", 20, "Planning, reporting and coordination."],
  ["Data migration package", "service", 8500, "each", 20, "Fixed-price migration of one system."],
  ["Training session", "service", 1200, "session", 20, "Half a day of user training."],
  ["Support retainer", "service", 1500, "month", 20, "Priority support, up to 12 hours."],
  ["Dashboard licence", "product", 45, "user/month", 20, "Per-user analytics licence."],
  ["Laptop (standard)", "product", 1350, "each", 20, "Configured and enrolled laptop."],
  ["Report binder", "product", 12.5, "each", 5, "Printed and bound report."],
  ["Travel expenses", "service", 1, "at cost", 0, "Travel passed on at cost."],
];

/** Seeds the items of both organisations (in the seed's transaction). */
export async function seedItems(tx: Queryable, today: number): Promise<void> {
  const random = new SeededRandom(ITEMS_SEED);
  const created = new Date(today - 150 * DAY).toISOString();
  for (const org of Object.keys(ORGS) as (keyof typeof ORGS)[]) {
    for (const [name, itemType, rate, unit, taxRate, description] of ITEMS) {
      await tx.run(
        `INSERT INTO items (id, organization_id, name, created_at, created_by, updated_at, item_type, rate, unit, tax_rate, description, active)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          newId("itm", random.next),
          ORGS[org].id,
          name,
          created,
          ORG_ADMINS[org],
          created,
          itemType,
          org === "globex" && itemType === "service" ? roundMoney(rate * 1.15) : rate,
          unit,
          taxRate,
          description,
          name === "Report binder" ? 0 : 1,
        ],
      );
    }
  }
}
