/**
 * Calendar events: task due dates, milestones and project end dates, of the tasks
 * and projects the caller may read (the records' own visibility: a member sees
 * their own tasks, a role without projects sees no project ends).
 */
import { CalendarRequest, CalendarResponse } from "../../../../schemas/api/records.ts";
import type { Api } from "../../../platform/http/api.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import { readableClause } from "../../../records/engine/record-access.ts";

/** Declares the calendar endpoint. */
export function calendarRoutes(api: Api, records: RecordEngine, clock: () => number): void {
  api.route({
    method: "post",
    path: "/calendar/events",
    reads: true,
    tag: "Calendar",
    summary:
      "Task due dates, milestones and project ends in a date range (default: the next 30 days)",
    audience: "staff",
    body: CalendarRequest,
    response: CalendarResponse,
  }, async (c, { access, body }) => {
    const today = new Date(clock());
    const from = body.from ?? today.toISOString().slice(0, 10);
    const to = body.to ?? new Date(today.getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
    const task = records.findType("task")!;
    const project = records.findType("project")!;
    const tasks = readableClause(records, access, task, "t");
    const projects = readableClause(records, access, project, "p");
    const events = await records.db.all<
      {
        id: string;
        title: string;
        date: string;
        kind: "task" | "milestone" | "project_end";
        project_name: string;
        status: string;
      }
    >(
      `SELECT t.id, t.title, t.due_date AS date, CASE WHEN t.is_milestone = 1 THEN 'milestone' ELSE 'task' END AS kind,
              COALESCE(p.name, 'No Project') AS project_name, t.status
         FROM ${task.table} t LEFT JOIN ${project.table} p ON p.id = t.project_id
        WHERE ${tasks.sql} AND t.due_date >= ? AND t.due_date <= ?
       UNION ALL
       SELECT p.id, p.name || ' ends', p.end_date, 'project_end', p.name, p.status
         FROM ${project.table} p WHERE ${projects.sql} AND p.end_date >= ? AND p.end_date <= ?
       ORDER BY date, title LIMIT 500`,
      [...tasks.params, from, to, ...projects.params, from, to],
    );
    return c.json({ events });
  });
}
