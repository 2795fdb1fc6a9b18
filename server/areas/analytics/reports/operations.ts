/**
 * The operations report: the delivery of the projects the caller's project list
 * holds (read through the engine as the caller, figure-reader.ts). Per project,
 * progress is weighted by estimated hours and the schedule is judged as in project
 * analytics (on schedule unless the forecast's median completion date is after
 * the planned end date);
 * hours logged come from time logs. The summary sums the projects;
 * average_progress is the mean of their progress.
 */
import type { z } from "zod";
import type { OperationsReport } from "../../../../schemas/api/dashboard-analytics.ts";
import type { Queryable } from "../../../db/database.ts";
import type { FigureReader } from "../../../records/engine/figure-reader.ts";
import {
  projectBreakdown,
  projectOutlook,
  timelineAnalysis,
  weightedProgress,
} from "../projects/mod.ts";
import { roundHalfAway } from "../../../../schemas/money/rounding.ts";

type Report = z.infer<typeof OperationsReport>["data"];

/** The projects the caller's project list holds, by name: one query of the engine as the caller. */
async function readableProjects(read: FigureReader) {
  if (!read.reads("project", "status", "start_date", "end_date", "client")) return [];
  const rows = await read.all("project", {
    columns: ["name", "status", "start_date", "end_date", "client"],
    sort: [{ field: "name", dir: "asc" }],
  });
  return rows.map((r) => ({
    id: r.id as string,
    name: r.name as string,
    status: r.status as string,
    start_date: r.start_date as string,
    end_date: r.end_date as string,
    client_name: (r.client__title as string | undefined) || null,
  }));
}

/** The operations report of the projects the caller may read. */
export async function operationsReport(
  read: FigureReader,
  db: Queryable,
  options: { today: string; reportType: string; now: string },
): Promise<Report> {
  const projects = await readableProjects(read);
  const rows: Report["projects"] = [];
  const byStatus: Record<string, number> = {};
  let tasks = 0, completed = 0, overdue = 0, estimated = 0, logged = 0;
  for (const p of projects) {
    const b = await projectBreakdown(db, p.id, options.today);
    const hours = (await db.get<{ hours: number }>(
      "SELECT COALESCE(SUM(hours), 0) AS hours FROM time_logs WHERE project_id = ?",
      [p.id],
    ))?.hours ?? 0;
    const progress = weightedProgress(b);
    const outlook = await projectOutlook(db, p, { today: options.today });
    const timeline = timelineAnalysis(p, {
      today: options.today,
      progress,
      overdue: b.overdue,
      status: outlook.status,
    });
    rows.push({
      project_id: p.id,
      name: p.name,
      status: p.status,
      client_name: p.client_name,
      end_date: p.end_date,
      progress_percentage: progress,
      schedule_progress_percentage: timeline.schedule_progress_percentage,
      is_on_schedule: timeline.is_on_schedule,
      tasks_total: b.total,
      tasks_completed: b.completed,
      tasks_overdue: b.overdue,
      hours_logged: roundHalfAway(hours, 2),
    });
    byStatus[p.status] = (byStatus[p.status] ?? 0) + 1;
    tasks += b.total;
    completed += b.completed;
    overdue += b.overdue;
    estimated += b.totalHours;
    logged += hours;
  }
  const mean = rows.length ? rows.reduce((s, r) => s + r.progress_percentage, 0) / rows.length : 0;
  return {
    report_type: options.reportType,
    generated_at: options.now,
    summary: {
      projects_total: rows.length,
      projects_by_status: byStatus,
      average_progress: Math.round(mean * 10) / 10,
      tasks_total: tasks,
      tasks_completed: completed,
      tasks_overdue: overdue,
      completion_rate: tasks ? Math.round((1000 * completed) / tasks) / 10 : 0,
      estimated_hours: roundHalfAway(estimated, 2),
      hours_logged: roundHalfAway(logged, 2),
      projects_behind_schedule: rows.filter((r) => !r.is_on_schedule).length,
    },
    projects: rows,
  };
}
