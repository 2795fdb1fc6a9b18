/**
 * A task: a piece of work on a project, assigned to one person (spec §3 Task).
 * Status values come from the organisation's `task_status` type masters; priority
 * is stored 1–4 (low, medium, high, critical; default 2). Members are confined to
 * the tasks assigned to them or created by them.
 */
import { defineRecordType } from "../../../records/define.ts";

export const TASK = defineRecordType({
  id: "task",
  label: "Task",
  plural: "Tasks",
  module: "tasks",
  table: "tasks",
  naming: { series: "TSK-.YYYY.-.#####" },
  title_field: "title",
  search_fields: ["title", "name", "tags"],
  fields: [
    { id: "title", label: "Title", type: "data", required: true, in_list: true, sortable: true },
    {
      id: "project",
      label: "Project",
      type: "link",
      link: "project",
      column: "project_id",
      in_list: true,
      filterable: true,
    },
    {
      id: "assignee",
      label: "Assignee",
      type: "link",
      link: "user",
      column: "assignee_id",
      in_list: true,
      filterable: true,
    },
    {
      id: "status",
      label: "Status",
      type: "select",
      options_from: "task_status",
      required: true,
      default: "todo",
      in_list: true,
      filterable: true,
    },
    {
      id: "priority",
      label: "Priority",
      type: "int",
      required: true,
      default: 2,
      min: 1,
      max: 4,
      options: [
        { value: "1", label: "Low", tone: "neutral" },
        { value: "2", label: "Medium", tone: "info" },
        { value: "3", label: "High", tone: "warning" },
        { value: "4", label: "Critical", tone: "danger" },
      ],
      in_list: true,
      filterable: true,
      sortable: true,
    },
    {
      id: "start_date",
      label: "Start date",
      type: "date",
      filterable: true,
      sortable: true,
      description: "When work is planned to begin; the schedule optimiser proposes it.",
    },
    {
      id: "phase",
      label: "Phase",
      type: "data",
      column: "phase_id",
      hidden: true,
      description: "The project phase row this task belongs to.",
    },
    {
      id: "due_date",
      label: "Due date",
      type: "date",
      in_list: true,
      filterable: true,
      sortable: true,
    },
    {
      id: "estimated_hours",
      label: "Estimated hours",
      type: "float",
      min: 0,
      max: 10_000,
      precision: 1,
    },
    { id: "actual_hours", label: "Actual hours", type: "float", min: 0, max: 10_000, precision: 1 },
    {
      id: "progress",
      label: "Progress",
      type: "percent",
      column: "progress_percentage",
      min: 0,
      max: 100,
      precision: 0,
    },
    { id: "story_points", label: "Story points", type: "int", min: 0, max: 100 },
    {
      id: "tags",
      label: "Tags",
      type: "data",
      description: "Comma-separated, for example: backend, client",
      max_length: 500,
    },
    { id: "description", label: "Description", type: "long_text" },
    {
      id: "milestone",
      label: "Milestone",
      type: "check",
      column: "is_milestone",
      filterable: true,
      description: "Marks a delivery point of the project.",
    },
    {
      id: "billable",
      label: "Billable",
      type: "check",
      column: "is_billable",
      default: true,
      description: "Hours logged on the task are billed to the client.",
    },
    {
      id: "dependencies",
      label: "Depends on",
      type: "table",
      description: "Tasks that must be finished before this one can start.",
      child: {
        table: "task_dependencies",
        row_label: "Dependency",
        parent_column: "task_id",
        max_rows: 50,
        fields: [
          {
            id: "depends_on",
            label: "Task",
            type: "link",
            link: "task",
            required: true,
            in_list: true,
            // A task waits on other work of its own project.
            link_filters: [
              { field: "project", op: "eq", value: { $field: "project" } },
              { field: "id", op: "ne", value: { $field: "id" } },
            ],
          },
        ],
      },
    },
    { id: "started_at", label: "Started", type: "datetime", read_only: true },
    {
      id: "completed_at",
      label: "Completed",
      type: "datetime",
      read_only: true,
      visible_if: "status == 'completed'",
    },
  ],
  list: {
    columns: ["name", "title", "project", "assignee", "status", "priority", "due_date"],
    sort: [{ field: "due_date", dir: "asc" }],
    views: [
      {
        id: "my-tasks",
        label: "My tasks",
        filters: [
          { field: "assignee", op: "eq", value: "@me" },
          { field: "status", op: "ne", value: "completed" },
        ],
        sort: [{ field: "due_date", dir: "asc" }],
      },
      {
        id: "upcoming-tasks",
        label: "Upcoming tasks",
        filters: [
          { field: "due_date", op: "between", value: ["@today", "@today+14"] },
          { field: "status", op: "ne", value: "completed" },
        ],
        sort: [{ field: "due_date", dir: "asc" }],
      },
    ],
  },
  form: {
    tabs: [
      {
        id: "details",
        label: "Details",
        sections: [
          {
            columns: [["title", "project", "assignee"], [
              "status",
              "priority",
              "start_date",
              "due_date",
            ]],
          },
          { label: "Description", columns: [["description"], ["tags"]] },
        ],
      },
      {
        id: "planning",
        label: "Planning",
        sections: [
          {
            label: "Effort",
            columns: [["estimated_hours", "actual_hours", "story_points"], [
              "progress",
              "started_at",
              "completed_at",
            ]],
          },
          { label: "Flags", columns: [["milestone"], ["billable"]] },
          { label: "Dependencies", columns: [["dependencies"]] },
        ],
      },
    ],
  },
  roles: {
    firm_admin: ["read", "create", "update", "delete", "export", "import", "level1"],
    project_manager: ["read", "create", "update", "delete", "export", "import", "level1"],
    member: ["read", "create", "update", "export"],
    sales: ["read", "create", "update"],
    finance: ["read", "export"],
  },
  own_records: { roles: ["member"], fields: ["assignee", "created_by"] },
  // A task's status history is its own; logged time still naming it refuses the delete.
  delete_with: [{ table: "task_status_history", column: "task_id" }],
});
