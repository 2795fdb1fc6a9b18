/**
 * Payloads of the enterprise project resource calls (spec 001 §5 and §7, issue
 * 14): each member's weekly capacity against the hours their open tasks need,
 * allocation editing, and the utilisation report.
 */
import { z } from "zod";

// A calendar date that exists (not 2026-02-31).
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use an ISO date (YYYY-MM-DD)").refine(
  (value) => {
    const ms = Date.parse(`${value}T00:00:00.000Z`);
    return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
  },
  "Use an ISO date (YYYY-MM-DD)",
);

/** The longest window the capacity call plans over. */
export const CAPACITY_MAX_DAYS = 366;

export const ResourceCapacityQuery = z.object({
  period_start: isoDate.optional(),
  period_end: isoDate.optional(),
}).strict();

/** One member in one ISO week. */
export const CapacityWeek = z.object({
  week: z.string(),
  week_start: z.string(),
  working_days: z.number().int(),
  capacity_hours: z.number(),
  allocated_hours: z.number(),
  available_hours: z.number(),
  over_allocated: z.boolean(),
}).strict();

export const MemberCapacity = z.object({
  resource_id: z.string(),
  user_id: z.string(),
  user_name: z.string(),
  role: z.string(),
  allocation_percent: z.number(),
  weekly_capacity_hours: z.number(),
  capacity_hours: z.number(),
  allocated_hours: z.number(),
  /** Remaining hours of open tasks without a due date: they cannot be placed in a week. */
  unscheduled_hours: z.number(),
  over_allocated: z.boolean(),
  weeks: z.array(CapacityWeek),
}).strict();

export const ResourceCapacity = z.object({
  project_id: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  weeks: z.array(z.object({ week: z.string(), week_start: z.string() }).strict()),
  members: z.array(MemberCapacity),
  /** One row per member and week (what the chart plots). */
  series: z.array(
    z.object({
      member: z.string(),
      week: z.string(),
      capacity_hours: z.number(),
      allocated_hours: z.number(),
    }).strict(),
  ),
  totals: z.object({
    capacity_hours: z.number(),
    allocated_hours: z.number(),
    over_allocated_weeks: z.number().int(),
  }).strict(),
}).strict();

export const ResourceCapacityResponse = z.object({ data: ResourceCapacity }).strict();

export const AllocationRequest = z.object({
  /** Share of the member's week; omitted: hourly_rate / 10, rounded (spec 001 §5). */
  allocation_percent: z.number().min(0).max(100).optional(),
  capacity_hours: z.number().min(0).max(168).optional(),
  /** The project's version the change is based on (optimistic locking). */
  version: z.number().int().min(1).optional(),
}).strict();

export const Allocation = z.object({
  resource_id: z.string(),
  user_id: z.string(),
  allocation_percent: z.number(),
  capacity_hours: z.number(),
  defaulted: z.boolean(),
  project_version: z.number().int(),
}).strict();

export const AllocationResponse = z.object({ data: Allocation }).strict();

export const UtilizationMember = z.object({
  resource_id: z.string(),
  user_id: z.string(),
  user_name: z.string(),
  role: z.string(),
  allocation_percent: z.number(),
  capacity_hours: z.number(),
  allocated_hours: z.number(),
  logged_hours: z.number(),
  utilization_percent: z.number(),
  allocation_utilization_percent: z.number(),
  status: z.enum(["over", "balanced", "under"]),
  status_label: z.string(),
}).strict();

export const UtilizationReport = z.object({
  project_id: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  weeks: z.number(),
  members: z.array(UtilizationMember),
  totals: z.object({
    capacity_hours: z.number(),
    allocated_hours: z.number(),
    logged_hours: z.number(),
    utilization_percent: z.number(),
  }).strict(),
}).strict();

export const UtilizationReportResponse = z.object({ data: UtilizationReport }).strict();
