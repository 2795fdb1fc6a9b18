/**
 * An account plan: how the firm means to grow with one key client over a period —
 * the goals and how each is measured, the people at the client who decide
 * (their influence and their stance towards us), the opportunities in play, the
 * whitespace (what the client does not buy from us yet) and the actions, each
 * with its owner and date.
 */
import { defineRecordType } from "../../../records/define.ts";

/** Where a plan stands. */
export const PLAN_STATUSES = [
  { value: "draft", label: "Draft", tone: "neutral" },
  { value: "active", label: "Active", tone: "success" },
  { value: "under_review", label: "Under review", tone: "warning" },
  { value: "closed", label: "Closed", tone: "neutral" },
] as const;

/** How much a stakeholder weighs in the client's decisions. */
export const STAKEHOLDER_INFLUENCE = [
  { value: "low", label: "Low", tone: "neutral" },
  { value: "medium", label: "Medium", tone: "info" },
  { value: "high", label: "High", tone: "warning" },
] as const;

/** Where a stakeholder stands towards us. */
export const STAKEHOLDER_STANCES = [
  { value: "champion", label: "Champion", tone: "success" },
  { value: "supporter", label: "Supporter", tone: "success" },
  { value: "neutral", label: "Neutral", tone: "neutral" },
  { value: "detractor", label: "Detractor", tone: "warning" },
  { value: "blocker", label: "Blocker", tone: "danger" },
] as const;

const GOAL_STATUSES = [
  { value: "not_started", label: "Not started", tone: "neutral" },
  { value: "on_track", label: "On track", tone: "success" },
  { value: "at_risk", label: "At risk", tone: "warning" },
  { value: "achieved", label: "Achieved", tone: "success" },
  { value: "missed", label: "Missed", tone: "danger" },
] as const;

const OPPORTUNITY_STAGES = [
  { value: "identified", label: "Identified", tone: "neutral" },
  { value: "qualifying", label: "Qualifying", tone: "info" },
  { value: "proposed", label: "Proposed", tone: "warning" },
  { value: "won", label: "Won", tone: "success" },
  { value: "lost", label: "Lost", tone: "danger" },
] as const;

const options = (list: readonly { value: string; label: string; tone: string }[]) =>
  list.map((o) => ({ ...o })) as { value: string; label: string; tone: "neutral" }[];

export const ACCOUNT_PLAN = defineRecordType({
  id: "account_plan",
  label: "Account plan",
  plural: "Account plans",
  module: "strategic-account-planning",
  table: "account_plans",
  naming: { field: "title" },
  title_field: "title",
  search_fields: ["title", "summary"],
  fields: [
    {
      id: "title",
      label: "Plan",
      type: "data",
      is_name: true,
      required: true,
      max_length: 120,
      in_list: true,
      sortable: true,
      example: "Contoso growth plan FY2027",
    },
    {
      id: "client",
      label: "Key client",
      type: "link",
      link: "client",
      column: "client_id",
      required: true,
      in_list: true,
      filterable: true,
    },
    {
      id: "owner",
      label: "Account owner",
      type: "link",
      link: "user",
      column: "owner_id",
      required: true,
      default: "@me",
      in_list: true,
      filterable: true,
    },
    {
      id: "period",
      label: "Period",
      type: "data",
      required: true,
      max_length: 40,
      in_list: true,
      sortable: true,
      example: "FY2027",
      description: "The fiscal year or period the plan covers.",
    },
    {
      id: "status",
      label: "Status",
      type: "select",
      required: true,
      default: "draft",
      options: options(PLAN_STATUSES),
      in_list: true,
      filterable: true,
    },
    { id: "summary", label: "Summary", type: "long_text", max_length: 5_000 },
    {
      id: "goals",
      label: "Goals",
      type: "table",
      child: {
        table: "account_plan_goals",
        row_label: "Goal",
        parent_column: "account_plan_id",
        max_rows: 50,
        fields: [
          { id: "goal", label: "Goal", type: "data", required: true, max_length: 200 },
          { id: "measure", label: "Measure", type: "data", max_length: 200 },
          { id: "target_date", label: "Target date", type: "date" },
          {
            id: "goal_status",
            label: "Status",
            type: "select",
            required: true,
            default: "not_started",
            options: options(GOAL_STATUSES),
          },
        ],
      },
    },
    {
      id: "stakeholders",
      label: "Stakeholders",
      type: "table",
      child: {
        table: "account_plan_stakeholders",
        row_label: "Stakeholder",
        parent_column: "account_plan_id",
        max_rows: 100,
        fields: [
          { id: "person", label: "Name", type: "data", required: true, is_name: true },
          { id: "role", label: "Title or role", type: "data", max_length: 120 },
          {
            id: "influence",
            label: "Influence",
            type: "select",
            required: true,
            default: "medium",
            options: options(STAKEHOLDER_INFLUENCE),
          },
          {
            id: "stance",
            label: "Stance",
            type: "select",
            required: true,
            default: "neutral",
            options: options(STAKEHOLDER_STANCES),
          },
          { id: "notes", label: "Notes", type: "data", max_length: 500 },
        ],
      },
    },
    {
      id: "opportunities",
      label: "Opportunities",
      type: "table",
      child: {
        table: "account_plan_opportunities",
        row_label: "Opportunity",
        parent_column: "account_plan_id",
        max_rows: 100,
        fields: [
          {
            id: "description",
            label: "Opportunity",
            type: "data",
            required: true,
            max_length: 200,
          },
          { id: "estimated_value", label: "Estimated value", type: "currency", min: 0 },
          {
            id: "opportunity_stage",
            label: "Stage",
            type: "select",
            required: true,
            default: "identified",
            options: options(OPPORTUNITY_STAGES),
          },
          { id: "lead", label: "Lead", type: "link", link: "lead", column: "lead_id" },
        ],
      },
    },
    {
      id: "whitespace",
      label: "Whitespace",
      type: "table",
      child: {
        table: "account_plan_whitespace",
        row_label: "Whitespace",
        parent_column: "account_plan_id",
        max_rows: 100,
        fields: [
          {
            id: "offering",
            label: "Product or service not yet sold",
            type: "data",
            required: true,
            max_length: 200,
          },
          { id: "potential_value", label: "Potential value", type: "currency", min: 0 },
          { id: "notes", label: "Notes", type: "data", max_length: 500 },
        ],
      },
    },
    {
      id: "actions",
      label: "Actions",
      type: "table",
      child: {
        table: "account_plan_actions",
        row_label: "Action",
        parent_column: "account_plan_id",
        max_rows: 200,
        fields: [
          { id: "step", label: "Action", type: "data", required: true, max_length: 200 },
          { id: "assignee", label: "Owner", type: "link", link: "user", column: "assignee_id" },
          { id: "due_date", label: "Due date", type: "date" },
          { id: "done", label: "Done", type: "check", default: false },
        ],
      },
    },
  ],
  list: {
    columns: ["title", "client", "period", "status", "owner"],
    sort: [{ field: "period", dir: "desc" }, { field: "title", dir: "asc" }],
  },
  form: {
    tabs: [
      {
        id: "plan",
        label: "Plan",
        sections: [
          { columns: [["title", "client", "period"], ["owner", "status"]] },
          { label: "Summary", columns: [["summary"]] },
          { label: "Goals", columns: [["goals"]] },
        ],
      },
      {
        id: "people",
        label: "Stakeholders",
        sections: [{ columns: [["stakeholders"]] }],
      },
      {
        id: "growth",
        label: "Opportunities",
        sections: [
          { label: "Opportunities", columns: [["opportunities"]] },
          { label: "Whitespace", columns: [["whitespace"]] },
        ],
      },
      {
        id: "actions",
        label: "Actions",
        sections: [{ columns: [["actions"]] }],
      },
    ],
  },
  roles: {
    firm_admin: ["read", "create", "update", "delete", "export"],
    sales: ["read", "create", "update", "delete", "export"],
    project_manager: ["read"],
  },
});
