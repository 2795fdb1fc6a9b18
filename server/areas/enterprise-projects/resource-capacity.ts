/**
 * Resource capacity of a project (issue 14): for each team member and ISO week
 * of a window, the member's capacity (weekly capacity_hours, prorated by the
 * week's working days inside the window) against the hours their open tasks of
 * the project need there (each task's remaining estimated hours spread over its
 * start..due working days). A week whose need exceeds its capacity is flagged.
 */
import type { z } from "zod";
import type { ResourceCapacity } from "../../../schemas/api/enterprise-projects/resources.ts";
import { CAPACITY_MAX_DAYS } from "../../../schemas/api/enterprise-projects/resources.ts";
import type { Queryable } from "../../db/database.ts";
import { invalidInput } from "../../platform/errors/app-error.ts";
import {
  dailyHours,
  isoWeek,
  isWorkingDay,
  mondayOf,
  type PlannedTask,
  roundHours,
  shiftDay,
} from "./resource-calendar.ts";

/** A team member row with what planning needs. */
export interface TeamMember {
  id: string;
  user_id: string;
  user_name: string;
  role: string;
  hourly_rate: number;
  allocation_percent: number;
  capacity_hours: number;
}

/** The project's team, in the order of its team table. */
export function teamOf(q: Queryable, organizationId: string, projectId: string) {
  return q.all<TeamMember>(
    `SELECT pm.id, pm.user_id, pm.role, pm.hourly_rate, pm.allocation_percent, pm.capacity_hours,
            u.first_name || ' ' || u.last_name AS user_name
       FROM project_members pm JOIN users u ON u.id = pm.user_id
      WHERE pm.organization_id = ? AND pm.project_id = ?
      ORDER BY pm.idx`,
    [organizationId, projectId],
  );
}

/** Open tasks of the project with an assignee, due in or after `from` (or without a due date). */
async function openTasks(q: Queryable, organizationId: string, projectId: string, from: string) {
  const rows = await q.all<{
    assignee_id: string;
    estimated_hours: number;
    actual_hours: number;
    start_date: string | null;
    due_date: string | null;
  }>(
    `SELECT assignee_id, estimated_hours, actual_hours, start_date, due_date FROM tasks
      WHERE organization_id = ? AND project_id = ? AND assignee_id IS NOT NULL
        AND status <> 'completed' AND (due_date IS NULL OR due_date >= ?)`,
    [organizationId, projectId, from],
  );
  return rows.map((row) => ({
    assignee_id: row.assignee_id,
    remaining_hours: Math.max(0, Number(row.estimated_hours) - Number(row.actual_hours)),
    start_date: row.start_date,
    due_date: row.due_date,
  }));
}

/** The window asked for, or this week and the three after it. */
export function capacityWindow(
  asked: { period_start?: string; period_end?: string },
  today: string,
): { start: string; end: string } {
  const start = asked.period_start ?? mondayOf(today);
  const end = asked.period_end ?? shiftDay(mondayOf(start), 27);
  if (end < start) {
    throw invalidInput("period_end is before period_start", {
      period_end: "Must be on or after period_start",
    });
  }
  if (calendarDays(start, end) > CAPACITY_MAX_DAYS) {
    throw invalidInput(`period_end: the period is longer than ${CAPACITY_MAX_DAYS} days`, {
      period_end: `Must be at most ${CAPACITY_MAX_DAYS} days after period_start`,
    });
  }
  return { start, end };
}

function calendarDays(start: string, end: string): number {
  return (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000 + 1;
}

/** Hours needed per member per working day of the window. */
export async function neededHours(
  q: Queryable,
  organizationId: string,
  projectId: string,
  window: { start: string; end: string },
): Promise<{ daily: Map<string, Map<string, number>>; unscheduled: Map<string, number> }> {
  const daily = new Map<string, Map<string, number>>();
  const unscheduled = new Map<string, number>();
  for (const task of await openTasks(q, organizationId, projectId, window.start)) {
    if (task.remaining_hours <= 0) continue;
    if (!task.due_date) {
      unscheduled.set(
        task.assignee_id,
        (unscheduled.get(task.assignee_id) ?? 0) + task.remaining_hours,
      );
      continue;
    }
    const days = daily.get(task.assignee_id) ?? new Map<string, number>();
    daily.set(task.assignee_id, days);
    for (const [day, hours] of dailyHours(task as PlannedTask)) {
      if (day < window.start || day > window.end) continue;
      days.set(day, (days.get(day) ?? 0) + hours);
    }
  }
  return { daily, unscheduled };
}

/** The capacity answer for a project and window. */
export async function resourceCapacity(
  q: Queryable,
  organizationId: string,
  projectId: string,
  window: { start: string; end: string },
): Promise<z.infer<typeof ResourceCapacity>> {
  const team = await teamOf(q, organizationId, projectId);
  const { daily, unscheduled } = await neededHours(q, organizationId, projectId, window);
  const weeks = new Map<string, { week: string; week_start: string; days: string[] }>();
  for (let day = window.start; day <= window.end; day = shiftDay(day, 1)) {
    const week = isoWeek(day);
    const entry = weeks.get(week.week) ?? { ...week, days: [] };
    weeks.set(week.week, entry);
    if (isWorkingDay(day)) entry.days.push(day);
  }
  const series: z.infer<typeof ResourceCapacity>["series"] = [];
  let overWeeks = 0;
  const members = team.map((member) => {
    const needs = daily.get(member.user_id) ?? new Map<string, number>();
    const weekly = new Map<string, number>();
    for (const [day, hours] of needs) {
      const week = isoWeek(day).week;
      weekly.set(week, (weekly.get(week) ?? 0) + hours);
    }
    const rows = [...weeks.values()].map((week) => {
      const capacity = member.capacity_hours * week.days.length / 5;
      const allocated = weekly.get(week.week) ?? 0;
      const over = allocated > capacity + 1e-9;
      if (over) overWeeks++;
      series.push({
        member: member.user_name,
        week: week.week,
        capacity_hours: roundHours(capacity),
        allocated_hours: roundHours(allocated),
      });
      return {
        week: week.week,
        week_start: week.week_start,
        working_days: week.days.length,
        capacity_hours: roundHours(capacity),
        allocated_hours: roundHours(allocated),
        available_hours: roundHours(capacity - allocated),
        over_allocated: over,
      };
    });
    const capacity = rows.reduce((sum, w) => sum + w.capacity_hours, 0);
    const allocated = [...needs.values()].reduce((sum, h) => sum + h, 0);
    return {
      resource_id: member.id,
      user_id: member.user_id,
      user_name: member.user_name,
      role: member.role,
      allocation_percent: member.allocation_percent,
      weekly_capacity_hours: member.capacity_hours,
      capacity_hours: roundHours(capacity),
      allocated_hours: roundHours(allocated),
      unscheduled_hours: roundHours(unscheduled.get(member.user_id) ?? 0),
      over_allocated: rows.some((w) => w.over_allocated),
      weeks: rows,
    };
  });
  return {
    project_id: projectId,
    period_start: window.start,
    period_end: window.end,
    weeks: [...weeks.values()].map(({ week, week_start }) => ({ week, week_start })),
    members,
    series,
    totals: {
      capacity_hours: roundHours(members.reduce((sum, m) => sum + m.capacity_hours, 0)),
      allocated_hours: roundHours(members.reduce((sum, m) => sum + m.allocated_hours, 0)),
      over_allocated_weeks: overWeeks,
    },
  };
}
