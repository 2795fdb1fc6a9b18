/**
 * The client portal's calls. A portal user sees only their own client's records:
 * every query is scoped to (their organisation, their client); any other id answers
 * 404; staff calls answer them 403 (see api.ts). The progress view is limited to
 * what a client should see: no team, no hourly rates, no internal risk notes.
 * Progress and the schedule verdict are the figures the staff analytics show
 * (project-analytics' one definition of each), so the firm and its client read
 * the same numbers.
 */
import {
  MessageResponse,
  MessagesResponse,
  PortalEmpty,
  PortalMilestonesResponse,
  PortalProfileResponse,
  PortalProgressResponse,
  PortalProjectsResponse,
  SendMessageRequest,
} from "../../../schemas/api/portal.ts";
import { CalendarResponse, NotificationsResponse } from "../../../schemas/api/records.ts";
import type { Database } from "../../db/database.ts";
import type { Access } from "../../platform/access/access.ts";
import type { Api } from "../../platform/http/api.ts";
import { forbidden, notFound } from "../../platform/errors/app-error.ts";
import { newId } from "../../platform/ids.ts";
import {
  isoDay,
  progressOfProjects,
  projectBreakdown,
  projectOutlook,
} from "../analytics/projects/mod.ts";
import * as repo from "./repo.ts";

function scopeOf(access: Access): repo.PortalScope {
  if (!access.user.client_id) throw forbidden("This account is not linked to a client");
  return { organizationId: access.organizationId, clientId: access.user.client_id };
}

/** Declares the portal endpoints. */
export function portalRoutes(api: Api, db: Database, clock: () => number): void {
  const base = { tag: "Client portal", audience: "portal" as const, body: PortalEmpty };

  api.route({
    ...base,
    method: "post",
    path: "/portal/projects",
    reads: true,
    summary: "The client's projects with progress and the next milestone",
    response: PortalProjectsResponse,
  }, async (c, { access }) => {
    const projects = await repo.projects(db, scopeOf(access));
    const progress = await progressOfProjects(db, projects.map((p) => p.id as string));
    return c.json({
      projects: projects.map((p) => ({ ...p, progress_percentage: progress.get(p.id as string) })),
    });
  });

  api.route(
    {
      ...base,
      method: "post",
      path: "/portal/milestones",
      reads: true,
      summary: "Upcoming milestones of the client's projects",
      response: PortalMilestonesResponse,
    },
    async (c, { access }) =>
      c.json({ milestones: await repo.upcomingMilestones(db, scopeOf(access)) }),
  );

  api.route({
    ...base,
    method: "post",
    path: "/portal/projects/:id/progress",
    reads: true,
    summary: "A read-only progress view of one of the client's projects",
    description:
      "progress_percentage = progress weighted by estimated hours; schedule_progress_percentage = elapsed share of the planned window (0–100); is_on_schedule = the Monte Carlo forecast's median completion date is on or before the planned end (or the project is complete), as in the staff analytics.",
    response: PortalProgressResponse,
  }, async (c, { access }) => {
    const scope = scopeOf(access);
    const project = await repo.project(db, scope, c.req.param("id")!);
    if (!project) throw notFound("Project");
    const id = project.id as string;
    const start = Date.parse(project.start_date), end = Date.parse(project.end_date);
    const elapsed = end > start ? Math.min(1, Math.max(0, (clock() - start) / (end - start))) : 1;
    const schedule = Math.round(elapsed * 1000) / 10;
    const progress = (await progressOfProjects(db, [id])).get(id);
    const outlook = await projectOutlook(db, {
      id,
      status: project.status as string,
      start_date: project.start_date,
      end_date: project.end_date,
    }, { today: isoDay(clock()) });
    return c.json({
      project: { ...project, progress_percentage: progress },
      // The staff analytics' own breakdown: one definition of each count, every status.
      tasks_by_status: (await projectBreakdown(db, id, isoDay(clock()))).byStatus,
      schedule_progress_percentage: schedule,
      is_on_schedule: outlook.status !== "delayed",
      milestones: (await repo.projectMilestones(db, scope, project.id as string)).map((
        { project_name: _p, ...m },
      ) => m),
    });
  });

  api.route({
    ...base,
    method: "post",
    path: "/portal/messages",
    reads: true,
    summary: "The message thread with the firm",
    response: MessagesResponse,
  }, async (c, { access }) => c.json({ messages: await repo.thread(db, scopeOf(access)) }));

  api.route({
    ...base,
    method: "post",
    path: "/portal/messages/send",
    summary: "Send a message to the firm",
    body: SendMessageRequest,
    response: MessageResponse,
    status: 201,
  }, async (c, { access, body }) => {
    const scope = scopeOf(access);
    const message = await db.transaction((tx) =>
      repo.addMessage(tx, {
        id: newId("msg"),
        scope,
        authorId: access.user.id,
        fromClient: true,
        body: body.body,
        now: new Date(clock()).toISOString(),
      })
    );
    return c.json({ message }, 201);
  });

  api.route({
    ...base,
    method: "post",
    path: "/portal/notifications",
    reads: true,
    summary: "The firm's latest messages, as notifications",
    response: NotificationsResponse,
  }, async (c, { access }) => {
    const fromFirm = (await repo.thread(db, scopeOf(access))).filter((m) => !m.from_client).slice(
      -10,
    ).reverse();
    return c.json({
      notifications: fromFirm.map((m) => ({
        id: m.id,
        title: `Message from ${m.author_name}`,
        message: m.body,
        created_at: m.created_at,
        read: true,
        category: "message",
        link: "/client-portal/messages",
      })),
      unread_count: 0,
    });
  });

  api.route({
    ...base,
    method: "post",
    path: "/portal/calendar",
    reads: true,
    summary: "Dates of the milestones still ahead on the client's projects",
    response: CalendarResponse,
  }, async (c, { access }) => {
    const events = (await repo.upcomingMilestones(db, scopeOf(access))).filter((m) => m.due_date)
      .map(
        (m) => ({
          id: m.id,
          title: m.title,
          date: m.due_date!,
          kind: "milestone" as const,
          project_name: m.project_name,
          status: m.status,
        }),
      );
    return c.json({ events });
  });

  api.route({
    ...base,
    method: "post",
    path: "/portal/profile",
    reads: true,
    summary: "The portal user, their client and the firm's contact details",
    response: PortalProfileResponse,
  }, async (c, { access }) => {
    const scope = scopeOf(access);
    const client = await db.get<{ id: string; name: string; industry: string }>(
      "SELECT id, name, industry FROM clients WHERE id = ? AND organization_id = ?",
      [scope.clientId, scope.organizationId],
    );
    const org = await db.get<{ name: string; email: string; website: string }>(
      "SELECT name, email, website FROM organizations WHERE id = ?",
      [scope.organizationId],
    );
    if (!client || !org) throw notFound("Client");
    return c.json({
      user: {
        id: access.user.id,
        full_name: `${access.user.first_name} ${access.user.last_name}`,
        email: access.user.email,
      },
      client,
      organization: org,
    });
  });
}
