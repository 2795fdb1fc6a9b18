/**
 * A type master row: one value of a configurable lookup list (task statuses, lead
 * sources, expense categories, leave types, project types). Select fields name
 * their list with `options_from: "<kind>"`; a value's `code` is what records
 * store, its label what people read. Codes are unique within a kind.
 */
import { defineRecordType } from "../../../records/define.ts";
import { TYPE_MASTER_KINDS } from "./type-master-defaults.ts";

export const TYPE_MASTER = defineRecordType({
  id: "type_master",
  label: "Type master",
  plural: "Type masters",
  module: "type-masters",
  table: "type_masters",
  // Renaming a list's value renames it on every screen that shows it.
  organization_setting: true,
  naming: { field: "code" },
  title_field: "label",
  search_fields: ["label", "code"],
  unique_together: [["kind", "code"]],
  fields: [
    {
      id: "kind",
      label: "List",
      type: "select",
      required: true,
      options: TYPE_MASTER_KINDS,
      in_list: true,
      filterable: true,
      sortable: true,
    },
    {
      id: "code",
      label: "Code",
      type: "data",
      required: true,
      max_length: 64,
      in_list: true,
      description: "What records store: lower case letters, digits and underscores.",
    },
    { id: "label", label: "Label", type: "data", required: true, max_length: 80, in_list: true },
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
    { id: "position", label: "Position", type: "int", min: 0, max: 10_000, in_list: true },
    {
      id: "active",
      label: "Active",
      type: "check",
      default: true,
      in_list: true,
      filterable: true,
    },
  ],
  list: {
    columns: ["kind", "code", "label", "tone", "position", "active"],
    sort: [{ field: "kind", dir: "asc" }, { field: "position", dir: "asc" }],
    views: TYPE_MASTER_KINDS.map((k) => ({
      id: k.value,
      label: k.label,
      filters: [{ field: "kind", op: "eq" as const, value: k.value }],
      sort: [{ field: "position", dir: "asc" as const }],
    })),
  },
  form: {
    tabs: [
      {
        id: "details",
        label: "Details",
        sections: [{ columns: [["kind", "code", "label"], ["tone", "position", "active"]] }],
      },
    ],
  },
  roles: {
    firm_admin: ["read", "create", "update", "delete", "export", "import", "level1"],
  },
});
