/**
 * A lead scoring rule: so many points (negative to take away) when a condition
 * on the lead holds. A lead's score is the sum of the points of the active rules
 * that hold, kept between 0 and 100, and explained on the lead by the rules'
 * names ("+20 source is referral, +15 replied within 2 days"). A rule is never
 * deleted but switched off, so every change to the rules is a save the leads are
 * scored again after (scoring/rescoring.ts).
 */
import { defineRecordType } from "../../../records/define.ts";

/** The rule form's help for a condition: what it may read. */
export const CONDITION_HELP =
  "An expression over the lead's fields (source, stage, company, email, phone, estimated_value, owner, lost_reason) " +
  "and its activities: activity_count (activities logged), positive_count (with a positive outcome), " +
  "has_meeting (a meeting was logged), last_activity_days (days since the latest activity, empty when none), " +
  "replied_within_days (days from the lead's creation to its first positive activity, empty when none), " +
  "lead_age_days (days since the lead was created). " +
  "Lists take brackets. Example: source in ['referral', 'partner'] and replied_within_days <= 2.";

/** Most points one rule gives or takes. */
export const RULE_POINTS_LIMIT = 100;

export const LEAD_SCORING_RULE = defineRecordType({
  id: "lead_scoring_rule",
  label: "Scoring rule",
  plural: "Scoring rules",
  module: "lead-scoring",
  table: "lead_scoring_rules",
  naming: { field: "name" },
  title_field: "name",
  search_fields: ["name", "condition"],
  fields: [
    {
      id: "name",
      label: "Explanation",
      type: "data",
      is_name: true,
      required: true,
      unique: true,
      max_length: 80,
      in_list: true,
      sortable: true,
      example: "came from a trade show",
      description: "The words the lead's score is explained with, after the points.",
    },
    {
      id: "condition",
      label: "Condition",
      type: "long_text",
      required: true,
      max_length: 1_000,
      in_list: true,
      example: "source == 'event'",
      description: CONDITION_HELP,
    },
    {
      id: "points",
      label: "Points",
      type: "int",
      required: true,
      min: -RULE_POINTS_LIMIT,
      max: RULE_POINTS_LIMIT,
      in_list: true,
      sortable: true,
      description: "Added to the score when the condition holds; negative to take away.",
    },
    {
      id: "active",
      label: "Active",
      type: "check",
      default: true,
      in_list: true,
      filterable: true,
      description: "Only active rules count; switching one off scores the leads again.",
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
      description: "Where the rule comes in the explanation, lowest first.",
    },
  ],
  list: {
    columns: ["name", "condition", "points", "active", "sort_order"],
    sort: [{ field: "sort_order", dir: "asc" }, { field: "name", dir: "asc" }],
  },
  form: {
    tabs: [
      {
        id: "details",
        label: "Rule",
        sections: [
          { columns: [["name", "points"], ["active", "sort_order"]] },
          { label: "When it applies", columns: [["condition"]] },
        ],
      },
    ],
  },
  roles: {
    firm_admin: ["read", "create", "update", "export"],
    sales: ["read"],
  },
});
