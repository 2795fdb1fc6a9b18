/**
 * The dashboard's figures, computed in SQL over the records the caller may read
 * (the records' own visibility: a member counts their own tasks): open tasks,
 * active projects, overdue tasks, new leads in the last 30 days (only when the
 * caller may see leads), unread notifications, and the progress of the active
 * projects due first (only when the caller may see projects), computed as every
 * project analytics call computes it, and the finance figures (outstanding,
 * overdue invoices, collected this month) from the finance dashboard's own
 * definitions (only when the caller may see the finance dashboard).
 */
import { z } from "zod";
import type { Api } from "../../../platform/http/api.ts";
import { findModule } from "../../../platform/catalogue/module-definitions.ts";
import { canSeeModule } from "../../../platform/catalogue/visibility.ts";
import { progressOfProjects } from "../../analytics/projects/mod.ts";
import { dashboardFinanceFigures } from "../../finance/reports/mod.ts";
import { figureReader } from "../../../records/engine/figure-reader.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import { readableClause } from "../../../records/engine/record-access.ts";

/** Active projects whose progress the dashboard shows, those due first. */
export const DASHBOARD_PROJECTS = 5;

export const DashboardSummaryRequest = z.object({}).strict();
export const DashboardSummary = z.object({
  open_tasks: z.number().int(),
  active_projects: z.number().int(),
  overdue_tasks: z.number().int(),
  new_leads: z.number().int().nullable(),
  unread_notifications: z.number().int(),
  active_project_progress: z.array(
    z.object({
      project_id: z.string(),
      name: z.string(),
      end_date: z.string(),
      progress_percentage: z.number(),
    }).strict(),
  ).nullable(),
  finance: z.object({
    outstanding: z.number(),
    overdue_invoices: z.number().int(),
    overdue_outstanding: z.number(),
    collected_this_month: z.number(),
  }).strict().nullable(),
  as_of: z.string(),
}).strict();

/** Declares the dashboard endpoint. */
export function dashboardRoutes(api: Api, records: RecordEngine, clock: () => number): void {
  const db = records.db;
  api.route({
    method: "post",
    path: "/dashboard/summary",
    reads: true,
    tag: "Dashboard",
    summary: "Headline figures of the organisation",
    description:
      "Counted over the tasks, projects and leads the caller may read (a member: their own tasks). open_tasks: not completed; overdue_tasks: not completed and due before today; active_projects: status active; new_leads: created in the last 30 days (null without the leads permission); active_project_progress: the 5 active projects due first with their progress, weighted by estimated hours as in project analytics (null without the projects permission); finance: outstanding, overdue invoices and collected this month, as the finance dashboard computes them (null without the finance dashboard permission).",
    audience: "staff",
    body: DashboardSummaryRequest,
    response: DashboardSummary,
  }, async (c, { access }) => {
    const now = new Date(clock());
    const today = now.toISOString().slice(0, 10);
    const org = access.organizationId;
    const task = records.findType("task")!;
    const project = records.findType("project")!;
    const readableTasks = readableClause(records, access, task);
    const readableProjects = readableClause(records, access, project);
    const tasks = await db.get<{ open: number; overdue: number }>(
      `SELECT COALESCE(SUM(CASE WHEN t.status <> 'completed' THEN 1 ELSE 0 END), 0) AS open,
              COALESCE(SUM(CASE WHEN t.status <> 'completed' AND t.due_date < ? THEN 1 ELSE 0 END), 0) AS overdue
         FROM ${task.table} t WHERE ${readableTasks.sql}`,
      [today, ...readableTasks.params],
    );
    const projects = await db.get<{ n: number }>(
      `SELECT COUNT(*) AS n FROM ${project.table} t WHERE ${readableProjects.sql} AND t.status = 'active'`,
      readableProjects.params,
    );
    const unread = await db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM notifications WHERE organization_id = ? AND user_id = ? AND read = 0",
      [org, access.user.id],
    );
    let newLeads: number | null = null;
    if (canSeeModule(access, findModule("leads")!)) {
      const since = new Date(now.getTime() - 30 * 86_400_000).toISOString();
      const lead = records.findType("lead")!;
      const leads = readableClause(records, access, lead);
      newLeads = (await db.get<{ n: number }>(
        `SELECT COUNT(*) AS n FROM ${lead.table} t WHERE ${leads.sql} AND t.created_at >= ?`,
        [...leads.params, since],
      ))?.n ?? 0;
    }
    let activeProgress: z.infer<typeof DashboardSummary>["active_project_progress"] = null;
    if (canSeeModule(access, findModule("projects")!)) {
      const due = await db.all<{ project_id: string; name: string; end_date: string }>(
        `SELECT t.id AS project_id, t.name, t.end_date FROM ${project.table} t
          WHERE ${readableProjects.sql} AND t.status = 'active' ORDER BY t.end_date, t.name LIMIT ?`,
        [...readableProjects.params, DASHBOARD_PROJECTS],
      );
      const progress = await progressOfProjects(db, due.map((p) => p.project_id));
      activeProgress = due.map((p) => ({
        ...p,
        progress_percentage: progress.get(p.project_id)!,
      }));
    }
    const finance = canSeeModule(access, findModule("finance-dashboard")!)
      ? await dashboardFinanceFigures(figureReader(records, access), now.toISOString())
      : null;
    return c.json({
      open_tasks: tasks?.open ?? 0,
      active_projects: projects?.n ?? 0,
      overdue_tasks: tasks?.overdue ?? 0,
      new_leads: newLeads,
      unread_notifications: unread?.n ?? 0,
      active_project_progress: activeProgress,
      finance,
      as_of: now.toISOString(),
    });
  });
}
