/**
 * A record type's metadata for the record widgets' tests: a task with every kind
 * of field the widgets treat apart (options with tones, a link, a date, a check,
 * a currency, conditional fields and a child table), two states and an action.
 */
import type { RecordTypeMeta } from "../../schemas/records/meta.ts";

/** The metadata of the test task type. */
export function taskMeta(overrides: Partial<RecordTypeMeta> = {}): RecordTypeMeta {
  return {
    id: "task",
    label: "Task",
    plural: "Tasks",
    module: "tasks",
    title_field: "title",
    search_fields: ["title"],
    submittable: false,
    fields: [
      {
        id: "title",
        label: "Title",
        type: "data",
        required: true,
        sortable: true,
        max_length: 140,
      },
      {
        id: "priority",
        label: "Priority",
        type: "int",
        filterable: true,
        sortable: true,
        options: [
          { value: "1", label: "Low", tone: "neutral" },
          { value: "2", label: "Medium", tone: "info" },
          { value: "3", label: "High", tone: "warning" },
          { value: "4", label: "Urgent", tone: "danger" },
        ],
      },
      { id: "project", label: "Project", type: "link", link: "project", filterable: true },
      { id: "due_date", label: "Due date", type: "date", filterable: true, sortable: true },
      { id: "estimated_hours", label: "Estimated hours", type: "float", precision: 1 },
      { id: "billable", label: "Billable", type: "check" },
      { id: "budget", label: "Budget", type: "currency", precision: 2 },
      { id: "notes", label: "Billing notes", type: "long_text", visible_if: "billable" },
      { id: "reason", label: "Why urgent", type: "data", required_if: "priority == 4" },
      { id: "code", label: "Code", type: "data", computed: true },
      {
        id: "lines",
        label: "Lines",
        type: "table",
        fields: [
          { id: "item", label: "Item", type: "data" },
          { id: "qty", label: "Quantity", type: "int" },
          { id: "amount", label: "Amount", type: "currency", precision: 2 },
        ],
      },
      {
        id: "lines_total",
        label: "Lines total",
        type: "currency",
        precision: 2,
        computed: true,
        formula: { sum: "lines.amount" },
      },
    ],
    states: [
      { id: "open", label: "Open", tone: "info", docstatus: 0 },
      { id: "done", label: "Done", tone: "success", docstatus: 0 },
    ],
    actions: [
      { id: "complete", label: "Complete", permission: "tasks.complete", comment: "optional" },
    ],
    can: {
      read: true,
      create: true,
      update: true,
      comment: true,
      delete: true,
      export: true,
      import: true,
    },
    list: {
      columns: ["title", "priority", "project", "due_date", "billable", "budget"],
      sort: [{ field: "due_date", dir: "asc" }],
      views: [{ id: "mine", label: "My tasks", filters: [{ field: "title", op: "is_set" }] }],
    },
    form: {
      tabs: [
        {
          id: "main",
          label: "Details",
          sections: [{
            label: "Task",
            columns: [
              ["title", "priority", "project", "reason", "code"],
              ["due_date", "estimated_hours", "billable", "notes", "budget"],
            ],
          }],
        },
        { id: "lines", label: "Lines", sections: [{ columns: [["lines"]] }] },
      ],
    },
    form_route: "/app/tasks/:id",
    ...overrides,
  };
}

/** A list row of the test type. */
export function taskRow(id: string, values: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    name: `TSK-${id}`,
    version: 1,
    title: `Task ${id}`,
    priority: 3,
    project: "p1",
    project__title: "Apollo",
    due_date: "2026-03-04",
    billable: true,
    budget: 1234.5,
    ...values,
  };
}
