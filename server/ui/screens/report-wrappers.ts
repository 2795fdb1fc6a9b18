/**
 * The report wrappers (reports/*): each first checks the organisation context —
 * the screen shows its loading state until `/organizations/current` answers — then
 * the report. Operations and sales reports show real figures (invoice and expense
 * reports are in finance-report-wrappers.ts); HRMS reports say what they will hold
 * until that area exists.
 */
import type { Node, ScreenDescriptor, Source } from "../../../schemas/descriptor/mod.ts";
import { findModule } from "../../platform/catalogue/module-definitions.ts";
import { head, type ScreenContext, type ScreenDef } from "./screen-def.ts";
import { fieldLabels, LEAD_STAGE, PROJECT_STATUS } from "../record-labels.ts";
import { LEAD } from "../../areas/sales/types/lead.ts";

const ORGANIZATION: Source = {
  method: "POST",
  path: "/organizations/current",
  body: {},
  critical: true,
  label: "Organization",
  errorText: "Could not check your organization",
};

/** A report wrapper screen: the organisation check, then the report's children. */
export function reportWrapper(
  id: string,
  ctx: ScreenContext,
  sources: Record<string, Source>,
  children: Node[],
  options: { typeLabel?: string } = {},
): ScreenDescriptor {
  const module = findModule(id)!;
  const type = ctx.params.reportType;
  return {
    ...head(id, module.name, "dynamic"),
    sources: { organization: ORGANIZATION, ...sources },
    loading: { title: "Loading report", text: "Checking your organization..." },
    errorPanel: {
      title: "Error Loading Report",
      text: "The report could not be loaded.",
      retryLabel: "Retry",
    },
    body: {
      type: "page",
      title: module.name,
      description: module.description,
      children: [
        {
          type: "text",
          variant: "muted",
          text: { $bind: "organization", path: "organization.name", prefix: "Organization: " },
        },
        ...(type
          ? [
            {
              type: "badge",
              text: `Report type: ${options.typeLabel ?? type}`,
              tone: "info",
            } as Node,
          ]
          : []),
        ...children,
      ],
    },
  };
}

const operations: ScreenDef = {
  id: "reports/operations-reports",
  audience: "staff",
  module: "reports/operations-reports",
  build: (ctx) =>
    reportWrapper("reports/operations-reports", ctx, {
      report: {
        method: "POST",
        path: "/reports/operations",
        body: { report_type: ctx.params.reportType ?? "summary" },
        select: "data",
        label: "Operations report",
      },
    }, [
      {
        type: "grid",
        columns: 4,
        children: [
          {
            type: "stat",
            label: "Projects",
            value: { $bind: "report", path: "summary.projects_total", format: "integer" },
          },
          {
            type: "stat",
            label: "Average progress",
            value: { $bind: "report", path: "summary.average_progress", format: "percent" },
          },
          {
            type: "stat",
            label: "Overdue tasks",
            value: { $bind: "report", path: "summary.tasks_overdue", format: "integer" },
          },
          {
            type: "stat",
            label: "Behind schedule",
            value: { $bind: "report", path: "summary.projects_behind_schedule", format: "integer" },
          },
        ],
      },
      {
        type: "table",
        source: "report",
        path: "projects",
        columns: [
          { key: "name", label: "Project", sortable: true },
          { key: "client_name", label: "Client", fallback: "Internal" },
          { key: "status", label: "Status", sortable: true, labels: PROJECT_STATUS },
          {
            key: "progress_percentage",
            label: "Progress",
            format: "percent",
            align: "end",
            sortable: true,
          },
          {
            key: "schedule_progress_percentage",
            label: "Time elapsed",
            format: "percent",
            align: "end",
          },
          {
            key: "is_on_schedule",
            label: "Schedule",
            text: {
              $text: {
                value: { $field: "is_on_schedule" },
                cases: { true: "On Schedule" },
                otherwise: "Behind Schedule",
              },
            },
            tone: {
              $match: {
                value: { $field: "is_on_schedule" },
                cases: { true: "success" },
                otherwise: "danger",
              },
            },
          },
          { key: "end_date", label: "Planned end", format: "date", sortable: true },
        ],
        emptyText: "No projects",
      },
    ]),
};

const sales: ScreenDef = {
  id: "reports/sales-reports",
  audience: "staff",
  module: "reports/sales-reports",
  build: (ctx) =>
    reportWrapper("reports/sales-reports", ctx, {
      report: {
        method: "POST",
        path: "/reports/sales",
        body: { report_type: ctx.params.reportType ?? "summary" },
        select: "data",
        label: "Sales report",
      },
    }, [
      {
        type: "grid",
        columns: 4,
        children: [
          {
            type: "stat",
            label: "Leads",
            value: { $bind: "report", path: "summary.total_leads", format: "integer" },
          },
          {
            type: "stat",
            label: "Conversion rate",
            value: { $bind: "report", path: "summary.conversion_rate", format: "percent" },
          },
          {
            type: "stat",
            label: "Pipeline value",
            value: { $bind: "report", path: "summary.pipeline_value", format: "currency" },
          },
          {
            type: "stat",
            label: "Won value",
            value: { $bind: "report", path: "summary.won_value", format: "currency" },
          },
        ],
      },
      {
        type: "grid",
        columns: 2,
        children: [
          {
            type: "table",
            source: "report",
            path: "by_stage",
            caption: "By stage",
            columns: [
              { key: "stage", label: "Stage", labels: LEAD_STAGE },
              { key: "leads", label: "Leads", format: "integer", align: "end" },
              { key: "value", label: "Value", format: "currency", align: "end" },
            ],
            emptyText: "No leads",
          },
          {
            type: "table",
            source: "report",
            path: "by_source",
            caption: "By source",
            columns: [
              { key: "source", label: "Source", labels: fieldLabels(LEAD, "source", ctx.lists) },
              { key: "leads", label: "Leads", format: "integer", align: "end" },
              { key: "conversion_rate", label: "Conversion", format: "percent", align: "end" },
            ],
            emptyText: "No leads",
          },
        ],
      },
      {
        type: "table",
        source: "report",
        path: "by_owner",
        caption: "By owner",
        columns: [
          { key: "user_name", label: "Owner" },
          { key: "leads", label: "Leads", format: "integer", align: "end" },
          { key: "won", label: "Won", format: "integer", align: "end" },
          { key: "pipeline_value", label: "Pipeline", format: "currency", align: "end" },
        ],
        emptyText: "No leads",
      },
    ]),
};

function pending(id: string, area: string): ScreenDef {
  return {
    id,
    audience: "staff",
    module: id,
    build: (ctx) =>
      reportWrapper(id, ctx, {}, [{
        type: "empty-state",
        title: `${area} reports arrive with the ${area} area`,
        text:
          `Once ${area.toLowerCase()} records are kept in Opsuite, this report lists them by type and period.`,
      }]),
  };
}

/** The report wrapper screens. */
export const REPORT_WRAPPER_SCREENS: ScreenDef[] = [
  operations,
  sales,
  pending("reports/hrms-reports", "HRMS"),
];
