/**
 * A dashboard (`dashboard`, module `insights-manager`): a grid of cards, each a
 * saved report drawn as its chart, a number or a short list, in the order and the
 * widths its owner gives them. Each person keeps their own and shares them with
 * roles or with everyone in the organisation (`sharing`), as reports are shared;
 * a card is computed with its reader's own permissions. A dashboard may be the one
 * a catalogue screen shows (`screen`: the executive, operations, sales, legal or
 * HR dashboard, or executive reporting).
 */
import { sharingFields } from "../../../records/declaration.ts";
import { defineRecordType } from "../../../records/define.ts";

/** The catalogue screens a dashboard may be shown on, in sidebar words. */
export const DASHBOARD_SCREENS = [
  { value: "executive-dashboard", label: "Executive Dashboard" },
  { value: "executive-reporting", label: "Executive Reporting" },
  { value: "operations-dashboard", label: "Operations Dashboard" },
  { value: "sales-dashboard", label: "Sales Dashboard" },
  { value: "legal-dashboard", label: "Legal Dashboard" },
  { value: "hrms-dashboard", label: "HRMS Dashboard" },
  { value: "automation", label: "Automation" },
] as const;

/** How wide a card is on a wide screen (a phone shows every card full width). */
export const CARD_WIDTHS = [
  { value: "narrow", label: "One third" },
  { value: "wide", label: "Two thirds" },
  { value: "full", label: "Full width" },
] as const;

/** The most cards one dashboard holds. */
export const MAX_CARDS = 60;

const KEEPS_DASHBOARDS = ["read", "create", "update", "delete"];

export const DASHBOARD = defineRecordType({
  id: "dashboard",
  label: "Dashboard",
  plural: "Dashboards",
  module: "insights-manager",
  table: "dashboards",
  naming: { field: "name" },
  title_field: "name",
  search_fields: ["name", "description"],
  fields: [
    { id: "name", label: "Name", type: "data", required: true, in_list: true, sortable: true },
    { id: "description", label: "Description", type: "long_text", max_length: 1_000 },
    {
      id: "screen",
      label: "Shown on",
      type: "select",
      in_list: true,
      filterable: true,
      options: DASHBOARD_SCREENS,
      description: "The catalogue screen that opens this dashboard, if any.",
    },
    {
      id: "cards",
      label: "Cards",
      type: "table",
      child: {
        table: "dashboard_cards",
        row_label: "Card",
        parent_column: "dashboard_id",
        max_rows: MAX_CARDS,
        fields: [
          {
            id: "report",
            label: "Report",
            type: "link",
            link: "report",
            column: "report_id",
            required: true,
            in_list: true,
          },
          {
            id: "width",
            label: "Width",
            type: "select",
            required: true,
            default: "narrow",
            in_list: true,
            options: CARD_WIDTHS,
          },
        ],
      },
    },
    ...sharingFields("dashboard_roles", "dashboard_id"),
  ],
  sharing: { owner: "created_by", mode: "sharing", roles: "shared_roles" },
  list: {
    columns: ["name", "screen", "sharing"],
    sort: [{ field: "name", dir: "asc" }],
  },
  form: {
    tabs: [{
      id: "details",
      label: "Details",
      sections: [
        { columns: [["name", "screen"], ["sharing", "description"]] },
        { label: "Shared with roles", columns: [["shared_roles"]] },
        { label: "Cards", columns: [["cards"]] },
      ],
    }],
  },
  roles: {
    firm_admin: KEEPS_DASHBOARDS,
    project_manager: KEEPS_DASHBOARDS,
    sales: KEEPS_DASHBOARDS,
    finance: KEEPS_DASHBOARDS,
    member: KEEPS_DASHBOARDS,
  },
});
