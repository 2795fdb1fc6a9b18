/**
 * The budget screens that are not record lists: dashboard, tracking, analytics,
 * reports and items. Each binds to the budget figures (`/budget/standings`,
 * `/budget/tracking`), which come from the one definition of budget actuals:
 * committed (approved claims not yet paid) and consumed (paid claims) against
 * what each budget sets aside. The budget, template and approval lists are the
 * record screens of the budget and budget template types.
 */
import type { Node, ScreenDescriptor, Source } from "../../../schemas/descriptor/mod.ts";
import { findModule } from "../../platform/catalogue/module-definitions.ts";
import { head, type ScreenDef } from "./screen-def.ts";

const BUDGET_STATUS = {
  draft: "Draft",
  pending_approval: "Pending approval",
  approved: "Approved",
  rejected: "Rejected",
};
const ON_EXCESS = { stop: "Stop", warn: "Warn" };
const SCOPE = { project: "Project", category: "Expense category" };

const STANDINGS: Source = {
  method: "POST",
  path: "/budget/standings",
  body: {},
  follows: ["budget", "expense"],
  label: "Budgets",
  errorText: "Could not load the budgets",
  emptyText: "No budgets yet",
};

function tracking(body: Source["body"] = {}): Source {
  return {
    method: "POST",
    path: "/budget/tracking",
    body,
    follows: ["budget", "expense"],
    label: "Budget tracking",
    errorText: "Could not load budget tracking",
    emptyText: "No budget items yet",
  };
}

/** Used share of a budget: green below 75 %, amber to 100 %, red past it. */
const USED_TONE = {
  $rule: {
    value: { $field: "percent_used" },
    thresholds: [
      { min: 100, exclusive: true, tone: "danger" as const },
      { min: 75, tone: "warning" as const },
    ],
    otherwise: "success" as const,
  },
};

function money(label: string, key: string): Node {
  return {
    type: "stat",
    label,
    value: { $bind: "standings", path: `summary.${key}`, format: "currency" },
  };
}

const MONTHLY_CHART: Node = {
  type: "line-chart",
  source: "tracking",
  path: "months",
  x: "month",
  labelEvery: 2,
  title: "Budget against actuals per month",
  series: [
    { key: "budget", label: "Budget", tone: "neutral", dashed: true },
    { key: "actual", label: "Committed + consumed", tone: "warning" },
    { key: "consumed", label: "Consumed", tone: "success" },
  ],
  emptyText: "No budget items yet",
};

const STANDING_COLUMNS = [
  { key: "name", label: "Budget", sortable: true },
  { key: "title", label: "Title", sortable: true },
  { key: "scope", label: "For", labels: SCOPE },
  { key: "project_name", label: "Project", fallback: "—" },
  { key: "category_label", label: "Category" },
  { key: "period_start", label: "From", format: "date" as const, sortable: true },
  { key: "period_end", label: "To", format: "date" as const },
  {
    key: "total",
    label: "Budget",
    format: "currency" as const,
    align: "end" as const,
    sortable: true,
  },
  { key: "committed", label: "Committed", format: "currency" as const, align: "end" as const },
  { key: "consumed", label: "Consumed", format: "currency" as const, align: "end" as const },
  {
    key: "remaining",
    label: "Remaining",
    format: "currency" as const,
    align: "end" as const,
    sortable: true,
  },
  {
    key: "percent_used",
    label: "Used",
    format: "percent" as const,
    align: "end" as const,
    sortable: true,
    tone: USED_TONE,
  },
];

const OPEN_BUDGET = { kind: "navigate" as const, to: "/app/budget/{id}" };

const LINE_COLUMNS = [
  { key: "month", label: "Month", sortable: true },
  { key: "budget_title", label: "Budget", sortable: true },
  { key: "category_label", label: "Category", fallback: "Any" },
  { key: "amount", label: "Budget", format: "currency" as const, align: "end" as const },
  { key: "committed", label: "Committed", format: "currency" as const, align: "end" as const },
  { key: "consumed", label: "Consumed", format: "currency" as const, align: "end" as const },
  {
    key: "remaining",
    label: "Remaining",
    format: "currency" as const,
    align: "end" as const,
    sortable: true,
    tone: {
      $rule: {
        value: { $field: "remaining" },
        thresholds: [{ min: 0, tone: "success" as const }],
        otherwise: "danger" as const,
      },
    },
  },
];

function page(
  id: string,
  sources: Record<string, Source>,
  children: Node[],
  extra: Partial<ScreenDescriptor> = {},
): ScreenDescriptor {
  const module = findModule(id)!;
  return {
    ...head(id, module.name, "dynamic"),
    sources,
    ...extra,
    body: { type: "page", title: module.name, description: module.description, children },
  };
}

function download(label: string, source: string, path: string, filename: string): Node {
  return {
    type: "button",
    label,
    variant: "ghost",
    action: { kind: "download", source, path, filename, format: "csv" },
  };
}

function dashboard(): ScreenDescriptor {
  return page("budget-dashboard", { standings: STANDINGS, tracking: tracking() }, [
    {
      type: "grid",
      columns: 4,
      children: [
        money("Budgeted", "total"),
        money("Committed", "committed"),
        money("Consumed", "consumed"),
        money("Remaining", "remaining"),
        {
          type: "stat",
          label: "Used",
          value: { $bind: "standings", path: "summary.percent_used", format: "percent" },
          hint: "Committed and consumed against approved budgets",
        },
        {
          type: "stat",
          label: "Near their limit",
          value: { $bind: "standings", path: "summary.near_limit", format: "integer" },
          hint: "90 % used or more",
          to: "/app/budget-analytics",
        },
        {
          type: "stat",
          label: "Over budget",
          value: { $bind: "standings", path: "summary.over", format: "integer" },
          to: "/app/budget-analytics",
        },
        {
          type: "stat",
          label: "Waiting for approval",
          value: { $bind: "standings", path: "summary.pending_approval", format: "integer" },
          to: "/app/budget-approval",
        },
      ],
    },
    { type: "card", title: "Per month", children: [MONTHLY_CHART] },
    {
      type: "card",
      title: "Budgets",
      children: [{
        type: "table",
        source: "standings",
        path: "budgets",
        columns: STANDING_COLUMNS.filter((c) =>
          ["name", "title", "total", "committed", "consumed", "remaining", "percent_used"].includes(
            c.key,
          )
        ),
        defaultSort: { key: "percent_used", direction: "desc" },
        rowAction: OPEN_BUDGET,
        emptyText: "No budgets yet",
      }],
    },
  ]);
}

function trackingScreen(): ScreenDescriptor {
  return page(
    "budget-tracking",
    { standings: STANDINGS, tracking: tracking({ budget_id: { $state: "budget_id" } }) },
    [
      {
        type: "card",
        title: "Budget",
        children: [
          {
            type: "button",
            label: "All approved budgets",
            variant: "secondary",
            action: { kind: "set-state", values: {}, clear: ["budget_id"] },
          },
          {
            type: "selectable-list",
            source: "standings",
            path: "budgets",
            title: { $field: "title" },
            meta: [{ $field: "name" }, { $field: "status", labels: BUDGET_STATUS }],
            onSelect: { kind: "set-state", values: { budget_id: { $field: "id" } } },
            selectedState: "budget_id",
            maxHeight: "14rem",
            emptyText: "No budgets yet",
          },
        ],
      },
      {
        type: "card",
        title: "Budget against committed and consumed",
        subtitle: "Every approved budget, or the one chosen",
        children: [MONTHLY_CHART],
      },
      {
        type: "card",
        title: "Per month and line",
        children: [{
          type: "table",
          source: "tracking",
          path: "lines",
          columns: LINE_COLUMNS,
          pageSize: 24,
          emptyText: "No budget items yet",
        }],
      },
    ],
    { state: { budget_id: null }, urlState: ["budget_id"] },
  );
}

function analytics(): ScreenDescriptor {
  return page("budget-analytics", { standings: STANDINGS, tracking: tracking() }, [
    {
      type: "card",
      title: "Share used per budget",
      children: [{
        type: "bar-chart",
        source: "standings",
        path: "budgets",
        x: "title",
        y: "percent_used",
        title: "Committed and consumed, % of budget",
        tone: "warning",
        emptyText: "No budgets yet",
      }],
    },
    {
      type: "grid",
      columns: 2,
      children: [
        {
          type: "card",
          title: "Budgeted per expense category",
          children: [{
            type: "bar-chart",
            source: "standings",
            path: "by_category",
            x: "category_label",
            y: "total",
            title: "Approved category budgets",
            emptyText: "No category budgets yet",
          }],
        },
        { type: "card", title: "Per month", children: [MONTHLY_CHART] },
      ],
    },
    {
      type: "card",
      title: "Where budgets over- or under-run",
      children: [{
        type: "table",
        source: "standings",
        path: "budgets",
        columns: STANDING_COLUMNS.filter((c) =>
          !["scope", "period_start", "period_end"].includes(c.key)
        ),
        defaultSort: { key: "percent_used", direction: "desc" },
        rowAction: OPEN_BUDGET,
        emptyText: "No budgets yet",
      }],
    },
  ]);
}

function reports(): ScreenDescriptor {
  return page("budget-reports", { standings: STANDINGS }, [
    {
      type: "card",
      title: "Budgets against actuals",
      children: [
        download("Download CSV", "standings", "budgets", "budget-report.csv"),
        {
          type: "table",
          source: "standings",
          path: "budgets",
          columns: [
            ...STANDING_COLUMNS,
            { key: "action_on_excess", label: "When exceeded", labels: ON_EXCESS },
            { key: "status", label: "Status", labels: BUDGET_STATUS },
          ],
          searchable: true,
          rowAction: OPEN_BUDGET,
          emptyText: "No budgets yet",
        },
      ],
    },
    {
      type: "card",
      title: "By expense category",
      children: [
        download("Download CSV", "standings", "by_category", "budget-by-category.csv"),
        {
          type: "table",
          source: "standings",
          path: "by_category",
          columns: [
            { key: "category_label", label: "Category", sortable: true },
            { key: "total", label: "Budget", format: "currency", align: "end", sortable: true },
            { key: "committed", label: "Committed", format: "currency", align: "end" },
            { key: "consumed", label: "Consumed", format: "currency", align: "end" },
          ],
          emptyText: "No category budgets yet",
        },
      ],
    },
  ]);
}

function items(): ScreenDescriptor {
  return page("budget-items", { tracking: tracking() }, [
    {
      type: "card",
      title: "Lines of the approved budgets",
      children: [
        download("Download CSV", "tracking", "lines", "budget-items.csv"),
        {
          type: "table",
          source: "tracking",
          path: "lines",
          columns: LINE_COLUMNS,
          pageSize: 36,
          searchable: true,
          groupBy: "budget_title",
          rowAction: { kind: "navigate", to: "/app/budget/{budget_id}" },
          emptyText: "No budget items yet",
        },
      ],
    },
  ]);
}

function def(id: string, build: () => ScreenDescriptor): ScreenDef {
  return { id, audience: "staff", module: id, build };
}

/** The budget screens besides the record lists. */
export const BUDGET_SCREENS: ScreenDef[] = [
  def("budget-dashboard", dashboard),
  def("budget-tracking", trackingScreen),
  def("budget-analytics", analytics),
  def("budget-reports", reports),
  def("budget-items", items),
];
