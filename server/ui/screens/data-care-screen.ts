/**
 * Data care, an administrator's maintenance screen under System Settings (it is
 * no project form's tab: query plans, timings and indexes are no one's daily
 * work). The administrator picks a project; the screen then shows its integrity
 * findings, a performance test of the analytics queries, the indexes with the
 * queries they serve, the plans with what would improve them, the recommended
 * indexes (add) and the precomputed summaries (refresh). Picking a project runs
 * the integrity and performance tests, both read-only.
 */
import type { Node, Source } from "../../../schemas/descriptor/mod.ts";
import { head, type ScreenDef } from "./screen-def.ts";
import { PROJECT_STATUS } from "../record-labels.ts";

const API = "/enterprise-projects/{projectId}";
/** The care sources wait for a picked project. */
const WAIT = { enabledWhen: ["projectId"] };

const SEVERITY = { error: "Error", warning: "Warning" };
const CHECKS = {
  orphan: "Orphan",
  dependency_cycle: "Dependency cycle",
  date_order: "Dates out of order",
  totals: "Totals disagree",
};
const RECORD_TYPES = { project: "Project", task: "Task", project_phase: "Phase" };
const VIEW_STATUS = { fresh: "Fresh", stale: "Stale", missing: "Not computed" };

const CARE_SOURCES: Record<string, Source> = {
  care_integrity: {
    ...WAIT,
    method: "POST",
    path: `${API}/data-integrity-tests`,
    select: "data",
    label: "Integrity findings",
  },
  care_performance: {
    ...WAIT,
    method: "POST",
    path: `${API}/performance-tests`,
    body: { test_scenario: "analytics", runs: 20 },
    select: "data",
    label: "Performance test",
  },
  care_indexes: {
    ...WAIT,
    method: "GET",
    path: `${API}/database-indexes`,
    select: "data",
    label: "Indexes",
  },
  care_plans: {
    ...WAIT,
    method: "GET",
    path: `${API}/query-optimizations`,
    select: "data",
    label: "Query plans",
  },
  care_views: {
    ...WAIT,
    method: "GET",
    path: `${API}/materialized-views`,
    select: "data",
    label: "Precomputed summaries",
  },
};

const CARE_SECTIONS: Node[] = [
  {
    type: "section",
    title: "Integrity",
    children: [
      {
        type: "grid",
        columns: 2,
        children: [
          {
            type: "stat",
            label: "Errors",
            value: { $bind: "care_integrity", path: "errors", format: "integer" },
            tone: {
              $rule: {
                value: { $bind: "care_integrity", path: "errors" },
                thresholds: [{ min: 1, tone: "danger" }],
                otherwise: "success",
              },
            },
          },
          {
            type: "stat",
            label: "Warnings",
            value: { $bind: "care_integrity", path: "warnings", format: "integer" },
          },
        ],
      },
      {
        type: "table",
        source: "care_integrity",
        path: "findings",
        emptyText: "No findings: the project's data is consistent.",
        columns: [
          {
            key: "severity",
            label: "Severity",
            labels: SEVERITY,
            tone: {
              $match: {
                value: { $field: "severity" },
                cases: { error: "danger", warning: "warning" },
                otherwise: "neutral",
              },
            },
          },
          { key: "check", label: "Check", labels: CHECKS },
          { key: "record.type", label: "Record", labels: RECORD_TYPES },
          { key: "record.name", label: "Name" },
          { key: "message", label: "Finding" },
        ],
      },
      {
        type: "button",
        label: "Run the integrity test again",
        variant: "secondary",
        action: { kind: "refresh", sources: ["care_integrity"] },
      },
    ],
  },
  {
    type: "section",
    title: "Performance of the analytics queries (20 runs)",
    children: [
      {
        type: "grid",
        columns: 3,
        children: [
          {
            type: "stat",
            label: "Median (p50)",
            value: {
              $bind: "care_performance",
              path: "p50_ms",
              format: "number",
              suffix: " ms",
            },
          },
          {
            type: "stat",
            label: "p95",
            value: {
              $bind: "care_performance",
              path: "p95_ms",
              format: "number",
              suffix: " ms",
            },
          },
          {
            type: "stat",
            label: "Slowest",
            value: {
              $bind: "care_performance",
              path: "max_ms",
              format: "number",
              suffix: " ms",
            },
          },
        ],
      },
      {
        type: "button",
        label: "Run the performance test again",
        variant: "secondary",
        action: { kind: "refresh", sources: ["care_performance"] },
      },
    ],
  },
  {
    type: "section",
    title: "Query plans",
    children: [{
      type: "table",
      source: "care_plans",
      path: "queries",
      emptyText: "No analytics queries.",
      columns: [
        { key: "label", label: "Query" },
        { key: "median_ms", label: "Median ms", format: "number", align: "end" },
        { key: "plan.summary", label: "Plan" },
        {
          key: "advice",
          label: "What would improve it",
          fallback: "Nothing: indexes serve it.",
        },
      ],
    }],
  },
  {
    type: "section",
    title: "Indexes",
    children: [
      {
        type: "table",
        source: "care_indexes",
        path: "indexes",
        emptyText: "No indexes.",
        searchable: true,
        columns: [
          { key: "name", label: "Index" },
          { key: "table", label: "Table" },
          { key: "serves", label: "Used by", fallback: "No analytics query" },
          { key: "definition", label: "Definition" },
        ],
      },
      {
        type: "table",
        source: "care_indexes",
        path: "recommended",
        caption: "Recommended indexes",
        emptyText: "No recommendations.",
        columns: [
          { key: "index_id", label: "Index" },
          { key: "table", label: "Table" },
          { key: "reason", label: "Why" },
          { key: "applied", label: "Added", labels: { true: "Yes", false: "No" } },
        ],
        rowActions: [{
          label: "Add index",
          when: { field: "applied", equals: false },
          action: {
            kind: "call",
            method: "POST",
            path: `${API}/database-indexes`,
            body: { index_id: { $field: "index_id" } },
            invalidate: ["care_indexes", "care_plans"],
            toast: "Index added",
          },
        }],
      },
    ],
  },
  {
    type: "section",
    title: "Precomputed summaries",
    children: [{
      type: "table",
      source: "care_views",
      path: "views",
      emptyText: "No precomputed summaries.",
      columns: [
        { key: "label", label: "Summary" },
        {
          key: "status",
          label: "Status",
          labels: VIEW_STATUS,
          tone: {
            $match: {
              value: { $field: "status" },
              cases: { fresh: "success", stale: "warning" },
              otherwise: "neutral",
            },
          },
        },
        { key: "refreshed_at", label: "Refreshed", format: "datetime", fallback: "Never" },
        { key: "refresh_ms", label: "Took ms", format: "number", fallback: "—" },
      ],
      rowActions: [{
        label: "Refresh",
        action: {
          kind: "call",
          method: "POST",
          path: `${API}/materialized-views/{view_id}/refresh`,
          invalidate: ["care_views"],
          toast: "Summary refreshed",
        },
      }],
    }],
  },
];

/** The Data care screen (System Settings › Data care). */
export const DATA_CARE_SCREEN: ScreenDef = {
  id: "settings/data-care",
  audience: "staff",
  module: "settings",
  build: () => ({
    ...head("settings/data-care", "Data care", "dynamic"),
    state: { projectId: null },
    urlState: ["projectId"],
    sources: {
      projects: {
        method: "POST",
        path: "/projects/list",
        body: {},
        select: "projects",
        label: "Projects",
        emptyText: "No projects",
      },
      ...CARE_SOURCES,
    },
    body: {
      type: "page",
      title: "Data care",
      description:
        "Maintenance of a project's data: integrity checks, query performance, indexes and precomputed summaries.",
      children: [
        {
          type: "card",
          title: "Project",
          children: [{
            type: "selectable-list",
            source: "projects",
            title: { $field: "name" },
            meta: [{ $field: "status", labels: PROJECT_STATUS }],
            onSelect: { kind: "set-state", values: { projectId: { $field: "id" } } },
            selectedState: "projectId",
            maxHeight: "16rem",
            emptyTitle: "No projects",
            emptyText: "Data care looks after a project's data: create a project first.",
          }],
        },
        {
          type: "stack",
          direction: "column",
          visibleWhen: { state: "projectId", present: true },
          children: CARE_SECTIONS,
        },
      ],
    },
  }),
};
