/**
 * A competitor: another firm the organisation meets in its deals, with what it is
 * good and bad at, how it prices and how much of a threat it is. A lead lost to a
 * competitor names it (`lost_to`), so competitive intelligence counts the deals
 * each one took.
 */
import { defineRecordType } from "../../../records/define.ts";

/** How much of a threat a competitor is, as people read it. */
export const THREAT_LEVELS = [
  { value: "low", label: "Low", tone: "success" },
  { value: "medium", label: "Medium", tone: "warning" },
  { value: "high", label: "High", tone: "danger" },
] as const;

export const COMPETITOR = defineRecordType({
  id: "competitor",
  label: "Competitor",
  plural: "Competitors",
  module: "competitor-management",
  table: "competitors",
  naming: { field: "name" },
  title_field: "name",
  search_fields: ["name", "website"],
  fields: [
    {
      id: "name",
      label: "Competitor",
      type: "data",
      is_name: true,
      required: true,
      unique: true,
      max_length: 120,
      in_list: true,
      sortable: true,
    },
    { id: "website", label: "Website", type: "url", in_list: true },
    {
      id: "threat_level",
      label: "Threat level",
      type: "select",
      required: true,
      default: "medium",
      options: THREAT_LEVELS.map((o) => ({ ...o })),
      in_list: true,
      filterable: true,
      sortable: true,
    },
    {
      id: "active",
      label: "Active",
      type: "check",
      default: true,
      in_list: true,
      filterable: true,
      description: "Still met in deals; an inactive competitor is kept for the deals it took.",
    },
    { id: "strengths", label: "Strengths", type: "long_text", max_length: 2_000 },
    { id: "weaknesses", label: "Weaknesses", type: "long_text", max_length: 2_000 },
    {
      id: "pricing_notes",
      label: "Pricing notes",
      type: "long_text",
      max_length: 2_000,
      description: "How they price and discount, as seen in deals.",
    },
    { id: "notes", label: "Notes", type: "long_text", max_length: 5_000 },
  ],
  list: {
    columns: ["name", "website", "threat_level", "active"],
    sort: [{ field: "name", dir: "asc" }],
  },
  form: {
    tabs: [
      {
        id: "details",
        label: "Details",
        sections: [
          { columns: [["name", "website"], ["threat_level", "active"]] },
          {
            label: "How we win against them",
            columns: [["strengths", "weaknesses"], ["pricing_notes", "notes"]],
          },
        ],
      },
    ],
  },
  panels: [
    {
      kind: "related",
      label: "Leads lost to them",
      type: "lead",
      field: "lost_to",
      create: false,
      empty_text: "No leads lost to this competitor",
    },
  ],
  roles: {
    firm_admin: ["read", "create", "update", "delete", "export", "import"],
    sales: ["read", "create", "update", "export"],
  },
});
