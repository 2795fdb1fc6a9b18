/**
 * A project template: a reusable plan new projects start from, grouped by category
 * in the template picker. Its plan is its task rows (each with a key other rows
 * name in "Depends on", a start offset and a duration in working days, the staff
 * role that does it, a milestone flag) and its role rows (the person who takes a
 * role's tasks in a new project, and their part in the team). `task_count` is the
 * number of task rows, kept by the controller (templates/template-controller.ts),
 * which also refuses a plan whose dependencies name no row, the row itself or a cycle.
 */
import { defineRecordType } from "../../../records/define.ts";
import { ROLE_OPTIONS } from "../../../records/declaration.ts";
import { PHASES, TEAM_ROLES } from "./project.ts";

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
      read_only: true,
      in_list: true,
      description: "How many tasks a project started from the template gets (its task rows).",
    },
    {
      id: "tasks",
      label: "Plan",
      type: "table",
      description: "The plan: each row becomes a task of a project started from the template.",
      child: {
        table: "project_template_tasks",
        row_label: "Task",
        parent_column: "template_id",
        max_rows: 200,
        fields: [
          {
            id: "key",
            label: "Key",
            type: "data",
            required: true,
            max_length: 20,
            in_list: true,
            description: "A short name other rows use in “Depends on” (T1, T2…).",
          },
          { id: "title", label: "Title", type: "data", required: true, in_list: true },
          { id: "description", label: "Description", type: "data", max_length: 500 },
          { id: "phase", label: "Phase", type: "select", options: PHASES, in_list: true },
          {
            id: "start_offset",
            label: "Starts on day",
            type: "int",
            required: true,
            default: 0,
            min: 0,
            max: 2000,
            in_list: true,
            description: "Working days from the project's start (day 0) to the task's start.",
          },
          {
            id: "duration_days",
            label: "Working days",
            type: "int",
            required: true,
            default: 1,
            min: 0,
            max: 500,
            in_list: true,
            description:
              "How many working days the task takes; 0 for a milestone, due the day it starts.",
          },
          {
            id: "estimated_hours",
            label: "Hours",
            type: "float",
            min: 0,
            max: 10_000,
            precision: 1,
            in_list: true,
          },
          {
            id: "role",
            label: "Role",
            type: "select",
            options_from: ROLE_OPTIONS,
            in_list: true,
            description: "The staff role that does the task; its person comes from the role rows.",
          },
          {
            id: "milestone",
            label: "Milestone",
            type: "check",
            column: "is_milestone",
            in_list: true,
          },
          {
            id: "depends_on",
            label: "Depends on",
            type: "data",
            max_length: 200,
            in_list: true,
            description: "Keys of rows that must finish first, separated by commas (T1, T2).",
          },
        ],
      },
    },
    {
      id: "roles",
      label: "Roles",
      type: "table",
      description: "Who takes each role's tasks in a new project, and joins its team.",
      child: {
        table: "project_template_roles",
        row_label: "Role",
        parent_column: "template_id",
        max_rows: 50,
        fields: [
          {
            id: "role",
            label: "Role",
            type: "select",
            options_from: ROLE_OPTIONS,
            required: true,
            in_list: true,
          },
          {
            id: "user",
            label: "Person",
            type: "link",
            link: "user",
            column: "user_id",
            in_list: true,
            description: "Left empty, the role's tasks start unassigned.",
          },
          {
            id: "team_role",
            label: "Part in the team",
            type: "select",
            required: true,
            default: "developer",
            options: TEAM_ROLES,
            in_list: true,
          },
        ],
      },
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
      { id: "plan", label: "Plan", sections: [{ columns: [["tasks"]] }] },
      { id: "roles", label: "Roles", sections: [{ columns: [["roles"]] }] },
    ],
  },
  roles: {
    firm_admin: ["read", "create", "update", "delete", "export", "import", "level1"],
    project_manager: ["read", "create", "update", "delete", "export"],
    // A proposal names the plan its acceptance starts.
    sales: ["read"],
  },
});
