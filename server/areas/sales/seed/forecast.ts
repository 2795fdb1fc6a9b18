/**
 * The demo's forecast: every seeded lead gets an expected close date and a
 * forecast category, a won lead its `won_at` (when it entered Won), and each
 * organisation the snapshots of the last three months, so Sales Forecasting shows
 * months ahead and the accuracy of months past on a fresh demo. Worked out from
 * the seeded leads in id order, nothing drawn, so the seed is the same every time:
 * - an open lead closes in one of the next six months (the lead's place in the
 *   order picks the month and the day); Proposal sent is Commit or Best case in
 *   turn, one Qualified lead in three is Best case, one New or Contacted lead in
 *   seven is Omitted, the rest Pipeline;
 * - a won or lost lead closed the day it entered its stage; a won lead is Commit;
 * - a past month's snapshot per owner forecast a commit of 5/4 of what that owner
 *   then won (so 80% accuracy), a weighted pipeline of 10/9 of it and a best case
 *   of 3/2; an owner who won nothing that month had a commit of 12,000.
 */
import type { Queryable } from "../../../db/database.ts";
import { addMonths, firstDay, monthOf } from "../forecast/forecast-months.ts";

interface SeededLead {
  id: string;
  organization_id: string;
  status: string;
  kind: string;
  stage_entered_at: string | null;
  updated_at: string;
  assigned_to: string | null;
  estimated_value: number;
}

/** The category of an open lead at place `i` of the order. */
function categoryOf(stage: string, i: number): string {
  if (stage === "proposal") return i % 2 === 0 ? "commit" : "best_case";
  if (stage === "qualified") return i % 3 === 0 ? "best_case" : "pipeline";
  return i % 7 === 0 ? "omitted" : "pipeline";
}

/** Sets the demo leads' forecast fields and writes the last three months' snapshots. */
export async function seedForecast(tx: Queryable, today: number): Promise<void> {
  const now = new Date(today).toISOString();
  const current = monthOf(now);
  const leads = await tx.all<SeededLead>(
    `SELECT l.id, l.organization_id, l.status, COALESCE(s.kind, 'open') AS kind,
            l.stage_entered_at, l.updated_at, l.assigned_to, l.estimated_value
       FROM leads l LEFT JOIN lead_stages s
         ON s.organization_id = l.organization_id AND s.code = l.status
      ORDER BY l.id`,
  );
  for (const [i, lead] of leads.entries()) {
    const entered = lead.stage_entered_at ?? lead.updated_at;
    if (lead.kind === "open") {
      const month = addMonths(current, i % 6);
      const day = String(3 + (i * 7) % 25).padStart(2, "0");
      await tx.run(
        "UPDATE leads SET expected_close_date = ?, forecast_category = ? WHERE id = ?",
        [`${month}-${day}`, categoryOf(lead.status, i), lead.id],
      );
    } else {
      await tx.run(
        "UPDATE leads SET expected_close_date = ?, forecast_category = ?, won_at = ? WHERE id = ?",
        [
          entered.slice(0, 10),
          lead.kind === "won" ? "commit" : "pipeline",
          lead.kind === "won" ? entered : null,
          lead.id,
        ],
      );
    }
  }
  const orgs = [...new Set(leads.map((l) => l.organization_id))];
  for (const org of orgs) {
    const owners = [
      ...new Set(
        leads.filter((l) => l.organization_id === org && l.assigned_to)
          .map((l) => l.assigned_to!),
      ),
    ].sort();
    for (let back = 1; back <= 3; back++) {
      const month = addMonths(current, -back);
      for (const owner of owners) {
        const won = leads
          .filter((l) =>
            l.organization_id === org && l.assigned_to === owner && l.kind === "won" &&
            monthOf(l.stage_entered_at ?? l.updated_at) === month
          )
          .reduce((sum, l) => sum + Number(l.estimated_value), 0);
        const commit = won > 0 ? Math.round(won * 5 / 4) : 12_000;
        await tx.run(
          `INSERT INTO forecast_snapshots
             (organization_id, month, owner_id, weighted, commit_value, best_case, taken_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (organization_id, month, owner_id) DO NOTHING`,
          [
            org,
            month,
            owner,
            won > 0 ? Math.round(won * 10 / 9) : 9_000,
            commit,
            won > 0 ? Math.round(won * 3 / 2) : 18_000,
            `${firstDay(month)}T00:05:00.000Z`,
          ],
        );
      }
    }
  }
}
