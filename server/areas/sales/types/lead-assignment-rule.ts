/**
 * A lead assignment rule: which new leads it takes (sources, territories, a range
 * of estimated value, an expression over the lead's fields — all that are set
 * must hold) and who gets them: the next member of its team in turn (round
 * robin), or one fixed person. A capacity cap limits the open leads (not won or
 * lost) a person may hold: a member at the cap is skipped, and when everyone is
 * at it the lead stays with no owner and the reason is logged on the lead. The
 * first active rule that matches, lowest order first, decides
 * (assignment/assign-on-create.ts).
 */
import { defineRecordType } from "../../../records/define.ts";

/** The rule form's help for a condition: what it may read. */
export const ASSIGNMENT_CONDITION_HELP =
  "Optional. An expression over the lead's fields (source, stage, company, email, estimated_value, territory…). " +
  "Example: estimated_value >= 10000 and source != 'event'.";

export const LEAD_ASSIGNMENT_RULE = defineRecordType({
  id: "lead_assignment_rule",
  label: "Assignment rule",
  plural: "Assignment rules",
  module: "lead-assignment/rules",
  table: "lead_assignment_rules",
  naming: { field: "name" },
  title_field: "name",
  search_fields: ["name"],
  fields: [
    {
      id: "name",
      label: "Name",
      type: "data",
      is_name: true,
      required: true,
      unique: true,
      max_length: 80,
      in_list: true,
      sortable: true,
      example: "Website leads to the sales team",
    },
    {
      id: "sort_order",
      label: "Order",
      type: "int",
      default: 10,
      min: 0,
      max: 10_000,
      in_list: true,
      sortable: true,
      description: "Rules are tried lowest first; the first that matches assigns the lead.",
    },
    {
      id: "active",
      label: "Active",
      type: "check",
      default: true,
      in_list: true,
      filterable: true,
    },
    {
      id: "sources",
      label: "Sources",
      type: "data",
      max_length: 500,
      in_list: true,
      example: "website, referral",
      description: "Comma-separated source codes the lead must come from; empty for any.",
    },
    {
      id: "territories",
      label: "Territories",
      type: "data",
      max_length: 500,
      example: "North, East",
      description: "Comma-separated territories the lead must be in; empty for any.",
    },
    {
      id: "min_value",
      label: "Estimated value from",
      type: "currency",
      min: 0,
      description: "The lead's estimated value must be at least this; empty for no lower bound.",
    },
    {
      id: "max_value",
      label: "Estimated value up to",
      type: "currency",
      min: 0,
      description: "The lead's estimated value must be at most this; empty for no upper bound.",
    },
    {
      id: "condition",
      label: "Condition",
      type: "long_text",
      max_length: 1_000,
      description: ASSIGNMENT_CONDITION_HELP,
    },
    {
      id: "method",
      label: "Assign to",
      type: "select",
      required: true,
      default: "round_robin",
      options: [
        { value: "fixed", label: "One person" },
        { value: "round_robin", label: "Team in turn (round robin)" },
      ],
      in_list: true,
      filterable: true,
    },
    {
      id: "fixed_user",
      label: "Person",
      type: "link",
      link: "user",
      visible_if: "method == 'fixed'",
      required_if: "method == 'fixed'",
      in_list: true,
    },
    {
      id: "team",
      label: "Team",
      type: "table",
      visible_if: "method == 'round_robin'",
      description: "The people who take the rule's leads in turn, in this order.",
      child: {
        table: "lead_assignment_rule_members",
        row_label: "Member",
        parent_column: "rule_id",
        fields: [
          {
            id: "member",
            label: "Person",
            type: "link",
            link: "user",
            required: true,
            in_list: true,
          },
        ],
      },
    },
    {
      id: "capacity",
      label: "Most open leads per person",
      type: "int",
      min: 0,
      max: 100_000,
      in_list: true,
      description:
        "A person holding this many open leads (not won or lost) is skipped; 0 for no cap.",
    },
    {
      id: "always",
      label: "Also when an owner is given",
      type: "check",
      default: false,
      description:
        "Assign by this rule even when the person creating the lead names someone else as owner.",
    },
  ],
  list: {
    columns: ["name", "sort_order", "active", "sources", "method", "fixed_user", "capacity"],
    sort: [{ field: "sort_order", dir: "asc" }, { field: "name", dir: "asc" }],
  },
  form: {
    tabs: [
      {
        id: "details",
        label: "Rule",
        sections: [
          { columns: [["name", "sort_order"], ["active", "always"]] },
          {
            label: "Which leads",
            columns: [["sources", "territories", "condition"], ["min_value", "max_value"]],
          },
          {
            label: "Who gets them",
            columns: [["method", "fixed_user", "capacity"], ["team"]],
          },
        ],
      },
    ],
  },
  roles: {
    firm_admin: ["read", "create", "update", "export"],
    sales: ["read"],
  },
});
