/** Leads, their statistics and assignment history (spec §7). */
import {
  AssignmentsRequest,
  AssignmentsResponse,
  LeadAssignmentsRequest,
  LeadsRequest,
  LeadsResponse,
  LeadStatsRequest,
  LeadStatsResponse,
} from "../../../../schemas/api/records.ts";
import type { Database } from "../../../db/database.ts";
import type { Api } from "../../../platform/http/api.ts";
import { notFound } from "../../../platform/errors/app-error.ts";
import * as repo from "./repo.ts";
import type { Filter } from "../../../../schemas/records/meta.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import { offsetPage } from "../../../records/offset-page.ts";
import { requireDeclaredValue } from "../../../records/declared-values.ts";
import { aliased, aliasedFields, SPEC_ALIASES } from "../../../records/spec-shapes.ts";
import { LEAD } from "../types/lead.ts";

/** Declares the lead endpoints; the lead list is read through the record engine. */
export function leadRoutes(
  api: Api,
  db: Database,
  engine: RecordEngine,
  clock: () => number,
): void {
  api.route(
    {
      method: "post",
      path: "/leads",
      reads: true,
      tag: "Leads",
      summary: "Leads of the organisation, filtered",
      audience: "staff",
      body: LeadsRequest,
      response: LeadsResponse,
    },
    async (c, { access, body }) => {
      const f = body.filters ?? {};
      const org = access.organizationId;
      await requireDeclaredValue(db, org, LEAD, "stage", f.status, "filters.status");
      await requireDeclaredValue(db, org, LEAD, "source", f.source, "filters.source");
      const filters: Filter[] = [];
      if (f.status) filters.push({ field: "stage", op: "eq", value: f.status });
      if (f.source) filters.push({ field: "source", op: "eq", value: f.source });
      if (f.assigned_to) filters.push({ field: "owner", op: "eq", value: f.assigned_to });
      if (f.min_score !== undefined) {
        filters.push({ field: "score", op: "gte", value: f.min_score });
      }
      const { items, total } = await offsetPage(engine, access, "lead", {
        filters,
        search: f.search,
        sort: [{ field: "created_at", dir: "desc" }],
        fields: aliasedFields(SPEC_ALIASES.lead),
      }, { skip: f.skip ?? 0, limit: f.limit ?? 100 });
      return c.json({ leads: items.map((r) => aliased(SPEC_ALIASES.lead, r)), total });
    },
  );

  api.route(
    {
      method: "post",
      path: "/api/leads/stats",
      reads: true,
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
    reads: true,
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
      reads: true,
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
