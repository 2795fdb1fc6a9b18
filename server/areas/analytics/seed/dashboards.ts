/**
 * The demo's saved reports and the dashboards made of them: the executive,
 * operations, sales and legal dashboards and executive reporting, each shown on
 * its catalogue screen. Acme's administrator owns them and shares them; every
 * reader sees each card computed with their own permissions (a salesperson's
 * executive dashboard says which figures they may not read). The legal dashboard
 * holds the regulatory obligations today; contracts join it with their records
 * (issue 30), and the HR dashboard comes with employees and leave (issue 31).
 */
import type { Queryable } from "../../../db/database.ts";
import type { QueryRequest } from "../../../../schemas/records/query.ts";
import { ORG_ADMINS, ORGS } from "../../../db/seed/demo-people.ts";

interface SeedReport {
  id: string;
  name: string;
  type: string;
  chart: "table" | "bar" | "line" | "pie" | "number";
  query: QueryRequest;
  description: string;
}

const count = { fn: "count" as const, as: "count" };

const REPORTS: SeedReport[] = [
  {
    id: "rpt_revenue_by_month",
    name: "Revenue by month",
    type: "invoice",
    chart: "line",
    description: "Invoiced totals of the last twelve months.",
    query: {
      filters: [{ field: "issue_date", op: "gte", value: "@start_of_month-11" }],
      group_by: [{ field: "issue_date", bucket: "month" }],
      aggregates: [{ fn: "sum", field: "grand_total", as: "sum_grand_total" }],
      sort: [{ field: "issue_date", dir: "asc" }],
    },
  },
  {
    id: "rpt_outstanding_by_client",
    name: "Outstanding by client",
    type: "invoice",
    chart: "bar",
    description: "What each client still owes.",
    query: {
      filters: [{ field: "outstanding", op: "gt", value: 0 }],
      group_by: [{ field: "client" }],
      aggregates: [{ fn: "sum", field: "outstanding", as: "sum_outstanding" }],
      sort: [{ field: "sum_outstanding", dir: "desc" }],
    },
  },
  {
    id: "rpt_invoices_by_status",
    name: "Invoices by status",
    type: "invoice",
    chart: "pie",
    description: "How many invoices are paid, unpaid or overdue.",
    query: { group_by: [{ field: "status" }], aggregates: [count] },
  },
  {
    id: "rpt_outstanding_total",
    name: "Outstanding invoices total",
    type: "invoice",
    chart: "number",
    description: "What clients owe in all, on every unpaid or partly paid invoice.",
    query: {
      filters: [{ field: "outstanding", op: "gt", value: 0 }],
      aggregates: [{ fn: "sum", field: "outstanding", as: "sum_outstanding" }],
    },
  },
  {
    id: "rpt_overdue_invoices_total",
    name: "Overdue invoices total",
    type: "invoice",
    chart: "number",
    description: "What clients owe on invoices past their due date.",
    query: {
      filters: [{ field: "status", op: "eq", value: "overdue" }],
      aggregates: [{ fn: "sum", field: "outstanding", as: "sum_outstanding" }],
    },
  },
  {
    id: "rpt_pipeline_by_stage",
    name: "Pipeline by stage",
    type: "lead",
    chart: "bar",
    description: "Estimated value of the leads in each stage.",
    query: {
      group_by: [{ field: "stage" }],
      aggregates: [{ fn: "sum", field: "estimated_value", as: "sum_estimated_value" }],
    },
  },
  {
    id: "rpt_open_pipeline",
    name: "Open pipeline value",
    type: "lead",
    chart: "number",
    description: "Estimated value of the leads neither won nor lost.",
    query: {
      filters: [{ field: "stage", op: "not_in", value: ["won", "lost"] }],
      aggregates: [{ fn: "sum", field: "estimated_value", as: "sum_estimated_value" }],
    },
  },
  {
    id: "rpt_leads_by_source",
    name: "Leads by source",
    type: "lead",
    chart: "pie",
    description: "Where the leads come from.",
    query: { group_by: [{ field: "source" }], aggregates: [count] },
  },
  {
    id: "rpt_new_leads_by_month",
    name: "New leads by month",
    type: "lead",
    chart: "line",
    description: "Leads created in each of the last twelve months.",
    query: {
      filters: [{ field: "created_at", op: "gte", value: "@start_of_month-11" }],
      group_by: [{ field: "created_at", bucket: "month" }],
      aggregates: [count],
      sort: [{ field: "created_at", dir: "asc" }],
    },
  },
  {
    id: "rpt_active_projects",
    name: "Active projects",
    type: "project",
    chart: "number",
    description: "Projects under way.",
    query: { filters: [{ field: "status", op: "eq", value: "active" }], aggregates: [count] },
  },
  {
    id: "rpt_projects_by_status",
    name: "Projects by status",
    type: "project",
    chart: "pie",
    description: "Projects planned, active, on hold and completed.",
    query: { group_by: [{ field: "status" }], aggregates: [count] },
  },
  {
    id: "rpt_tasks_by_status",
    name: "Tasks by status",
    type: "task",
    chart: "bar",
    description: "Open and finished tasks across projects.",
    query: { group_by: [{ field: "status" }], aggregates: [count] },
  },
  {
    id: "rpt_overdue_tasks",
    name: "Overdue tasks",
    type: "task",
    chart: "number",
    description: "Tasks past their due date and not completed.",
    query: {
      filters: [
        { field: "due_date", op: "lt", value: "@today" },
        { field: "status", op: "ne", value: "completed" },
      ],
      aggregates: [count],
    },
  },
  {
    id: "rpt_tasks_due_soon",
    name: "Tasks due in the next two weeks",
    type: "task",
    chart: "table",
    description: "Open tasks due from today to two weeks ahead.",
    query: {
      columns: ["title", "project", "assignee", "due_date"],
      filters: [
        { field: "due_date", op: "between", value: ["@today", "@today+14"] },
        { field: "status", op: "ne", value: "completed" },
      ],
      sort: [{ field: "due_date", dir: "asc" }],
      limit: 20,
    },
  },
  {
    id: "rpt_automation_runs_week",
    name: "Automation runs this week",
    type: "automation_run",
    chart: "number",
    description: "Rule runs started in the last 7 days.",
    query: {
      filters: [{ field: "started_at", op: "gte", value: "@today-7" }],
      aggregates: [count],
    },
  },
  {
    id: "rpt_automation_by_rule",
    name: "Runs by rule",
    type: "automation_run",
    chart: "bar",
    description: "Which rules ran in the last 30 days, and how often.",
    query: {
      filters: [{ field: "started_at", op: "gte", value: "@today-30" }],
      group_by: [{ field: "rule" }],
      aggregates: [count],
      sort: [{ field: "count", dir: "desc" }],
    },
  },
  {
    id: "rpt_automation_failed",
    name: "Failed runs",
    type: "automation_run",
    chart: "table",
    description: "Runs that failed, newest first: open one to see why and retry it.",
    query: {
      filters: [{ field: "status", op: "eq", value: "failed" }],
      columns: ["reference", "rule", "record_name", "error", "started_at"],
      sort: [{ field: "started_at", dir: "desc" }],
      limit: 20,
    },
  },
  {
    id: "rpt_automation_by_status",
    name: "Runs by status",
    type: "automation_run",
    chart: "pie",
    description: "How many runs succeeded, failed, were skipped or wait.",
    query: { group_by: [{ field: "status" }], aggregates: [count] },
  },
  {
    id: "rpt_obligations_overdue",
    name: "Overdue obligations",
    type: "compliance_item",
    chart: "number",
    description: "Open regulatory obligations past their due date.",
    query: {
      filters: [
        { field: "status", op: "in", value: ["open", "in_progress"] },
        { field: "due_date", op: "lt", value: "@today" },
      ],
      aggregates: [count],
    },
  },
  {
    id: "rpt_obligations_due_soon",
    name: "Obligations due in the next 30 days",
    type: "compliance_item",
    chart: "table",
    description: "Open filings and renewals falling due from today to a month ahead.",
    query: {
      columns: ["title", "authority", "owner", "due_date"],
      filters: [
        { field: "status", op: "in", value: ["open", "in_progress"] },
        { field: "due_date", op: "between", value: ["@today", "@today+30"] },
      ],
      sort: [{ field: "due_date", dir: "asc" }],
      limit: 20,
    },
  },
  {
    id: "rpt_obligations_by_category",
    name: "Open obligations by kind",
    type: "compliance_item",
    chart: "bar",
    description: "Where the open regulatory load lies: tax, payroll, licences, data protection.",
    query: {
      filters: [{ field: "status", op: "in", value: ["open", "in_progress"] }],
      group_by: [{ field: "category" }],
      aggregates: [count],
      sort: [{ field: "count", dir: "desc" }],
    },
  },
  {
    id: "rpt_obligations_by_status",
    name: "Obligations by status",
    type: "compliance_item",
    chart: "pie",
    description: "How many obligations are open, in progress, done or waived.",
    query: { group_by: [{ field: "status" }], aggregates: [count] },
  },
];

type Width = "narrow" | "wide" | "full";

interface SeedDashboard {
  id: string;
  name: string;
  screen: string;
  description: string;
  /** Who it is shared with: everyone, or these roles. */
  roles?: string[];
  cards: [string, Width][];
}

const DASHBOARDS: SeedDashboard[] = [
  {
    id: "dsh_executive",
    name: "Executive",
    screen: "executive-dashboard",
    description: "Revenue, receivables, pipeline and delivery at a glance.",
    cards: [
      ["rpt_revenue_by_month", "wide"],
      ["rpt_open_pipeline", "narrow"],
      ["rpt_outstanding_by_client", "wide"],
      ["rpt_active_projects", "narrow"],
      ["rpt_pipeline_by_stage", "wide"],
      ["rpt_invoices_by_status", "narrow"],
    ],
  },
  {
    id: "dsh_executive_reporting",
    name: "Executive reporting",
    screen: "executive-reporting",
    description: "The figures the leadership reviews each month.",
    cards: [
      ["rpt_revenue_by_month", "full"],
      ["rpt_invoices_by_status", "narrow"],
      ["rpt_outstanding_by_client", "wide"],
      ["rpt_projects_by_status", "narrow"],
      ["rpt_new_leads_by_month", "wide"],
    ],
  },
  {
    id: "dsh_operations",
    name: "Operations",
    screen: "operations-dashboard",
    description: "Delivery across all projects.",
    roles: ["firm_admin", "project_manager"],
    cards: [
      ["rpt_overdue_tasks", "narrow"],
      ["rpt_active_projects", "narrow"],
      ["rpt_projects_by_status", "narrow"],
      ["rpt_tasks_by_status", "wide"],
      ["rpt_tasks_due_soon", "full"],
    ],
  },
  {
    id: "dsh_sales",
    name: "Sales",
    screen: "sales-dashboard",
    description: "The pipeline and where leads come from.",
    roles: ["firm_admin", "sales"],
    cards: [
      ["rpt_open_pipeline", "narrow"],
      ["rpt_pipeline_by_stage", "wide"],
      ["rpt_leads_by_source", "narrow"],
      ["rpt_new_leads_by_month", "wide"],
    ],
  },
  {
    id: "dsh_automation",
    name: "Automation",
    screen: "automation",
    description: "What the rules did lately, which ran most, and what failed.",
    roles: ["firm_admin"],
    cards: [
      ["rpt_automation_runs_week", "narrow"],
      ["rpt_automation_by_rule", "wide"],
      ["rpt_automation_failed", "full"],
      ["rpt_automation_by_status", "narrow"],
    ],
  },
  {
    id: "dsh_legal",
    name: "Legal",
    screen: "legal-dashboard",
    description:
      "Regulatory obligations: what is overdue, what falls due next, and where the load is.",
    roles: ["firm_admin"],
    cards: [
      ["rpt_obligations_overdue", "narrow"],
      ["rpt_obligations_by_category", "wide"],
      ["rpt_obligations_due_soon", "full"],
      ["rpt_obligations_by_status", "narrow"],
    ],
  },
];

/** Seeds the demo's saved reports and dashboards (Acme's). */
export async function seedDashboards(tx: Queryable, today: number): Promise<void> {
  const org = ORGS.acme.id;
  const owner = ORG_ADMINS.acme;
  const at = new Date(today - 30 * 86_400_000).toISOString();
  for (const r of REPORTS) {
    await tx.run(
      `INSERT INTO saved_reports (id, organization_id, name, created_at, created_by, updated_at, updated_by,
         description, record_type, definition, chart, sharing)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'organization')`,
      [
        r.id,
        org,
        r.name,
        at,
        owner,
        at,
        owner,
        r.description,
        r.type,
        JSON.stringify(r.query),
        r.chart,
      ],
    );
  }
  for (const d of DASHBOARDS) {
    await tx.run(
      `INSERT INTO dashboards (id, organization_id, name, created_at, created_by, updated_at, updated_by,
         description, screen, sharing)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        d.id,
        org,
        d.name,
        at,
        owner,
        at,
        owner,
        d.description,
        d.screen,
        d.roles ? "roles" : "organization",
      ],
    );
    for (const [idx, [report, width]] of d.cards.entries()) {
      await tx.run(
        `INSERT INTO dashboard_cards (id, organization_id, dashboard_id, idx, report_id, width)
         VALUES (?, ?, ?, ?, ?, ?)`,
        [`${d.id}.${idx}`, org, d.id, idx, report, width],
      );
    }
    for (const [idx, role] of (d.roles ?? []).entries()) {
      await tx.run(
        `INSERT INTO dashboard_roles (id, organization_id, dashboard_id, idx, role) VALUES (?, ?, ?, ?, ?)`,
        [`${d.id}.r${idx}`, org, d.id, idx, role],
      );
    }
  }
}
