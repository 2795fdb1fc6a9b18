/**
 * The demo records the record engine serves besides those seeded with the
 * projects: task numbers (TSK-<year>-<n>, once every task's creation date is
 * final) with their naming series, a few task dependencies, more clients and the
 * item master. It runs last, with its own random stream, so the records seeded
 * before it do not change. Type masters come with each organisation
 * (organization-bootstrap.ts).
 */
import type { Queryable } from "../database.ts";
import { newId } from "../../platform/ids.ts";
import { SeededRandom } from "./random.ts";
import { ORGS } from "./demo-people.ts";
import { roundMoney } from "../../../schemas/money/rounding.ts";

/** The fixed seed of these records. */
export const RECORDS_SEED = 20261125;

/** Who creates an organisation's seeded records. */
export const ORG_ADMINS: Record<keyof typeof ORGS, string> = {
  acme: "usr_acme_admin",
  globex: "usr_globex_admin",
};

const DAY = 86_400_000;

const MORE_CLIENTS: Record<keyof typeof ORGS, [name: string, industry: string][]> = {
  acme: [
    ["Alpine Ski House", "Leisure"],
    ["Bellows College", "Education"],
    ["Best For You Organics", "Food"],
    ["City Power & Light", "Utilities"],
    ["Coho Vineyard", "Food"],
    ["Consolidated Messenger", "Logistics"],
    ["Datum Corporation", "Technology"],
    ["Graphic Design Institute", "Education"],
    ["Lamna Healthcare", "Healthcare"],
    ["Liberty's Delightful Sinful Bakery", "Food"],
    ["Lucerne Publishing", "Media"],
    ["Margie's Travel", "Travel"],
    ["Nod Publishers", "Media"],
    ["Fourth Coffee", "Food"],
    ["Proseware Inc", "Software"],
    ["Relecloud", "Technology"],
    ["School of Fine Art", "Education"],
    ["Southridge Video", "Media"],
    ["Trey Research", "Research"],
    ["VanArsdel Ltd", "Manufacturing"],
    ["Wide World Importers", "Retail"],
    ["Woodgrove Bank", "Banking"],
  ],
  globex: [
    ["Soylent Partners", "Food"],
    ["Stark Industries", "Manufacturing"],
    ["Wayne Enterprises", "Investment"],
    ["Cyberdyne Systems", "Technology"],
    ["Massive Dynamic", "Research"],
    ["Oscorp", "Pharma"],
    ["Tyrell Corporation", "Technology"],
    ["Vandelay Industries", "Import/export"],
    ["Wonka Industries", "Food"],
  ],
};

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

/** Seeds the records of this file (in the seed's transaction). */
export async function seedRecords(tx: Queryable, today: number): Promise<void> {
  const random = new SeededRandom(RECORDS_SEED);
  await numberTasks(tx);
  await seedDependencies(tx);
  const created = new Date(today - 150 * DAY).toISOString();
  for (
    const [org, clients] of Object.entries(MORE_CLIENTS) as [
      keyof typeof ORGS,
      typeof MORE_CLIENTS.acme,
    ][]
  ) {
    for (const [name, industry] of clients) {
      const domain = name.toLowerCase().replace(/[^a-z]+/g, "").slice(0, 16);
      await tx.run(
        `INSERT INTO clients (id, organization_id, name, email, phone, industry, status, created_at, created_by, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          newId("cli", random.next),
          ORGS[org].id,
          name,
          `hello@${domain}.example`,
          `+1 555 03${random.int(10, 99)}`,
          industry,
          random.chance(0.85) ? "active" : "inactive",
          created,
          ORG_ADMINS[org],
          created,
        ],
      );
    }
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

/** Gives every task its series number, per organisation and year of creation, and sets the counters. */
async function numberTasks(tx: Queryable): Promise<void> {
  const tasks = await tx.all<{ id: string; organization_id: string; created_at: string }>(
    "SELECT id, organization_id, created_at FROM tasks ORDER BY organization_id, created_at, id",
  );
  const counters = new Map<string, { organization: string; prefix: string; current: number }>();
  for (const task of tasks) {
    const prefix = `TSK-${task.created_at.slice(0, 4)}-`;
    const key = `${task.organization_id} ${prefix}`;
    const counter = counters.get(key) ??
      { organization: task.organization_id, prefix, current: 0 };
    counter.current++;
    counters.set(key, counter);
    await tx.run("UPDATE tasks SET name = ? WHERE id = ?", [
      `${prefix}${String(counter.current).padStart(5, "0")}`,
      task.id,
    ]);
  }
  for (const { organization, prefix, current } of counters.values()) {
    await tx.run(
      "INSERT INTO naming_series (organization_id, prefix, current) VALUES (?, ?, ?)",
      [organization, prefix, current],
    );
  }
}

/** Every fifth task of a project waits for the one before it. */
async function seedDependencies(tx: Queryable): Promise<void> {
  const tasks = await tx.all<{ id: string; organization_id: string; project_id: string }>(
    "SELECT id, organization_id, project_id FROM tasks WHERE project_id IS NOT NULL ORDER BY project_id, id",
  );
  for (const [index, task] of tasks.entries()) {
    const previous = tasks[index - 1];
    if (index % 5 !== 4 || previous?.project_id !== task.project_id) continue;
    await tx.run(
      "INSERT INTO task_dependencies (id, organization_id, task_id, idx, depends_on) VALUES (?, ?, ?, 0, ?)",
      [`${task.id}.0`, task.organization_id, task.id, previous.id],
    );
  }
}
