/**
 * Competitive intelligence: won and lost deals with their count, value and average
 * size, the deals lost to each competitor and the reasons deals were lost. Each
 * figure is a query of the engine over leads (`query-card`), run with the caller's
 * own permissions, so it counts only the leads the caller may read.
 */
import type { Node } from "../../../schemas/descriptor/mod.ts";
import type { QueryRequest } from "../../../schemas/records/query.ts";
import { findRecordType } from "../../records/catalogue.ts";
import { mayReadType } from "../../records/engine/record-access.ts";
import { findModule } from "../../platform/catalogue/module-definitions.ts";
import { canSeeModule } from "../../platform/catalogue/visibility.ts";
import { screen, type ScreenDef } from "./screen-def.ts";

const count = { fn: "count" as const, as: "count" };
const value = { fn: "sum" as const, field: "estimated_value", as: "sum_estimated_value" };
const dealSize = { fn: "avg" as const, field: "estimated_value", as: "avg_estimated_value" };
const lost = { field: "stage", op: "eq" as const, value: "lost" };

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

/**
 * The figures of the screen, each a query over leads: the two tables of four
 * columns across the page, the reasons and the chart side by side below them.
 */
export const COMPETITIVE_FIGURES: readonly Node[] = [
  {
    type: "grid",
    columns: 1,
    children: [
      figure("Won and lost deals", "table", {
        filters: [{ field: "stage", op: "in", value: ["won", "lost"] }],
        group_by: [{ field: "stage" }],
        aggregates: [count, value, dealSize],
        sort: [{ field: "stage", dir: "desc" }],
      }),
      figure("Deals lost by competitor", "table", {
        filters: [lost, { field: "lost_to", op: "is_set" }],
        group_by: [{ field: "lost_to" }],
        aggregates: [count, value, dealSize],
        sort: [{ field: "sum_estimated_value", dir: "desc" }, { field: "count", dir: "desc" }],
      }),
    ],
  },
  {
    type: "grid",
    columns: 2,
    children: [
      figure("Deals lost by reason", "table", {
        filters: [lost],
        group_by: [{ field: "lost_reason" }],
        aggregates: [count, value],
        sort: [{ field: "count", dir: "desc" }, { field: "sum_estimated_value", dir: "desc" }],
      }),
      figure("Value lost by competitor", "bar", {
        filters: [lost, { field: "lost_to", op: "is_set" }],
        group_by: [{ field: "lost_to" }],
        aggregates: [value],
        sort: [{ field: "sum_estimated_value", dir: "desc" }],
      }),
    ],
  },
];

export const COMPETITIVE_INTELLIGENCE_SCREEN: ScreenDef = {
  id: "competitive-intelligence",
  audience: "staff",
  module: "competitive-intelligence",
  build: ({ access }) => {
    const leads = findRecordType("lead");
    const readsLeads = !!access && !!leads && mayReadType(leads, access);
    const competitors = findModule("competitor-management");
    const children: Node[] = readsLeads ? [...COMPETITIVE_FIGURES] : [{
      type: "text",
      text: "Your role may not read leads, so there are no deals to count here.",
      variant: "muted",
    }];
    if (access && competitors && canSeeModule(access, competitors)) {
      children.push({ type: "link", text: "Competitors", to: "/app/competitor-management" });
    }
    return screen(
      "competitive-intelligence",
      "Competitive Intelligence",
      "dynamic",
      {},
      children,
      "Deals won and lost, who they were lost to and why. A lead moved to Lost records its reason and the competitor.",
    );
  },
};
