/**
 * A pipeline stage of the organisation's leads (`lead-workflow`): its place on
 * the board, the chance a lead in it is won (the board's weighted sums), and the
 * lead fields that must be set before a lead may enter it. A lead's stage stores
 * the stage's code. Every organisation starts with the stages of
 * lead-stage-defaults.ts.
 */
import { defineRecordType } from "../../../records/define.ts";

export const LEAD_STAGE = defineRecordType({
  id: "lead_stage",
  label: "Lead stage",
  plural: "Lead stages",
  module: "lead-workflow",
  table: "lead_stages",
  organization_setting: true,
  naming: { field: "code" },
  title_field: "label",
  search_fields: ["label", "code"],
  fields: [
    {
      id: "label",
      label: "Label",
      type: "data",
      required: true,
      is_name: true,
      max_length: 80,
      in_list: true,
    },
    {
      id: "code",
      label: "Code",
      type: "data",
      required: true,
      unique: true,
      max_length: 64,
      in_list: true,
      example: "negotiation",
      description: "What leads store: lower case letters, digits and underscores.",
    },
    {
      id: "tone",
      label: "Colour",
      type: "select",
      default: "neutral",
      options: [
        { value: "neutral", label: "Neutral", tone: "neutral" },
        { value: "info", label: "Blue", tone: "info" },
        { value: "success", label: "Green", tone: "success" },
        { value: "warning", label: "Amber", tone: "warning" },
        { value: "danger", label: "Red", tone: "danger" },
      ],
      in_list: true,
    },
    {
      id: "position",
      label: "Position",
      type: "int",
      min: 0,
      max: 10_000,
      in_list: true,
      sortable: true,
      description: "The stage's place on the board, from the left.",
    },
    {
      id: "probability",
      label: "Probability (%)",
      type: "int",
      required: true,
      min: 0,
      max: 100,
      default: 0,
      in_list: true,
      sortable: true,
      description: "The chance a lead in this stage is won: the board weighs its value by it.",
    },
    {
      id: "kind",
      label: "Outcome",
      type: "select",
      required: true,
      default: "open",
      options: [
        { value: "open", label: "Open", tone: "info" },
        { value: "won", label: "Won", tone: "success" },
        { value: "lost", label: "Lost", tone: "danger" },
      ],
      in_list: true,
      filterable: true,
    },
    {
      id: "required_fields",
      label: "Required fields",
      type: "data",
      max_length: 500,
      in_list: true,
      example: "email, estimated_value",
      description:
        "The lead fields (by id, separated by commas) that must be set before a lead enters this stage.",
    },
  ],
  list: {
    columns: ["label", "code", "position", "probability", "kind", "required_fields", "tone"],
    sort: [{ field: "position", dir: "asc" }],
  },
  form: {
    tabs: [
      {
        id: "details",
        label: "Details",
        sections: [{
          columns: [["label", "code", "tone", "position"], [
            "probability",
            "kind",
            "required_fields",
          ]],
        }],
      },
    ],
  },
  roles: {
    firm_admin: ["read", "create", "update", "delete", "export", "import"],
    sales: ["read"],
  },
});
