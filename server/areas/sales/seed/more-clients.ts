/**
 * More demo clients for both organisations, so lists and pickers have a firm's
 * worth of them (some inactive), with their own random stream.
 */
import type { Queryable } from "../../../db/database.ts";
import { newId } from "../../../platform/ids.ts";
import { SeededRandom } from "../../../db/seed/random.ts";
import { ORG_ADMINS, ORGS } from "../../../db/seed/demo-people.ts";

/** The fixed seed of these clients. */
const CLIENTS_SEED = 20261125;

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

/** Seeds the clients of this file (in the seed's transaction). */
export async function seedMoreClients(tx: Queryable, today: number): Promise<void> {
  const random = new SeededRandom(CLIENTS_SEED);
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
  }
}
