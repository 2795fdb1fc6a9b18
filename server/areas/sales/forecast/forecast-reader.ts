/**
 * The sales forecast as one caller sees it: open leads by expected close month,
 * owner and forecast category, and won leads by the month they were won, read
 * through the engine's query as the caller (so it counts only the leads their lists
 * hold), totalled by forecast-figures.ts; past months read the snapshots taken at
 * their start (forecast-snapshots.ts). Which stages are open or won is the
 * organisation's stage data (`lead_stages.kind`); the weight is its probability.
 */
import type { Queryable } from "../../../db/database.ts";
import type { FigureReader } from "../../../records/engine/figure-reader.ts";
import type { Filter } from "../../../../schemas/records/meta.ts";
import type {
  SalesForecastQuery,
  SalesForecastResponse,
} from "../../../../schemas/api/sales-forecast.ts";
import { accuracy, type ForecastGroup, noForecast, totalsBy } from "./forecast-figures.ts";
import { addMonths, firstDay, monthOf, monthsFrom } from "./forecast-months.ts";
import { roundHalfAway } from "../../../../schemas/money/rounding.ts";

/** The codes of the organisation's stages of a kind (`open`, `won`, `lost`). */
export async function stageCodes(db: Queryable, org: string, kind: string): Promise<string[]> {
  const rows = await db.all<{ code: string }>(
    "SELECT code FROM lead_stages WHERE organization_id = ? AND kind = ? ORDER BY position",
    [org, kind],
  );
  return rows.map((r) => r.code);
}

/** `March 2026`. */
export function monthLabel(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleString("en", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

const num = (v: unknown) => Number(v ?? 0) || 0;
const ownerKey = (v: unknown) => (typeof v === "string" && v !== "" ? v : "");

/** Open leads of the months `[from, to)` by month, owner and category, as the caller reads them. */
async function openGroups(
  reader: FigureReader,
  open: string[],
  from: string,
  to: string,
  owner: Filter[],
): Promise<ForecastGroup[]> {
  if (open.length === 0) return [];
  const rows = await reader.all("lead", {
    filters: [
      { field: "stage", op: "in", value: open },
      { field: "forecast_category", op: "ne", value: "omitted" },
      { field: "expected_close_date", op: "gte", value: firstDay(from) },
      { field: "expected_close_date", op: "lt", value: firstDay(to) },
      ...owner,
    ],
    group_by: [
      { field: "expected_close_date", bucket: "month" },
      { field: "owner" },
      { field: "forecast_category" },
    ],
    aggregates: [
      { fn: "sum", field: "estimated_value", as: "value" },
      { fn: "sum", field: "estimated_value", weight: "stage", as: "weighted" },
    ],
  });
  return rows.map((r) => ({
    month: String(r.expected_close_date),
    owner: ownerKey(r.owner),
    category: String(r.forecast_category ?? ""),
    value: num(r.value),
    weighted: num(r.weighted),
  }));
}

/** Value won in the months `[from, to)` by month and owner, as the caller reads it. */
async function wonGroups(
  reader: FigureReader,
  won: string[],
  from: string,
  to: string,
  owner: Filter[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (won.length === 0) return out;
  const rows = await reader.all("lead", {
    filters: [
      { field: "stage", op: "in", value: won },
      { field: "won_at", op: "gte", value: `${firstDay(from)}T00:00:00.000Z` },
      { field: "won_at", op: "lt", value: `${firstDay(to)}T00:00:00.000Z` },
      ...owner,
    ],
    group_by: [{ field: "won_at", bucket: "month" }, { field: "owner" }],
    aggregates: [{ fn: "sum", field: "estimated_value", as: "value" }],
  });
  for (const r of rows) {
    for (const key of [String(r.won_at), `${r.won_at}|${ownerKey(r.owner)}`]) {
      out.set(key, roundHalfAway((out.get(key) ?? 0) + num(r.value), 2));
    }
  }
  return out;
}

/** The snapshotted forecast of past months, totalled by month. */
async function snapshots(
  db: Queryable,
  org: string,
  months: string[],
  owner: string | undefined,
): Promise<Map<string, { weighted: number; commit: number; best_case: number }>> {
  const out = new Map<string, { weighted: number; commit: number; best_case: number }>();
  if (months.length === 0) return out;
  const rows = await db.all<Record<string, unknown>>(
    `SELECT month, SUM(weighted) AS weighted, SUM(commit_value) AS commit_value,
       SUM(best_case) AS best_case FROM forecast_snapshots
     WHERE organization_id = ? AND month IN (${months.map(() => "?").join(", ")})
       ${owner ? "AND owner_id = ?" : ""}
     GROUP BY month`,
    [org, ...months, ...(owner ? [owner] : [])],
  );
  for (const r of rows) {
    out.set(String(r.month), {
      weighted: roundHalfAway(num(r.weighted), 2),
      commit: roundHalfAway(num(r.commit_value), 2),
      best_case: roundHalfAway(num(r.best_case), 2),
    });
  }
  return out;
}

/** The names of the owners, by user id. */
async function ownerNames(db: Queryable, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.all<{ id: string; first_name: string; last_name: string }>(
    `SELECT id, first_name, last_name FROM users WHERE id IN (${ids.map(() => "?").join(", ")})`,
    ids,
  );
  return new Map(rows.map((r) => [r.id, `${r.first_name} ${r.last_name}`.trim()]));
}

/** The forecast the caller sees for the coming months, by owner, and the accuracy of past months. */
export async function salesForecast(
  reader: FigureReader,
  db: Queryable,
  org: string,
  query: SalesForecastQuery,
  now: string,
): Promise<SalesForecastResponse> {
  const current = monthOf(now);
  const ahead = monthsFrom(current, query.months);
  const behind = monthsFrom(addMonths(current, -query.past), query.past).reverse();
  const end = addMonths(current, query.months);
  const start = addMonths(current, -query.past);
  const owner: Filter[] = query.owner ? [{ field: "owner", op: "eq", value: query.owner }] : [];
  const open = await stageCodes(db, org, "open");
  const groups = await openGroups(reader, open, current, end, owner);
  const won = await wonGroups(reader, await stageCodes(db, org, "won"), start, end, owner);
  const byMonth = totalsBy(groups, (g) => g.month);
  const byOwner = totalsBy(groups, (g) => `${g.month}|${g.owner}`);
  const owners = [
    ...new Set([
      ...groups.map((g) => g.owner),
      ...[...won.keys()].filter((k) => k.includes("|") && ahead.includes(k.split("|")[0]))
        .map((k) => k.split("|")[1]),
    ]),
  ];
  const names = await ownerNames(db, owners.filter((o) => o !== ""));
  const taken = await snapshots(db, org, behind, query.owner);
  return {
    months: ahead.map((month) => ({
      month,
      month_label: monthLabel(month),
      ...(byMonth.get(month) ?? noForecast()),
      won: won.get(month) ?? 0,
    })),
    by_owner: ahead.flatMap((month) =>
      owners
        .filter((o) => byOwner.has(`${month}|${o}`) || won.has(`${month}|${o}`))
        .sort((a, b) => (names.get(a) ?? "~").localeCompare(names.get(b) ?? "~"))
        .map((o) => ({
          month,
          month_label: monthLabel(month),
          owner: o === "" ? null : o,
          owner_name: o === "" ? "No owner" : names.get(o) ?? "Former member",
          ...(byOwner.get(`${month}|${o}`) ?? noForecast()),
          won: won.get(`${month}|${o}`) ?? 0,
        }))
    ),
    past: behind.map((month) => {
      const snap = taken.get(month);
      const wonIn = won.get(month) ?? 0;
      return {
        month,
        month_label: monthLabel(month),
        ...(snap ?? noForecast()),
        won: wonIn,
        snapshotted: snap !== undefined,
        commit_accuracy: accuracy(wonIn, snap?.commit ?? null),
        weighted_accuracy: accuracy(wonIn, snap?.weighted ?? null),
      };
    }),
  };
}
