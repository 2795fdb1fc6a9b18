/**
 * The sales forecast call (`GET /api/sales/forecast`): for the coming months, the
 * weighted pipeline, commit and best case of open leads by the month they are
 * expected to close, with the value won in each month; the same per owner; and for
 * past months the forecast snapshotted at their start against what was won, with
 * its accuracy as a percentage.
 */
import { z } from "zod";

/** The most months the forecast looks ahead, or back. */
export const FORECAST_MONTHS_MAX = 36;

export const SalesForecastQuery = z.object({
  /** Months ahead, the current month first. */
  months: z.coerce.number().int().min(1).max(FORECAST_MONTHS_MAX).default(6),
  /** Past months whose accuracy is shown, the latest first. */
  past: z.coerce.number().int().min(0).max(FORECAST_MONTHS_MAX).default(3),
  /** One owner's leads only (a member of the organisation). */
  owner: z.string().min(1).max(64).optional(),
}).strict();
export type SalesForecastQuery = z.infer<typeof SalesForecastQuery>;

const Figures = {
  /** `2026-03`. */
  month: z.string(),
  /** `March 2026`. */
  month_label: z.string(),
  weighted: z.number(),
  commit: z.number(),
  best_case: z.number(),
  /** Estimated value of the leads won in the month. */
  won: z.number(),
};

export const ForecastMonth = z.object(Figures).strict();

export const ForecastOwnerMonth = z.object({
  ...Figures,
  owner: z.string().nullable(),
  owner_name: z.string(),
}).strict();

export const ForecastPastMonth = z.object({
  ...Figures,
  /** Whether a snapshot was taken at the month's start (its figures are 0 otherwise). */
  snapshotted: z.boolean(),
  /** won / snapshotted commit × 100, null without a commit. */
  commit_accuracy: z.number().nullable(),
  /** won / snapshotted weighted pipeline × 100, null without one. */
  weighted_accuracy: z.number().nullable(),
}).strict();

export const SalesForecastResponse = z.object({
  months: z.array(ForecastMonth),
  by_owner: z.array(ForecastOwnerMonth),
  past: z.array(ForecastPastMonth),
}).strict();
export type SalesForecastResponse = z.infer<typeof SalesForecastResponse>;
