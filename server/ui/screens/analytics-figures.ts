/**
 * The analytics entries' own tabs: forecasting, lead conversion, team utilization
 * and profitability, each a set of standard figures (`query-card`: the engine's query
 * call, run with the caller's permissions as each card comes into view). A tab
 * shows only to a caller who may read the records it counts.
 */
import type { Node } from "../../../schemas/descriptor/mod.ts";
import type { QueryRequest } from "../../../schemas/records/query.ts";
import type { Access } from "../../platform/access/access.ts";
import { findRecordType } from "../../records/catalogue.ts";
import { mayReadType } from "../../records/engine/record-access.ts";

type Chart = "table" | "bar" | "line" | "pie" | "number";

function figure(title: string, type: string, chart: Chart, query: QueryRequest): Node {
  return {
    type: "query-card",
    title,
    recordType: type,
    queryPath: `/api/records/${type}/query`,
    typePath: "/api/records/{type}",
    query,
    chart,
  };
}

const count = { fn: "count" as const, as: "count" };
const sum = (field: string) => ({
  fn: "sum" as const,
  field,
  as: `sum_${field.replace(".", "_")}`,
});

/** An analytics entry's own tab: its id (the entry's module), label, the types it reads and its figures. */
interface FigureTab {
  id: string;
  label: string;
  reads: string[];
  figures: Node[];
}

const TABS: FigureTab[] = [
  {
    id: "forecasting",
    label: "Forecasting",
    reads: ["invoice", "project", "task"],
    figures: [
      figure("Receivables by due month", "invoice", "bar", {
        filters: [{ field: "outstanding", op: "gt", value: 0 }],
        group_by: [{ field: "due_date", bucket: "month" }],
        aggregates: [sum("outstanding")],
      }),
      figure("Invoiced per month, last 12 months (net)", "invoice", "line", {
        filters: [{ field: "issue_date", op: "gte", value: "@start_of_month-11" }],
        group_by: [{ field: "issue_date", bucket: "month" }],
        aggregates: [sum("net_total")],
      }),
      figure("Open task hours due per week", "task", "bar", {
        filters: [
          { field: "status", op: "ne", value: "completed" },
          { field: "due_date", op: "gte", value: "@today" },
        ],
        group_by: [{ field: "due_date", bucket: "week" }],
        aggregates: [sum("estimated_hours")],
      }),
      figure("Projects ending per month", "project", "table", {
        filters: [
          { field: "status", op: "in", value: ["planning", "active", "on_hold"] },
          { field: "end_date", op: "gte", value: "@start_of_month" },
        ],
        group_by: [{ field: "end_date", bucket: "month" }],
        aggregates: [count],
      }),
    ],
  },
  {
    id: "lead-conversion",
    label: "Lead conversion",
    reads: ["lead"],
    figures: [
      figure("Leads by stage", "lead", "bar", {
        group_by: [{ field: "stage" }],
        aggregates: [count],
      }),
      figure("Won leads by source", "lead", "table", {
        filters: [{ field: "stage", op: "eq", value: "won" }],
        group_by: [{ field: "source" }],
        aggregates: [count, sum("estimated_value")],
      }),
      figure("Leads by source and stage", "lead", "table", {
        group_by: [{ field: "source" }, { field: "stage" }],
        aggregates: [count],
      }),
      figure("New leads per month", "lead", "line", {
        filters: [{ field: "created_at", op: "gte", value: "@start_of_month-11" }],
        group_by: [{ field: "created_at", bucket: "month" }],
        aggregates: [count],
      }),
    ],
  },
  {
    id: "team-utilization",
    label: "Team utilization",
    reads: ["task", "project"],
    figures: [
      figure("Open hours assigned per person", "task", "bar", {
        filters: [{ field: "status", op: "ne", value: "completed" }],
        group_by: [{ field: "assignee" }],
        aggregates: [sum("estimated_hours")],
      }),
      figure("Hours logged per person", "task", "bar", {
        group_by: [{ field: "assignee" }],
        aggregates: [sum("actual_hours")],
      }),
      figure("Weekly capacity per person on active projects", "project", "bar", {
        filters: [{ field: "status", op: "eq", value: "active" }],
        group_by: [{ field: "members.user" }],
        aggregates: [sum("members.capacity_hours")],
      }),
      figure("Open hours assigned per project", "task", "table", {
        filters: [{ field: "status", op: "ne", value: "completed" }],
        group_by: [{ field: "project" }],
        aggregates: [count, sum("estimated_hours")],
      }),
    ],
  },
  {
    id: "profitability-analysis",
    label: "Profitability",
    reads: ["invoice", "expense", "project"],
    figures: [
      figure("Invoiced this year by client (net)", "invoice", "bar", {
        filters: [{ field: "issue_date", op: "gte", value: "@start_of_year" }],
        group_by: [{ field: "client" }],
        aggregates: [sum("net_total")],
      }),
      figure("Budgets by client", "project", "bar", {
        group_by: [{ field: "client" }],
        aggregates: [sum("budget")],
      }),
      figure("Expenses by project", "expense", "bar", {
        group_by: [{ field: "lines.project" }],
        aggregates: [sum("lines.amount")],
      }),
      figure("Outstanding by client", "invoice", "table", {
        filters: [{ field: "outstanding", op: "gt", value: 0 }],
        group_by: [{ field: "client" }],
        aggregates: [count, sum("outstanding")],
      }),
    ],
  },
];

/** The figure tabs the caller may read, as tabs of the analytics screen. */
export function figureTabs(
  access: Access | undefined,
): { id: string; label: string; children: Node[] }[] {
  if (access === undefined) return [];
  return TABS.filter((tab) =>
    tab.reads.every((id) => {
      const type = findRecordType(id);
      return type !== undefined && mayReadType(type, access);
    })
  ).map((tab) => ({
    id: tab.id,
    label: tab.label,
    children: [{ type: "grid", columns: 2, children: tab.figures }],
  }));
}
