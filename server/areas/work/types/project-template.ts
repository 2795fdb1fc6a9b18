/** A project template: a reusable plan new projects start from, grouped by category in the template picker. */
import { defineRecordType } from "../../../records/define.ts";

export const PROJECT_TEMPLATE = defineRecordType({
  id: "project_template",
  label: "Project template",
  plural: "Project templates",
  module: "project-templates",
  table: "project_templates",
  naming: { field: "name" },
  title_field: "name",
  search_fields: ["name", "category", "description"],
  fields: [
    {
      id: "name",
      label: "Template name",
      type: "data",
      required: true,
      in_list: true,
    },
    {
      id: "category",
      label: "Category",
      type: "data",
      required: true,
      max_length: 80,
      in_list: true,
      filterable: true,
      sortable: true,
    },
    { id: "description", label: "Description", type: "long_text", in_list: true },
    {
      id: "task_count",
      label: "Tasks",
      type: "int",
      min: 0,
      max: 1000,
      in_list: true,
      description: "How many tasks a project started from the template gets.",
    },
  ],
  list: {
    columns: ["name", "category", "task_count", "description"],
    sort: [{ field: "category", dir: "asc" }, { field: "name", dir: "asc" }],
  },
  form: {
    tabs: [
      {
        id: "details",
        label: "Details",
        sections: [
          { columns: [["name", "category"], ["task_count"]] },
          { label: "Description", columns: [["description"]] },
        ],
      },
    ],
  },
  roles: {
    firm_admin: ["read", "create", "update", "delete", "export", "import", "level1"],
    project_manager: ["read", "create", "update", "delete", "export"],
  },
});
