/**
 * A lead: a prospect in the sales pipeline, with where it came from, its stage,
 * estimated value and owner. Converting a lead creates its client (from the
 * company, else the person) and marks the lead won; a converted lead keeps the
 * link to its client. A lead moved to Lost says why (`lost_reason`, from the
 * organisation's list of lost reasons) and may name the competitor it went to
 * (`lost_to`): every write path refuses a lost lead without a reason, so the
 * figures of competitive intelligence count every loss.
 */
import { defineRecordType } from "../../../records/define.ts";

export const LEAD = defineRecordType({
  id: "lead",
  label: "Lead",
  plural: "Leads",
  module: "leads",
  table: "leads",
  naming: { field: "name" },
  title_field: "name",
  search_fields: ["name", "company", "email"],
  fields: [
    {
      id: "name",
      label: "Contact name",
      type: "data",
      required: true,
      in_list: true,
      sortable: true,
    },
    {
      id: "company",
      label: "Company",
      type: "data",
      is_name: true,
      in_list: true,
      sortable: true,
    },
    { id: "email", label: "Email", type: "email", in_list: true },
    { id: "phone", label: "Phone", type: "phone" },
    {
      id: "source",
      label: "Source",
      type: "select",
      options_from: "lead_source",
      required: true,
      in_list: true,
      filterable: true,
    },
    {
      id: "stage",
      label: "Stage",
      type: "select",
      column: "status",
      required: true,
      default: "new",
      // The board weighs each stage's value by the organisation's probability of it.
      weights_from: { type: "lead_stage", key: "code", percent: "probability" },
      options: [
        { value: "new", label: "New", tone: "info" },
        { value: "contacted", label: "Contacted", tone: "info" },
        { value: "qualified", label: "Qualified", tone: "warning" },
        { value: "proposal", label: "Proposal sent", tone: "warning" },
        {
          value: "won",
          label: "Won",
          tone: "success",
          requires: "win",
          refusal: "Only people allowed to win leads may mark a lead won",
        },
        { value: "lost", label: "Lost", tone: "danger" },
      ],
      in_list: true,
      filterable: true,
    },
    {
      id: "stage_entered_at",
      label: "In stage since",
      type: "datetime",
      read_only: true,
      sortable: true,
      filterable: true,
      description: "When the lead entered its stage: time in stage is counted from it.",
    },
    {
      id: "stage_changes",
      label: "Stage changes",
      type: "table",
      read_only: true,
      description:
        "Each move between stages: who made it, when, and how long the lead was in the stage it left.",
      child: {
        table: "lead_stage_changes",
        row_label: "Stage change",
        parent_column: "lead_id",
        fields: [
          { id: "from_stage", label: "From", type: "data", in_list: true },
          { id: "to_stage", label: "To", type: "data", in_list: true },
          { id: "changed_by", label: "By", type: "link", link: "user", in_list: true },
          { id: "changed_at", label: "At", type: "datetime", in_list: true },
          {
            id: "days_in_previous",
            label: "Days in previous stage",
            type: "float",
            precision: 2,
            in_list: true,
          },
        ],
      },
    },
    {
      id: "lost_reason",
      label: "Lost reason",
      type: "select",
      options_from: "lost_reason",
      visible_if: "stage == 'lost'",
      required_if: "stage == 'lost'",
      filterable: true,
      description: "Why the lead was lost.",
    },
    {
      id: "lost_to",
      label: "Lost to",
      type: "link",
      link: "competitor",
      link_filters: [{ field: "active", op: "eq", value: true }],
      visible_if: "stage == 'lost'",
      filterable: true,
      description: "The competitor that won the deal, if one did.",
    },
    {
      id: "score",
      label: "Score",
      type: "int",
      min: 0,
      max: 100,
      read_only: true,
      in_list: true,
      sortable: true,
      description:
        "Computed by the organisation's lead scoring rules: the points of the rules that hold, from 0 to 100.",
    },
    {
      id: "score_explanation",
      label: "Why this score",
      type: "long_text",
      read_only: true,
      max_length: 2_000,
      description: "The scoring rules that gave the score its points.",
    },
    {
      id: "scored_at",
      label: "Scored at",
      type: "datetime",
      read_only: true,
      hidden: true,
      description:
        "When the score was last computed; leads scored before a rule changed are scored again.",
    },
    {
      id: "estimated_value",
      label: "Estimated value",
      type: "currency",
      min: 0,
      in_list: true,
      sortable: true,
    },
    {
      id: "unsubscribed_at",
      label: "Unsubscribed at",
      type: "datetime",
      read_only: true,
      visible_if: "is_set(unsubscribed_at)",
      filterable: true,
      description:
        "When the lead unsubscribed from nurturing mails: it is never enrolled or mailed again.",
    },
    {
      id: "expected_close_date",
      label: "Expected close",
      type: "date",
      sortable: true,
      filterable: true,
      description:
        "When the deal is expected to close: the sales forecast counts it in that month.",
    },
    {
      id: "forecast_category",
      label: "Forecast category",
      type: "select",
      default: "pipeline",
      options: [
        { value: "pipeline", label: "Pipeline" },
        { value: "best_case", label: "Best case" },
        { value: "commit", label: "Commit" },
        { value: "omitted", label: "Omitted" },
      ],
      filterable: true,
      description:
        "How sure the owner is of the deal: Commit counts in the forecast's commit, Best case in its best case, Omitted in neither.",
    },
    {
      id: "won_at",
      label: "Won at",
      type: "datetime",
      read_only: true,
      sortable: true,
      filterable: true,
      description:
        "When the lead entered Won: the forecast's actual won value counts it in that month.",
    },
    {
      id: "territory",
      label: "Territory",
      type: "data",
      max_length: 80,
      filterable: true,
      sortable: true,
      description: "The region the lead belongs to; assignment rules may route by it.",
    },
    {
      id: "assignments",
      label: "Assignments",
      type: "table",
      read_only: true,
      description:
        "Each time the lead was given an owner: to whom, by whom or by which rule, when and why.",
      child: {
        table: "lead_assignments",
        row_label: "Assignment",
        parent_column: "lead_id",
        fields: [
          { id: "assigned_to", label: "To", type: "link", link: "user", in_list: true },
          { id: "assigned_by", label: "By", type: "link", link: "user", in_list: true },
          {
            id: "rule",
            label: "Rule",
            type: "link",
            link: "lead_assignment_rule",
            column: "rule_id",
            in_list: true,
          },
          { id: "reason", label: "Why", type: "data", max_length: 300, in_list: true },
          {
            id: "assigned_at",
            label: "At",
            type: "datetime",
            column: "created_at",
            required: true,
            in_list: true,
          },
          { id: "rule_turn", label: "Turn", type: "int", hidden: true },
        ],
      },
    },
    {
      id: "owner",
      label: "Owner",
      type: "link",
      link: "user",
      column: "assigned_to",
      default: "@me",
      in_list: true,
      filterable: true,
    },
    {
      id: "board_rank",
      label: "Board position",
      type: "data",
      hidden: true,
      sortable: true,
      default: "@now",
      description: "The lead's place on the pipeline board, highest first.",
    },
    {
      id: "client",
      label: "Client",
      type: "link",
      link: "client",
      column: "client_id",
      read_only: true,
      visible_if: "is_set(client)",
      description: "The client this lead was converted into.",
    },
    // Duplicate merges (server/areas/sales/duplicates/merge.ts).
    {
      id: "merged_into",
      label: "Merged into",
      type: "link",
      link: "lead",
      read_only: true,
      filterable: true,
      visible_if: "is_set(merged_into)",
      description: "The lead this duplicate was merged into; its activities moved there.",
    },
    {
      id: "merge_state",
      label: "Merge",
      type: "select",
      read_only: true,
      visible_if: "is_set(merged_into)",
      options: [
        { value: "pending", label: "Can be undone", tone: "warning" },
        { value: "confirmed", label: "Confirmed", tone: "neutral" },
      ],
    },
    {
      id: "merge_undo",
      label: "Merge undo data",
      type: "long_text",
      hidden: true,
      read_only: true,
      max_length: 50_000,
      description: "What undoing the merge puts back: the survivor's values and the records moved.",
    },
  ],
  actions: [
    {
      action: "convert",
      label: "Convert to client",
      tone: "primary",
      confirm: "Create a client from this lead and mark it won?",
      done: "converted",
      condition: {
        expression: "stage != 'won' and not is_set(client)",
        message: "This lead is already won or converted",
      },
    },
  ],
  indexes: [
    // A board by stage pages each column's cards in the order they were put in.
    { fields: ["stage", "board_rank", "id"] },
    // Scoring again after a rule change finds the leads scored before it.
    { fields: ["scored_at"] },
  ],
  list: {
    columns: ["name", "company", "stage", "source", "score", "estimated_value", "owner"],
    sort: [{ field: "created_at", dir: "desc" }],
    rank: "board_rank",
  },
  form: {
    tabs: [
      {
        id: "details",
        label: "Details",
        sections: [
          { label: "Contact", columns: [["name", "company"], ["email", "phone"]] },
          {
            label: "Pipeline",
            columns: [
              ["stage", "lost_reason", "lost_to", "source", "territory", "owner"],
              ["score", "score_explanation", "estimated_value", "client", "stage_entered_at"],
            ],
          },
          {
            label: "Forecast",
            columns: [["expected_close_date", "forecast_category"], ["won_at"]],
          },
        ],
      },
      {
        id: "stage_history",
        label: "Stage history",
        sections: [{ columns: [["stage_changes"]] }],
      },
      {
        id: "assignment_history",
        label: "Assignments",
        sections: [{ columns: [["assignments"]] }],
      },
    ],
  },
  panels: [{
    kind: "related",
    label: "Activities",
    type: "lead_activity",
    field: "lead",
    empty_text: "No activities logged with this lead yet",
  }],
  roles: {
    firm_admin: [
      "read",
      "create",
      "update",
      "delete",
      "export",
      "import",
      "convert",
      "win",
      "level1",
    ],
    sales: ["read", "create", "update", "export", "import", "convert"],
  },
  // The spec's route for one lead.
  form_route: "lead-detail/:id",
  // A new lead that looks like an existing lead or client is named before it is created.
  create_check: "/api/duplicates/check",
});
