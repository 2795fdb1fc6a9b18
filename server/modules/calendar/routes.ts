/** Calendar events: task due dates, milestones and project end dates. */
import { CalendarRequest, CalendarResponse } from "../../../schemas/api/records.ts";
import type { Database } from "../../db/database.ts";
import type { Api } from "../../platform/http/api.ts";

/** Declares the calendar endpoint. */
export function calendarRoutes(api: Api, db: Database, clock: () => number): void {
  api.route({
    method: "post",
    path: "/calendar/events",
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
    const events = await db.all<
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
         FROM tasks t LEFT JOIN projects p ON p.id = t.project_id
        WHERE t.organization_id = ? AND t.due_date >= ? AND t.due_date <= ?
       UNION ALL
       SELECT p.id, p.name || ' ends', p.end_date, 'project_end', p.name, p.status
         FROM projects p WHERE p.organization_id = ? AND p.end_date >= ? AND p.end_date <= ?
       ORDER BY date, title LIMIT 500`,
      [access.organizationId, from, to, access.organizationId, from, to],
    );
    return c.json({ events });
  });
}
