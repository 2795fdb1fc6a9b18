/**
 * The demo competitors of both organisations and why the seeded lost leads were
 * lost: each lost lead, in the order of its id, takes the next reason of a fixed
 * round, and a lead lost on price or to a competitor names the next competitor of
 * its organisation. Nothing is drawn at random, so the figures of competitive
 * intelligence are the same on every seed.
 */
import type { Queryable } from "../../../db/database.ts";
import { ORG_ADMINS, ORGS } from "../../../db/seed/demo-people.ts";

const DAY = 86_400_000;

interface DemoCompetitor {
  name: string;
  website: string;
  threat: "low" | "medium" | "high";
  active: boolean;
  strengths: string;
  weaknesses: string;
  pricing: string;
}

const COMPETITORS: Record<keyof typeof ORGS, DemoCompetitor[]> = {
  acme: [
    {
      name: "Northwind Consulting",
      website: "https://northwind.example",
      threat: "high",
      active: true,
      strengths: "Large bench of senior consultants; strong in banking and insurance.",
      weaknesses: "Slow to staff small projects; junior teams after the pitch.",
      pricing: "Day rates about 15% above ours; discounts up to 10% for multi-year deals.",
    },
    {
      name: "Contoso Partners",
      website: "https://contoso.example",
      threat: "medium",
      active: true,
      strengths: "Fixed-price offers and a polished proposal process.",
      weaknesses: "Change requests are expensive; little industry depth.",
      pricing: "Fixed price with a 20% contingency built in.",
    },
    {
      name: "Fabrikam Digital",
      website: "https://fabrikam.example",
      threat: "medium",
      active: true,
      strengths: "Design and mobile work; well known brand with marketing teams.",
      weaknesses: "Weak on data and back-end integration.",
      pricing: "Low entry price, then time and materials.",
    },
    {
      name: "Litware Advisory",
      website: "https://litware.example",
      threat: "low",
      active: true,
      strengths: "Cheap, offshore delivery.",
      weaknesses: "Communication across time zones; quality varies.",
      pricing: "About half our day rate.",
    },
    {
      name: "Tailspin Group",
      website: "https://tailspin.example",
      threat: "low",
      active: false,
      strengths: "Used to win public sector tenders.",
      weaknesses: "Lost most of its senior staff last year.",
      pricing: "Aggressive bids to win tenders.",
    },
  ],
  globex: [
    {
      name: "Vehement Capital",
      website: "https://vehement.example",
      threat: "high",
      active: true,
      strengths: "Deep pockets; bundles financing with the work.",
      weaknesses: "Rigid contracts.",
      pricing: "Bundled with financing; hard to compare.",
    },
    {
      name: "Duff Analytics",
      website: "https://duff.example",
      threat: "medium",
      active: true,
      strengths: "Strong analytics tooling.",
      weaknesses: "Small team.",
      pricing: "Subscription per seat.",
    },
  ],
};

/** The round of reasons seeded lost leads take, in the order of their ids. */
const REASON_ROUND = ["chose_competitor", "price", "no_budget", "chose_competitor", "timing"];

/** The id of a demo competitor: `cmp_<organisation>_<n>`, n from 1 in list order. */
export function demoCompetitorId(org: keyof typeof ORGS, index: number): string {
  return `cmp_${org}_${index + 1}`;
}

/** Seeds the competitors and the lost leads' reasons (in the seed's transaction). */
export async function seedCompetitors(tx: Queryable, today: number): Promise<void> {
  const created = new Date(today - 180 * DAY).toISOString();
  for (const org of Object.keys(COMPETITORS) as (keyof typeof ORGS)[]) {
    const competitors = COMPETITORS[org];
    for (const [index, c] of competitors.entries()) {
      await tx.run(
        `INSERT INTO competitors (id, organization_id, name, website, threat_level, active, strengths, weaknesses, pricing_notes, created_at, created_by, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          demoCompetitorId(org, index),
          ORGS[org].id,
          c.name,
          c.website,
          c.threat,
          c.active ? 1 : 0,
          c.strengths,
          c.weaknesses,
          c.pricing,
          created,
          ORG_ADMINS[org],
          created,
        ],
      );
    }
    const lost = await tx.all<{ id: string }>(
      "SELECT id FROM leads WHERE organization_id = ? AND status = 'lost' ORDER BY id",
      [ORGS[org].id],
    );
    let next = 0;
    for (const [index, lead] of lost.entries()) {
      const reason = REASON_ROUND[index % REASON_ROUND.length];
      const named = reason === "chose_competitor" || reason === "price";
      // Only the active competitors take deals now.
      const active = competitors.flatMap((c, i) => c.active ? [i] : []);
      const lostTo = named ? demoCompetitorId(org, active[next++ % active.length]) : null;
      await tx.run("UPDATE leads SET lost_reason = ?, lost_to = ? WHERE id = ?", [
        reason,
        lostTo,
        lead.id,
      ]);
    }
  }
}
