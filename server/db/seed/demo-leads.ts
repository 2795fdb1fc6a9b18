/** The demo leads: sixty at Acme, fifteen at Globex, most with an owner and its assignment. */
import type { Queryable } from "../database.ts";
import { newId } from "../../platform/ids.ts";
import type { SeededRandom } from "./random.ts";
import { ORGS } from "./demo-people.ts";
import { ORG_ADMINS } from "./demo-people.ts";

const DAY = 86_400_000;

const LEAD_NAMES = [
  "Avery",
  "Blake",
  "Casey",
  "Devon",
  "Emery",
  "Finley",
  "Harper",
  "Jordan",
  "Kendall",
  "Logan",
  "Morgan",
  "Parker",
  "Quinn",
  "Riley",
  "Sawyer",
  "Taylor",
];
const LEAD_SURNAMES = [
  "Adams",
  "Brooks",
  "Carter",
  "Diaz",
  "Evans",
  "Foster",
  "Garcia",
  "Hughes",
  "Irwin",
  "Jensen",
  "Keller",
  "Lam",
];
const COMPANIES = [
  "Blue Yonder",
  "Proseware",
  "Adventure Works",
  "Woodgrove Bank",
  "Alpine Ski House",
  "Coho Winery",
  "Relecloud",
  "Humongous Insurance",
  "Lucerne Publishing",
  "Trey Research",
  "Fourth Coffee",
  "Margie's Travel",
];
function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** Seeds the leads of both organisations, drawn from `random`, created in the 120 days before `today`. */
export async function seedLeads(tx: Queryable, random: SeededRandom, today: number): Promise<void> {
  const statuses = ["new", "new", "contacted", "contacted", "qualified", "proposal", "won", "lost"];
  const sources = ["website", "referral", "event", "cold_outreach", "partner", "social"];
  for (const [org, count] of [["acme", 60], ["globex", 15]] as const) {
    const owners = org === "acme"
      ? ["usr_acme_sales", "usr_acme_admin", "usr_acme_maya"]
      : ["usr_globex_admin", "usr_globex_ravi"];
    for (let i = 0; i < count; i++) {
      const id = `led_${org}_${String(i + 1).padStart(3, "0")}`;
      const createdAt = today - random.int(0, 120) * DAY;
      const owner = random.chance(0.85) ? random.pick(owners) : null;
      const name = `${random.pick(LEAD_NAMES)} ${random.pick(LEAD_SURNAMES)}`;
      await tx.run(
        `INSERT INTO leads (id, organization_id, name, company, email, phone, source, status, score, estimated_value, assigned_to, created_at, created_by, updated_at, board_rank)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          id,
          ORGS[org].id,
          name,
          random.pick(COMPANIES),
          `${name.split(" ")[0].toLowerCase()}.${i}@lead.example`,
          `+1 555 02${String(i).padStart(2, "0")}`,
          random.pick(sources),
          random.pick(statuses),
          random.int(5, 98),
          random.int(5, 120) * 1000,
          owner,
          iso(createdAt),
          owner ?? ORG_ADMINS[org],
          iso(createdAt + random.int(0, 10) * DAY),
          // On the board, newest first as the list, each lead in a place of its own.
          `${iso(createdAt)}|${id}`,
        ],
      );
      if (owner) {
        await tx.run(
          "INSERT INTO lead_assignments (id, organization_id, lead_id, assigned_to, assigned_by, reason, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
          [
            newId("las", random.next),
            ORGS[org].id,
            id,
            owner,
            org === "acme" ? "usr_acme_admin" : "usr_globex_admin",
            random.pick(["Round robin", "Territory", "Manual", "Existing relationship"]),
            iso(createdAt + DAY),
          ],
        );
      }
    }
  }
}
