/** Leads, their statistics and assignment history (spec §7). */
import {
  AssignmentsRequest,
  AssignmentsResponse,
  LeadAssignmentsRequest,
  LeadsRequest,
  LeadsResponse,
  LeadStatsRequest,
  LeadStatsResponse,
} from "../../../schemas/api/records.ts";
import type { Database } from "../../db/database.ts";
import type { Api } from "../../platform/http/api.ts";
import { notFound } from "../../platform/errors/app-error.ts";
import * as repo from "./repo.ts";

/** Declares the lead endpoints. */
export function leadRoutes(api: Api, db: Database, clock: () => number): void {
  api.route(
    {
      method: "post",
      path: "/leads",
      tag: "Leads",
      summary: "Leads of the organisation, filtered",
      audience: "staff",
      body: LeadsRequest,
      response: LeadsResponse,
    },
    async (c, { access, body }) =>
      c.json(await repo.listLeads(db, access.organizationId, body.filters ?? {})),
  );

  api.route(
    {
      method: "post",
      path: "/api/leads/stats",
      tag: "Leads",
      summary: "Lead counts by status and source, pipeline value and conversion rate",
      description:
        "conversion_rate = won / (won + lost) × 100, 0 when nothing is closed; pipeline_value sums estimated_value of open leads (not won or lost).",
      audience: "staff",
      body: LeadStatsRequest,
      response: LeadStatsResponse,
    },
    async (c, { access, body }) =>
      c.json(await repo.leadStats(db, access.organizationId, body, new Date(clock()))),
  );

  api.route({
    method: "post",
    path: "/api/leads/:id/assignments",
    tag: "Leads",
    summary: "Assignment history of one lead",
    audience: "staff",
    body: LeadAssignmentsRequest,
    response: AssignmentsResponse,
  }, async (c, { access }) => {
    const leadId = c.req.param("id")!;
    if (!(await repo.leadExists(db, access.organizationId, leadId))) throw notFound("Lead");
    return c.json({
      assignments: await repo.assignments(db, access.organizationId, { lead_id: leadId }),
    });
  });

  api.route(
    {
      method: "post",
      path: "/api/assignments",
      tag: "Leads",
      summary: "Lead assignments of the organisation, newest first",
      audience: "staff",
      body: AssignmentsRequest,
      response: AssignmentsResponse,
    },
    async (c, { access, body }) =>
      c.json({ assignments: await repo.assignments(db, access.organizationId, body) }),
  );
}
