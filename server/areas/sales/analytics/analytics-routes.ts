/** The lead funnel call (`GET /api/sales/lead-analytics`), read as the caller. */
import type { Database } from "../../../db/database.ts";
import type { Api } from "../../../platform/http/api.ts";
import { forbidden } from "../../../platform/errors/app-error.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import { figureReader } from "../../../records/engine/figure-reader.ts";
import { mayReadType } from "../../../records/engine/record-access.ts";
import { LeadAnalyticsResponse } from "../../../../schemas/api/lead-analytics.ts";
import { LEAD } from "../types/lead.ts";
import { leadFunnel } from "./lead-funnel.ts";

/** Declares the lead funnel call. */
export function leadAnalyticsRoutes(
  api: Api,
  db: Database,
  records: RecordEngine,
  clock: () => number,
): void {
  api.route({
    method: "get",
    path: "/api/sales/lead-analytics",
    tag: "Leads",
    summary: "The lead funnel: leads and value by stage, reached, conversion and time in stage",
    description:
      "Stages in the organisation's order. reached = leads that were in the stage or got past it; conversion_rate = reached of the next stage / reached × 100; avg_days_in_stage = mean of ended stays (stage log) and, for open stages, current ones. Counts only the leads the caller may read.",
    audience: "staff",
    response: LeadAnalyticsResponse,
  }, async (c, { access }) => {
    const lead = records.findType(LEAD.id);
    if (!lead || !mayReadType(lead, access)) {
      throw forbidden("Your role may not read leads, so it has no lead analytics");
    }
    const now = new Date(clock()).toISOString();
    return c.json(
      await leadFunnel(figureReader(records, access), db, access.organizationId, now),
    );
  });
}
