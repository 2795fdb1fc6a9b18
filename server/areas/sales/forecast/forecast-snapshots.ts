/**
 * The forecast snapshotted at the start of each month: a periodic check (hourly)
 * that, for every organisation without a snapshot of the current month, totals its
 * open leads expected to close this month by owner (forecast-figures.ts, over every
 * lead of the organisation) and inserts one row per owner. The table's key
 * (organisation, month, owner) and insert-or-ignore make it idempotent: passes
 * again, or on several instances at once, write each row once, and the first
 * snapshot of a month is the one kept. Past months' accuracy reads these rows.
 */
import type { Database, Queryable } from "../../../db/database.ts";
import { PeriodicCheck } from "../../../platform/jobs/periodic-check.ts";
import { type ForecastGroup, totalsBy } from "./forecast-figures.ts";
import { addMonths, firstDay, monthOf } from "./forecast-months.ts";

/** Open leads of one organisation expected to close in `month`, by owner and category. */
async function monthGroups(tx: Queryable, org: string, month: string): Promise<ForecastGroup[]> {
  const rows = await tx.all<Record<string, unknown>>(
    `SELECT l.assigned_to AS owner, l.forecast_category AS category,
       SUM(l.estimated_value) AS value, SUM(l.estimated_value * s.probability / 100.0) AS weighted
     FROM leads l JOIN lead_stages s ON s.organization_id = l.organization_id AND s.code = l.status
     WHERE l.organization_id = ? AND s.kind = 'open' AND l.forecast_category <> 'omitted'
       AND l.expected_close_date >= ? AND l.expected_close_date < ?
     GROUP BY l.assigned_to, l.forecast_category`,
    [org, firstDay(month), firstDay(addMonths(month, 1))],
  );
  return rows.map((r) => ({
    month,
    owner: typeof r.owner === "string" ? r.owner : "",
    category: String(r.category ?? ""),
    value: Number(r.value ?? 0),
    weighted: Number(r.weighted ?? 0),
  }));
}

/**
 * Takes the snapshot of `month` for one organisation, unless it has one; answers
 * how many rows it wrote (0 when the month was already taken).
 */
export async function snapshotMonth(
  db: Database,
  org: string,
  month: string,
  takenAt: string,
): Promise<number> {
  return await db.transaction(async (tx) => {
    const had = await tx.get(
      "SELECT 1 AS one FROM forecast_snapshots WHERE organization_id = ? AND month = ?",
      [org, month],
    );
    if (had) return 0;
    let written = 0;
    for (const [owner, f] of totalsBy(await monthGroups(tx, org, month), (g) => g.owner)) {
      const res = await tx.run(
        `INSERT INTO forecast_snapshots
           (organization_id, month, owner_id, weighted, commit_value, best_case, taken_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (organization_id, month, owner_id) DO NOTHING`,
        [org, month, owner, f.weighted, f.commit, f.best_case, takenAt],
      );
      written += res.changes;
    }
    return written;
  });
}

/** Takes the current month's snapshot of every organisation lacking one. */
export async function takeSnapshots(db: Database, now: string): Promise<number> {
  const month = monthOf(now);
  const orgs = await db.all<{ id: string }>(
    `SELECT o.id FROM organizations o WHERE NOT EXISTS (
       SELECT 1 FROM forecast_snapshots f WHERE f.organization_id = o.id AND f.month = ?)`,
    [month],
  );
  let written = 0;
  for (const { id } of orgs) written += await snapshotMonth(db, id, month, now);
  return written;
}

/** The hourly check that snapshots each month's forecast at its start. */
export class ForecastSnapshots extends PeriodicCheck {
  constructor(db: Database, options: { clock?: () => number; everyMs?: number } = {}) {
    super("forecast snapshots", (now) => takeSnapshots(db, now), options);
  }
}
