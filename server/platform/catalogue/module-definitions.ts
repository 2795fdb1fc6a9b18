/**
 * The module catalogue: one navigation module item for every static /app route of
 * spec §2. An item's id is its path under /app, so `/app/{id}` opens it. Routes
 * with parameters (lead-detail/:id, proposals/edit/:id, …) belong to the module
 * named in `PARAMETER_ROUTES`. `endpoints` lists the API paths the module owns
 * (`*` matches one path segment); the server refuses them when `authorize` refuses
 * the caller the module's read (module-guard.ts).
 */
import type { Category } from "./categories.ts";

/** One catalogue entry as defined in code (enablement is per organisation). */
export interface ModuleDefinition {
  id: string;
  name: string;
  category: Category;
  description: string;
  icon: string;
  endpoints: string[];
  readPermissionId: string;
  /** Only firm_admin may open the screen (spec §5). */
  adminOnly: boolean;
  /** The screen is loaded lazily by the client (spec §2). */
  lazy: boolean;
}

type Row = [id: string, name: string, icon: string, description: string, endpoints?: string[]];

const ADMIN_ONLY = new Set([
  "users",
  "rbac",
  "audit",
  "settings",
  "organizations",
  "organization-management",
  "type-masters",
]);

const LAZY = new Set([
  "sales-dashboard",
  "operations-dashboard",
  "finance-dashboard",
  "legal-dashboard",
  "item-master",
  "my-tasks",
  "upcoming-tasks",
  "proposal-templates/create",
  "workflow-management",
  "project-workflows",
  "bulk-task-assignment",
  "hrms",
  "hrms-dashboard",
  "budget-dashboard",
  "budget-templates",
  "budget-approval",
  "budget-tracking",
]);

const CATALOGUE: Record<Category, Row[]> = {
  Core: [
    [
      "dashboard",
      "Dashboard",
      "house",
      "Your firm at a glance: open work, projects, leads and alerts.",
      [
        "/dashboard/summary",
      ],
    ],
    [
      "task-status-management",
      "Task Status Management",
      "columns-2",
      "Define and move tasks through their statuses.",
    ],
    [
      "tasks",
      "Tasks",
      "square-check-big",
      "Every task of the organisation with project, assignee and due date.",
      [
        "/tasks/list-with-details",
      ],
    ],
    ["my-tasks", "My Tasks", "user-check", "Tasks assigned to you, by due date."],
    ["upcoming-tasks", "Upcoming Tasks", "clock", "Tasks due in the coming days."],
    [
      "bulk-task-assignment",
      "Bulk Task Assignment",
      "users",
      "Assign many tasks to people at once.",
    ],
    ["item-master", "Item Master", "package", "Products and services you sell or use."],
    ["task-dependencies", "Task Dependencies", "git-branch", "Which tasks block which."],
    ["milestones", "Milestones", "flag", "Project milestones and their dates."],
    ["time-tracking", "Time Tracking", "timer", "Hours logged against tasks and projects."],
    ["notifications", "Notifications", "bell", "Everything that needs your attention.", [
      "/notifications",
      "/notifications/",
      "/notifications/mark-read",
    ]],
    ["calendar", "Calendar", "calendar", "Task due dates and milestones on a calendar.", [
      "/calendar/events",
    ]],
    ["profile", "My Profile", "user", "Your name, email and preferences."],
  ],
  Sales: [
    ["leads", "Leads", "target", "Prospects in your pipeline with source, stage and score.", [
      "/leads",
      "/api/leads/stats",
      "/api/leads/*/assignments",
      "/api/assignments",
    ]],
    ["lead-sources", "Lead Sources", "share-2", "Where your leads come from."],
    [
      "sales-dashboard",
      "Sales Dashboard",
      "trending-up",
      "Pipeline value, conversion and activity.",
    ],
    ["lead-assignment", "Lead Assignment", "user-plus", "Who owns which lead."],
    ["lead-assignment/bulk", "Bulk Lead Assignment", "users", "Assign many leads at once."],
    [
      "lead-assignment/rules",
      "Assignment Rules",
      "sliders-vertical",
      "Rules that route new leads to people.",
    ],
    ["my-leads", "My Leads", "star", "Leads assigned to you."],
    ["lead-activity", "Lead Activity", "activity", "Calls, emails and meetings with leads."],
    ["lead-scoring", "Lead Scoring", "award", "How leads are scored."],
    ["duplicate-detection", "Duplicate Detection", "copy", "Find and merge duplicate leads."],
    ["lead-nurturing", "Lead Nurturing", "droplet", "Sequences that keep leads warm."],
    ["lead-workflow", "Lead Workflow", "git-merge", "Stages a lead moves through."],
    ["lead-analytics", "Lead Analytics", "chart-pie", "Conversion by source and stage."],
    ["executive-dashboard", "Executive Dashboard", "briefcase", "Figures for the leadership team."],
    [
      "sales-forecasting",
      "Sales Forecasting",
      "chart-no-axes-column",
      "Expected revenue from the pipeline.",
    ],
    ["competitive-intelligence", "Competitive Intelligence", "eye", "What competitors are doing."],
    [
      "competitor-management",
      "Competitor Management",
      "shield",
      "Competitors and how you win against them.",
    ],
    ["activity-logger", "Activity Logger", "pen-line", "Log a sales activity quickly."],
    ["insights-manager", "Insights Manager", "zap", "Insights gathered from sales work."],
    [
      "strategic-account-planning",
      "Strategic Account Planning",
      "map",
      "Plans for your key accounts.",
    ],
    [
      "leadership-development",
      "Leadership Development",
      "compass",
      "Growth plans for sales leaders.",
    ],
    ["executive-reporting", "Executive Reporting", "file-text", "Reports for executives."],
  ],
  Finance: [
    ["invoices", "Invoices", "file-text", "Invoices sent to clients and their status."],
    [
      "finance-dashboard",
      "Finance Dashboard",
      "dollar-sign",
      "Revenue, expenses and cash at a glance.",
      ["/api/finance/dashboard"],
    ],
    ["expenses", "Expenses", "credit-card", "Spending by category and project."],
    ["payments", "Payments", "repeat", "Payments received and made."],
    ["tax", "Tax", "percent", "Tax rates and filings."],
    ["compliance", "Compliance", "circle-check-big", "Compliance items and their state.", [
      "/api/compliance",
    ]],
    ["budget", "Budget", "chart-pie", "Budgets of the organisation."],
    [
      "budget-dashboard",
      "Budget Dashboard",
      "chart-no-axes-column-increasing",
      "Budget against actuals.",
    ],
    ["budget-management", "Budget Management", "folder", "Create and change budgets."],
    ["budget-items", "Budget Items", "list", "Lines of each budget."],
    ["budget-analytics", "Budget Analytics", "trending-down", "Where budgets over- or under-run."],
    ["budget-reports", "Budget Reports", "file", "Budget reports for a period."],
    ["budget-templates", "Budget Templates", "panels-top-left", "Reusable budget structures."],
    ["budget-approval", "Budget Approval", "thumbs-up", "Budgets waiting for approval."],
    ["budget-tracking", "Budget Tracking", "crosshair", "Spending against budget over time."],
  ],
  Operations: [
    ["clients", "Clients", "briefcase", "The firm's clients and their contacts.", [
      "/clients/list",
      "/clients/messages/recent",
      "/clients/messages/send",
      "/clients/portal-users",
      "/clients/portal-invite",
      "/clients/portal-revoke",
    ]],
    ["proposals", "Proposals", "file-plus", "Proposals sent to clients and leads."],
    ["proposals/new", "New Proposal", "square-plus", "Write a new proposal."],
    ["proposal-templates", "Proposal Templates", "copy", "Templates for proposals."],
    [
      "proposal-templates/create",
      "Create Proposal Template",
      "plus",
      "Make a new proposal template.",
    ],
    ["projects", "Projects", "folder", "Projects with status, client, manager and dates.", [
      "/projects/list",
      "/projects/calculate-progress",
      "/projects/compare-progress",
      "/projects/*/velocity",
      "/projects/*/burndown",
      "/projects/*/health-score",
      "/projects/*/analytics",
      "/projects/*/update-progress",
      "/projects/*/forecast",
      "/projects/*/team-performance",
      "/projects/*/sprints/*/progress",
      "/projects/*/recalculate-metrics",
    ]],
    ["operations-dashboard", "Operations Dashboard", "monitor", "Delivery across all projects."],
    ["project-templates", "Project Templates", "layers", "Start projects from templates.", [
      "/project-templates/categories",
    ]],
    [
      "progress-analytics",
      "Progress Analytics",
      "trending-up",
      "Progress analytics of the sample project.",
    ],
    [
      "project-progress-analytics",
      "Project Progress Analytics",
      "activity",
      "Pick a project and analyse its progress.",
    ],
    ["workflow-management", "Workflow Management", "shuffle", "Workflows that projects follow."],
    ["project-workflows", "Project Workflows", "git-pull-request", "Assign workflows to projects."],
  ],
  Legal: [
    ["contracts", "Contracts", "file-text", "Contracts with clients and suppliers."],
    ["legal-dashboard", "Legal Dashboard", "shield", "Contracts expiring, approvals pending."],
    ["contract-templates", "Contract Templates", "copy", "Reusable contract templates."],
    ["contract-clauses", "Contract Clauses", "list", "A library of approved clauses."],
    ["contract-approvals", "Contract Approvals", "check", "Contracts waiting for approval."],
    ["legal-documents", "Legal Documents", "archive", "Signed and draft legal documents."],
    ["email-integration", "Email Integration", "mail", "Connect mailboxes to contracts."],
  ],
  Analytics: [
    [
      "analytics-dashboard",
      "Analytics Dashboard",
      "chart-no-axes-column",
      "Organisation-wide figures for a date range.",
      ["/api/v1/analytics/dashboard"],
    ],
    ["forecasting", "Forecasting", "trending-up", "Forecasts from your figures."],
    ["report-builder", "Report Builder", "wrench", "Build your own reports."],
    ["data-export", "Data Export", "download", "Export figures as CSV."],
    [
      "real-time-alerts",
      "Real-time Alerts",
      "triangle-exclamation-point",
      "Alerts when figures cross thresholds.",
    ],
    [
      "profitability-analysis",
      "Profitability Analysis",
      "dollar-sign",
      "Profit by project and client.",
    ],
    ["lead-conversion", "Lead Conversion", "funnel", "How leads convert to clients."],
    ["team-utilization", "Team Utilization", "users", "How busy the team is."],
  ],
  HRMS: [
    ["hrms", "HRMS", "users", "People, pay and time off."],
    ["hrms-dashboard", "HRMS Dashboard", "grid-3x3", "Headcount, leave and payroll at a glance."],
    ["employees", "Employees", "user", "Employee records."],
    ["payroll", "Payroll", "dollar-sign", "Pay runs and payslips."],
    ["attendance", "Attendance", "clock", "Who was in and when."],
    ["leaves", "Leaves", "sun", "Leave requests and balances."],
  ],
  Reports: [
    ["reports", "Reports", "file-text", "Every report of the organisation."],
    ["reports/invoice-reports", "Invoice Reports", "file-text", "Invoice reports by type.", [
      "/api/finance/reports/invoices",
    ]],
    ["reports/expense-reports", "Expense Reports", "file-minus", "Expense reports.", [
      "/api/finance/reports/expenses",
    ]],
    ["reports/hrms-reports", "HRMS Reports", "users", "People reports."],
    ["reports/operations-reports", "Operations Reports", "monitor", "Delivery reports by type.", [
      "/reports/operations",
    ]],
    ["reports/sales-reports", "Sales Reports", "trending-up", "Sales reports by type.", [
      "/reports/sales",
    ]],
  ],
  Tools: [
    ["automation", "Automation", "cpu", "Automate repetitive work."],
    ["automation/rules", "Automation Rules", "sliders-vertical", "When this happens, do that."],
    [
      "automation/workflows",
      "Automation Workflows",
      "git-merge",
      "Multi-step automated workflows.",
    ],
    ["automation/email-templates", "Email Templates", "mail", "Templates for automated emails."],
    ["automation/executions", "Executions", "play", "Runs of automations and their results."],
    ["automation/audit-log", "Automation Audit Log", "list", "What automations changed."],
    ["documents", "Documents", "folder", "Shared documents."],
    ["discussion", "Discussion", "message-square", "Conversations with your team."],
    [
      "production-documentation",
      "Help & Documentation",
      "circle-question-mark",
      "How to use the product.",
    ],
  ],
  System: [
    ["users", "Users", "users", "Members of the organisation and their roles.", [
      "/users/list",
      "/admin/users/*",
    ]],
    ["rbac", "Roles & Permissions", "lock", "Which role may open which screen.", [
      "/admin/roles/*",
    ]],
    ["audit", "Audit Log", "list", "Who changed what, and when.", [
      "/audit/logs",
      "/audit/logs/",
      "/api/audit/filters",
    ]],
    [
      "settings",
      "System Settings",
      "settings",
      "Organisation-wide settings, including the session policy.",
      ["/api/settings", "/admin/settings/*"],
    ],
    ["organizations", "Organizations", "globe", "Organisations you belong to."],
    [
      "organization-management",
      "Organization Management",
      "toggle-right",
      "Turn modules on and off.",
      ["/api/modules/config", "/admin/modules/*"],
    ],
    ["organization", "Organization", "house", "Your organisation's details.", [
      "/admin/organization/*",
    ]],
    ["type-masters", "Type Masters", "tag", "Lists of types used across the product."],
    ["reminders", "Reminders", "bell", "Reminders you set."],
  ],
};

/** The read permission of a module: its id in snake case plus `.read`. */
export function readPermissionFor(id: string): string {
  if (id === "settings") return "system.system_settings.read";
  return `${id.replace(/[/-]/g, "_")}.read`;
}

/** Every module, in catalogue order. */
export const MODULE_DEFINITIONS: readonly ModuleDefinition[] = Object.entries(CATALOGUE).flatMap((
  [category, rows],
) =>
  rows.map(([id, name, icon, description, endpoints]) => ({
    id,
    name,
    category: category as Category,
    description,
    icon,
    endpoints: endpoints ?? [],
    readPermissionId: readPermissionFor(id),
    adminOnly: ADMIN_ONLY.has(id),
    lazy: LAZY.has(id),
  }))
);

/** Routes with parameters, each owned by a module (its screen and permission). */
export const PARAMETER_ROUTES: readonly { path: string; module: string; title: string }[] = [
  { path: "lead-detail/:id", module: "leads", title: "Lead" },
  // System Settings' maintenance screen (administrators): no parameter, the settings guard.
  { path: "settings/data-care", module: "settings", title: "Data care" },
  { path: "invoices/print/:id", module: "invoices", title: "Print invoice" },
  { path: "lead-activity/:id", module: "lead-activity", title: "Lead Activity" },
  { path: "proposals/edit/:id", module: "proposals", title: "Edit Proposal" },
  { path: "proposal-templates/view/:id", module: "proposal-templates", title: "Proposal Template" },
  {
    path: "proposal-templates/edit/:id",
    module: "proposal-templates",
    title: "Edit Proposal Template",
  },
  {
    path: "reports/invoice-reports/:reportType",
    module: "reports/invoice-reports",
    title: "Invoice Report",
  },
  {
    path: "reports/operations-reports/:reportType",
    module: "reports/operations-reports",
    title: "Operations Report",
  },
  {
    path: "reports/sales-reports/:reportType",
    module: "reports/sales-reports",
    title: "Sales Report",
  },
];

/** The module definition with this id, or undefined. */
export function findModule(id: string): ModuleDefinition | undefined {
  return MODULE_BY_ID.get(id);
}

const MODULE_BY_ID = new Map(MODULE_DEFINITIONS.map((m) => [m.id, m]));
