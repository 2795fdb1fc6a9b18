/**
 * A nurturing sequence: ordered steps, each an email template sent a number of
 * days after the step before (the first, after enrolment). Leads are enrolled by
 * hand or, when the sequence has an enrolment rule, whenever a lead's save makes
 * the rule hold (nurturing/rule-enrolment.ts). The automation runner sends each
 * due step once (nurturing/send-due-steps.ts); a lead leaves the sequence when its
 * stage changes, when a reply is logged, or when it unsubscribes.
 */
import { defineRecordType } from "../../../records/define.ts";

/** The enrolment rule's help: what it may read. */
export const ENROL_RULE_HELP =
  "Leads are enrolled when this holds after they are created or saved. An expression over the " +
  "lead's fields (source, stage, company, email, estimated_value, owner, score). " +
  "Example: source == 'website' and stage == 'new'. Empty: leads are enrolled by hand only.";

export const NURTURE_SEQUENCE = defineRecordType({
  id: "nurture_sequence",
  label: "Nurturing sequence",
  plural: "Nurturing sequences",
  module: "lead-nurturing",
  table: "nurture_sequences",
  naming: { field: "name" },
  title_field: "name",
  search_fields: ["name", "description"],
  fields: [
    {
      id: "name",
      label: "Sequence",
      type: "data",
      is_name: true,
      required: true,
      unique: true,
      max_length: 120,
      in_list: true,
      sortable: true,
      example: "New website leads",
    },
    {
      id: "active",
      label: "Active",
      type: "check",
      default: true,
      in_list: true,
      filterable: true,
      description: "Only an active sequence enrols leads and sends its steps.",
    },
    { id: "description", label: "Description", type: "long_text", max_length: 2_000 },
    {
      id: "enrol_rule",
      label: "Enrolment rule",
      type: "long_text",
      max_length: 1_000,
      in_list: true,
      example: "source == 'website'",
      description: ENROL_RULE_HELP,
    },
    {
      id: "steps",
      label: "Steps",
      type: "table",
      description: "The mails in the order they are sent, each after waiting its days.",
      child: {
        table: "nurture_sequence_steps",
        row_label: "Step",
        parent_column: "sequence_id",
        fields: [
          {
            id: "position",
            label: "Step",
            type: "int",
            required: true,
            min: 1,
            max: 100,
            in_list: true,
          },
          {
            id: "wait_days",
            label: "Wait (days)",
            type: "int",
            required: true,
            min: 0,
            max: 365,
            in_list: true,
            description: "Days after the step before (after enrolment for the first).",
          },
          {
            id: "email_template",
            label: "Email template",
            type: "link",
            link: "email_template",
            required: true,
            in_list: true,
          },
        ],
      },
    },
  ],
  list: {
    columns: ["name", "active", "enrol_rule"],
    sort: [{ field: "name", dir: "asc" }],
  },
  form: {
    tabs: [
      {
        id: "details",
        label: "Sequence",
        sections: [
          { columns: [["name", "active"], ["description"]] },
          { label: "Who is enrolled", columns: [["enrol_rule"]] },
          { label: "Steps", columns: [["steps"]] },
        ],
      },
    ],
  },
  panels: [{
    kind: "related",
    label: "Leads in this sequence",
    type: "nurture_enrollment",
    field: "sequence",
    empty_text: "No lead is enrolled in this sequence yet",
  }],
  roles: {
    firm_admin: ["read", "create", "update", "delete", "export"],
    sales: ["read", "create", "update", "export"],
  },
});
