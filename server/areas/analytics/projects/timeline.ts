/**
 * Timeline analysis: how far through its planned dates a project is, compared with
 * how far through its work.
 *
 * - days_total = end − start (at least 1); days_elapsed = today − start, clamped
 *   to [0, days_total]; days_remaining = end − today, at least 0.
 * - schedule_progress_percentage = 100 × days_elapsed / days_total.
 * - gap = schedule progress − work progress (percentage points).
 * - schedule_risk_level: high when gap > 25, medium when gap > 10, else low.
 * - schedule_status: the project's completion outlook (figures.ts: completed,
 *   on_track, delayed or no_tasks); is_on_schedule = not delayed. The same status
 *   is the forecast's and the analytics timeline's, so no tab can call a project
 *   on schedule that another calls delayed.
 */
import type { z } from "zod";
import type { TimelineAnalysis } from "../../../../schemas/api/analytics.ts";
import { HIGH_SCHEDULE_GAP, ON_SCHEDULE_TOLERANCE } from "./constants.ts";
import { clamp, daysBetween, round } from "./calendar.ts";
import type { ScheduleStatus } from "./figures.ts";

/** Planned dates of a project. */
export interface PlannedDates {
  start_date: string;
  end_date: string;
}

/** Elapsed, total and remaining days, and the elapsed share (0–1). */
export function scheduleClock(dates: PlannedDates, today: string) {
  const total = Math.max(1, daysBetween(dates.start_date, dates.end_date));
  const elapsed = clamp(daysBetween(dates.start_date, today), 0, total);
  return {
    total,
    elapsed,
    remaining: Math.max(0, daysBetween(today, dates.end_date)),
    share: elapsed / total,
  };
}

/** Percentage points the calendar is ahead of the work (negative: work ahead). */
export function scheduleGap(schedulePercentage: number, progressPercentage: number): number {
  return round(schedulePercentage - progressPercentage);
}

/** The timeline_analysis block of the Progress entity. */
export function timelineAnalysis(
  dates: PlannedDates,
  options: { today: string; progress: number; overdue: number; status: ScheduleStatus },
): z.infer<typeof TimelineAnalysis> {
  const clock = scheduleClock(dates, options.today);
  const schedule = round(100 * clock.share);
  const gap = scheduleGap(schedule, options.progress);
  return {
    start_date: dates.start_date,
    end_date: dates.end_date,
    days_total: clock.total,
    days_elapsed: clock.elapsed,
    days_remaining: clock.remaining,
    schedule_progress_percentage: schedule,
    overdue_tasks_count: options.overdue,
    schedule_risk_level: gap > HIGH_SCHEDULE_GAP
      ? "high"
      : gap > ON_SCHEDULE_TOLERANCE
      ? "medium"
      : "low",
    schedule_status: options.status,
    is_on_schedule: options.status !== "delayed",
  };
}
