/**
 * The one definition of the sales forecast's figures, from leads grouped by the
 * month they are expected to close, their owner and their forecast category (each
 * group's estimated value, and that value weighted by each lead's stage
 * probability). Only open leads count, and Omitted ones not at all:
 * - weighted: the sum of estimated value × stage probability;
 * - commit: the estimated value of Commit leads;
 * - best case: commit plus the estimated value of Best case leads.
 * The live forecast (forecast-reader.ts, through the engine's query as the caller)
 * and the monthly snapshot (forecast-snapshots.ts, the whole organisation) both
 * total their groups here. A past month's accuracy is its actual won value against
 * the commit (and the weighted pipeline) snapshotted at its start, as a percentage.
 */
import { roundHalfAway } from "../../../../schemas/money/rounding.ts";

/** Open leads of one month, owner and category, as the groups are read. */
export interface ForecastGroup {
  month: string;
  owner: string;
  category: string;
  value: number;
  weighted: number;
}

/** The forecast of one month (and owner). */
export interface ForecastFigures {
  weighted: number;
  commit: number;
  best_case: number;
}

/** Nothing forecast. */
export function noForecast(): ForecastFigures {
  return { weighted: 0, commit: 0, best_case: 0 };
}

/** Adds a group of open leads to a month's figures. */
export function addGroup(into: ForecastFigures, group: ForecastGroup): void {
  if (group.category === "omitted") return;
  into.weighted = roundHalfAway(into.weighted + group.weighted, 2);
  if (group.category === "commit") into.commit = roundHalfAway(into.commit + group.value, 2);
  if (group.category === "commit" || group.category === "best_case") {
    into.best_case = roundHalfAway(into.best_case + group.value, 2);
  }
}

/** The groups' figures by `key` (a month, or a month and owner), in the groups' order. */
export function totalsBy(
  groups: readonly ForecastGroup[],
  key: (group: ForecastGroup) => string,
): Map<string, ForecastFigures> {
  const out = new Map<string, ForecastFigures>();
  for (const group of groups) {
    const k = key(group);
    if (!out.has(k)) out.set(k, noForecast());
    addGroup(out.get(k)!, group);
  }
  return out;
}

/** Actual won value as a percentage of what was forecast, to one decimal; null without a forecast. */
export function accuracy(won: number, forecast: number | null): number | null {
  if (forecast === null || forecast <= 0) return null;
  return roundHalfAway((won / forecast) * 100, 1);
}
