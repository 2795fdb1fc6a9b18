/**
 * Lead analytics: the funnel by stage in the organisation's order (leads and value
 * in each stage now, how many reached it, the conversion rate to the next stage and
 * the average days in it: the funnel call, one definition on the server), then
 * leads by source, the reasons deals were lost and the competitors they went to,
 * and won deals by source: queries of the engine over leads (`query-card`). Every
 * figure is read with the caller's own permissions.
 */
import type { Node } from "../../../schemas/descriptor/mod.ts";
import type { QueryRequest } from "../../../schemas/records/query.ts";
import { findRecordType } from "../../records/catalogue.ts";
import { mayReadType } from "../../records/engine/record-access.ts";
import { screen, type ScreenDef } from "./screen-def.ts";

const count = { fn: "count" as const, as: "count" };
const value = { fn: "sum" as const, field: "estimated_value", as: "sum_estimated_value" };

function figure(title: string, chart: "table" | "bar", query: QueryRequest): Node {
  return {
    type: "query-card",
    title,
    recordType: "lead",
    queryPath: "/api/records/lead/query",
    typePath: "/api/records/{type}",
    query,
    chart,
  };
}

/** The funnel table and the query cards of the screen. */
export const LEAD_ANALYTICS_FIGURES: readonly Node[] = [
  {
    type: "card",
    title: "Funnel by stage",
    children: [{
      type: "table",
      source: "funnel",
      path: "funnel",
      caption:
        "Reached: leads that were in the stage or got past it. Conversion: of those, the share that reached the next stage. Days in stage: the average stay.",
      columns: [
        { key: "stage_label", label: "Stage" },
        { key: "count", label: "Leads now", format: "integer", align: "end" },
        { key: "value", label: "Value now", format: "currency", align: "end" },
        { key: "reached", label: "Reached", format: "integer", align: "end" },
        {
          key: "conversion_rate",
          label: "Conversion",
          format: "percent",
          align: "end",
          fallback: "—",
        },
        {
          key: "avg_days_in_stage",
          label: "Days in stage",
          format: "number",
          align: "end",
          fallback: "—",
        },
      ],
      emptyText: "No stages",
      phone: { first: ["stage_label", "count", "conversion_rate"] },
    }],
  },
  {
    type: "grid",
    columns: 2,
    children: [
      figure("Leads by source", "table", {
        group_by: [{ field: "source" }],
        aggregates: [count, value],
        sort: [{ field: "count", dir: "desc" }, { field: "source", dir: "asc" }],
      }),
      figure("Won deals by source", "bar", {
        filters: [{ field: "stage", op: "eq", value: "won" }],
        group_by: [{ field: "source" }],
        aggregates: [value],
        sort: [{ field: "sum_estimated_value", dir: "desc" }],
      }),
      figure("Loss reasons", "table", {
        filters: [{ field: "stage", op: "eq", value: "lost" }],
        group_by: [{ field: "lost_reason" }],
        aggregates: [count, value],
        sort: [{ field: "count", dir: "desc" }],
      }),
      figure("Deals lost to competitors", "table", {
        filters: [
          { field: "stage", op: "eq", value: "lost" },
          { field: "lost_to", op: "is_set" },
        ],
        group_by: [{ field: "lost_to" }],
        aggregates: [count, value],
        sort: [{ field: "count", dir: "desc" }],
      }),
    ],
  },
];

export const LEAD_ANALYTICS_SCREEN: ScreenDef = {
  id: "lead-analytics",
  audience: "staff",
  module: "lead-analytics",
  build: ({ access }) => {
    const leads = findRecordType("lead");
    const readsLeads = !!access && !!leads && mayReadType(leads, access);
    return screen(
      "lead-analytics",
      "Lead Analytics",
      "dynamic",
      readsLeads
        ? {
          funnel: {
            method: "GET",
            path: "/api/sales/lead-analytics",
            follows: ["lead"],
            label: "Lead funnel",
          },
        }
        : {},
      readsLeads ? [...LEAD_ANALYTICS_FIGURES] : [{
        type: "text",
        text: "Your role may not read leads, so there is nothing to analyse here.",
        variant: "muted",
      }],
      "How leads move through the pipeline: by stage and source, conversion, time in stage, and why deals are lost.",
    );
  },
};
