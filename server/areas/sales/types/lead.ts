/**
 * A lead: a prospect in the sales pipeline, with where it came from, its stage,
 * estimated value and owner. Converting a lead creates its client (from the
 * company, else the person) and marks the lead won; a converted lead keeps the
 * link to its client.
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
      id: "score",
      label: "Score",
      type: "int",
      min: 0,
      max: 100,
      in_list: true,
      sortable: true,
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
            columns: [["stage", "source", "owner"], ["score", "estimated_value", "client"]],
          },
        ],
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
});
