/**
 * The Resources tab of the project form (issue 14): each member's capacity against
 * the hours their open tasks need, per ISO week (one small grouped bar chart per
 * person, this week and the three after it), the members with their allocation
 * (editable for those who may update projects: an empty percentage takes the
 * spec's default, hourly rate / 10 rounded), and the utilisation report over the
 * project's span.
 */
import type { Node } from "../../../schemas/descriptor/mod.ts";
import type { FormTabContent } from "./record-form-tab.ts";
import type { MembershipAccess } from "../../platform/access/access.ts";
import { authorize } from "../../platform/access/authorize.ts";
import { PROJECT } from "../../areas/work/types/project.ts";

const BASE = "/enterprise-projects/{id}";
const CAPACITY = "resources_capacity";
const REPORT = "resources_utilization";
/** A team member's project role by its label (the project type's team table options). */
const ROLE_LABELS = Object.fromEntries(
  (PROJECT.field.get("members")?.childFields ?? []).find((f) => f.id === "role")?.options
    ?.map((o) => [o.value, o.label]) ?? [],
);
/** Screen state: the team row whose allocation is being edited. */
const EDITING = "resources_editing";

const UTILISATION_TONES = {
  $match: {
    value: { $field: "status" },
    cases: { over: "danger", balanced: "success", under: "warning" },
    otherwise: "neutral",
  },
} as const;

function allocationForm(): Node {
  return {
    type: "form",
    id: "resource-allocation",
    visibleWhen: { state: EDITING, present: true },
    fields: [
      {
        name: "allocation_percent",
        label: "Allocation (%)",
        kind: "number",
        min: 0,
        max: 100,
        help: "Leave empty for the default: the hourly rate divided by 10, rounded.",
      },
      { name: "capacity_hours", label: "Weekly capacity (h)", kind: "number", min: 0, max: 168 },
    ],
    submit: {
      label: "Save allocation",
      method: "PUT",
      path: `${BASE}/resources/{${EDITING}}/allocation`,
      successText: "Allocation saved",
      invalidate: [CAPACITY, REPORT],
      resetOnSuccess: true,
      onSuccess: { kind: "set-state", values: {}, clear: [EDITING] },
    },
  };
}

/** The tab's widgets and data calls for a caller who may read projects. */
export function resourcesTab(
  access: MembershipAccess,
): FormTabContent {
  const mayEdit = authorize(access, "projects", "update");
  return {
    sources: {
      [CAPACITY]: {
        method: "GET",
        path: `${BASE}/resource-capacity`,
        select: "data",
        label: "Capacity",
      },
      [REPORT]: {
        method: "GET",
        path: `${BASE}/resource-utilization-report`,
        select: "data",
        label: "Utilisation",
      },
    },
    children: [
      {
        type: "section",
        title: "Capacity against allocated work",
        description: "Hours per ISO week: each person's capacity and what their open tasks need.",
        children: [{
          type: "grouped-bar-chart",
          source: CAPACITY,
          path: "series",
          x: "week",
          groupBy: "member",
          xLabel: "Week",
          series: [
            { key: "capacity_hours", label: "Capacity (h)", tone: "info" },
            { key: "allocated_hours", label: "Allocated (h)", tone: "warning" },
          ],
          height: 160,
          emptyText: "Nobody is on this project's team yet.",
        }],
      },
      {
        type: "section",
        title: "Team allocation",
        children: [
          {
            type: "table",
            source: CAPACITY,
            path: "members",
            columns: [
              { key: "user_name", label: "Person" },
              { key: "role", label: "Role", labels: ROLE_LABELS },
              { key: "allocation_percent", label: "Allocation", format: "percent", align: "end" },
              {
                key: "weekly_capacity_hours",
                label: "Weekly capacity",
                format: "hours",
                align: "end",
              },
              { key: "capacity_hours", label: "Capacity", format: "hours", align: "end" },
              { key: "allocated_hours", label: "Allocated", format: "hours", align: "end" },
              { key: "unscheduled_hours", label: "Not scheduled", format: "hours", align: "end" },
              {
                key: "over_allocated",
                label: "Load",
                labels: { true: "Over-allocated", false: "Within capacity" },
                tone: {
                  $match: {
                    value: { $field: "over_allocated" },
                    cases: { true: "danger" },
                    otherwise: "success",
                  },
                },
              },
            ],
            emptyText: "Nobody is on this project's team yet.",
            ...(mayEdit
              ? {
                rowActions: [{
                  label: "Edit allocation",
                  action: { kind: "set-state", values: { [EDITING]: { $field: "resource_id" } } },
                }],
              }
              : {}),
          },
          ...(mayEdit ? [allocationForm()] : []),
        ],
      },
      {
        type: "section",
        title: "Utilisation over the project",
        children: [{
          type: "table",
          source: REPORT,
          path: "members",
          columns: [
            { key: "user_name", label: "Person" },
            { key: "capacity_hours", label: "Capacity", format: "hours", align: "end" },
            { key: "allocated_hours", label: "Open work", format: "hours", align: "end" },
            { key: "logged_hours", label: "Logged", format: "hours", align: "end" },
            { key: "utilization_percent", label: "Utilisation", format: "percent", align: "end" },
            {
              key: "allocation_utilization_percent",
              label: "Of allocation",
              format: "percent",
              align: "end",
            },
            { key: "status_label", label: "Status", tone: UTILISATION_TONES },
          ],
          emptyText: "Nobody is on this project's team yet.",
        }],
      },
    ],
  };
}
