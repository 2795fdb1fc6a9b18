/** The Overview tab of the analytics screen: the cards and blocks of analytics spec §2. */
import type { Node } from "../../../schemas/descriptor/mod.ts";
import { COMPLETION_BADGE, level, recommendations } from "./analytics-rules.ts";
import { OVERVIEW_CARDS } from "./analytics-overview-cards.ts";
import { PRIORITY, RISK_KIND, RISK_LEVEL } from "../value-labels.ts";
import { fieldLabels } from "../record-labels.ts";
import type { OrganizationLists } from "../organization-lists.ts";
import { TASK } from "../../areas/work/types/task.ts";
import { PRIORITY_NAMES, TASK_STATUSES } from "../../areas/analytics/projects/constants.ts";

/**
 * A card counting tasks by one of their enumerated values: one line per value the
 * figures know (every status, every priority) and the total, so the lines always
 * add up to it — a value cannot be left out by a hand-written list.
 */
function countCard(
  title: string,
  block: "tasks_by_status" | "tasks_by_priority",
  values: readonly string[],
  labels: Readonly<Record<string, string>>,
): Node {
  return {
    type: "card",
    title,
    children: [{
      type: "key-value",
      items: [
        ...values.map((value) => ({
          label: labels[value],
          value: {
            $bind: "progress",
            path: `task_progress.${block}.${value}`,
            format: "integer" as const,
          },
        })),
        {
          label: "Total",
          value: {
            $bind: "progress",
            path: "task_progress.total_tasks",
            format: "integer" as const,
          },
        },
      ],
    }],
  };
}

/** The Overview tab, its task statuses labelled as the organisation names them. */
export const overviewTab = (lists: OrganizationLists): Node[] => [
  OVERVIEW_CARDS,
  {
    type: "grid",
    columns: 3,
    children: [
      countCard(
        "Tasks by status",
        "tasks_by_status",
        TASK_STATUSES,
        fieldLabels(TASK, "status", lists),
      ),
      countCard("Tasks by priority", "tasks_by_priority", [...PRIORITY_NAMES].reverse(), PRIORITY),
      {
        type: "card",
        title: "Estimated hours",
        children: [{
          type: "key-value",
          items: [
            {
              label: "Total",
              value: {
                $bind: "progress",
                path: "task_progress.total_estimated_hours",
                format: "hours",
              },
            },
            {
              label: "Completed",
              value: {
                $bind: "progress",
                path: "task_progress.completed_estimated_hours",
                format: "hours",
              },
            },
          ],
        }],
      },
    ],
  },
  {
    type: "grid",
    columns: 2,
    children: [
      {
        type: "card",
        title: "Health factors",
        children: [{
          type: "key-value",
          items: [
            {
              label: "Completion rate",
              value: {
                $bind: "health",
                path: "health_factors.completion_rate",
                format: "fraction-percent",
              },
            },
            {
              label: "Overdue ratio",
              value: {
                $bind: "health",
                path: "health_factors.overdue_ratio",
                format: "fraction-percent",
              },
            },
          ],
        }],
      },
      {
        type: "card",
        title: "Risk indicators",
        children: [{
          type: "list",
          source: "health",
          path: "risk_indicators",
          title: { $field: "type", labels: RISK_KIND },
          subtitle: { $field: "description" },
          badge: { text: { $field: "severity", labels: RISK_LEVEL }, tone: level("severity") },
          emptyText: "No major health risks detected",
        }],
      },
    ],
  },
  {
    type: "card",
    title: "Recommended actions",
    children: [
      recommendations("progress", "risk_assessment.recommendations", "No recommended actions"),
    ],
  },
  {
    type: "grid",
    columns: 3,
    children: [
      {
        type: "card",
        title: "Progress analysis",
        children: [{
          type: "key-value",
          items: [
            {
              label: "Overall progress",
              value: {
                $bind: "analytics",
                path: "progress_metrics.overall_progress",
                format: "percent",
              },
            },
            {
              label: "Task completion rate",
              value: {
                $bind: "analytics",
                path: "progress_metrics.task_completion_rate",
                format: "percent",
              },
            },
            {
              label: "Milestones completed",
              value: {
                $bind: "analytics",
                path: "progress_metrics.milestone_completion_rate",
                format: "percent",
              },
            },
          ],
        }],
      },
      {
        type: "card",
        title: "Velocity",
        children: [{
          type: "key-value",
          items: [
            {
              label: "Tasks per day",
              value: {
                $bind: "analytics",
                path: "velocity_metrics.daily_task_velocity",
                format: "number",
              },
            },
            {
              label: "Story points per day",
              value: {
                $bind: "analytics",
                path: "velocity_metrics.daily_story_point_velocity",
                format: "number",
              },
            },
            {
              label: "Hours per day",
              value: {
                $bind: "analytics",
                path: "velocity_metrics.daily_hour_velocity",
                format: "hours",
              },
            },
          ],
        }],
      },
      {
        type: "card",
        title: "Team productivity",
        children: [{
          type: "key-value",
          items: [
            {
              label: "Active members",
              value: {
                $bind: "analytics",
                path: "productivity_metrics.active_team_members",
                format: "integer",
              },
            },
            {
              label: "Unassigned tasks",
              value: {
                $bind: "analytics",
                path: "productivity_metrics.unassigned_tasks",
                format: "integer",
              },
            },
            {
              label: "Productivity score",
              value: {
                $bind: "analytics",
                path: "productivity_metrics.productivity_score",
                format: "number",
              },
            },
          ],
        }],
      },
    ],
  },
  {
    type: "card",
    title: "Team members",
    children: [{
      type: "table",
      source: "team",
      path: "team_members",
      columns: [
        { key: "user_name", label: "Member", sortable: true },
        { key: "total_tasks", label: "Tasks", format: "integer", align: "end", floor: 1 },
        {
          key: "tasks_completed",
          label: "Completed",
          format: "integer",
          align: "end",
          sortable: true,
        },
        {
          key: "completion_rate",
          label: "Completion rate",
          format: "percent",
          align: "end",
          tone: COMPLETION_BADGE({ $field: "completion_rate" }),
        },
      ],
      emptyText: "No team members yet",
    }],
  },
  {
    type: "card",
    title: "Timeline analysis",
    children: [{
      type: "key-value",
      items: [
        {
          label: "Schedule variance (days)",
          value: {
            $bind: "analytics",
            path: "timeline_analysis.schedule_variance",
            format: "integer",
            fallback: "TBD",
          },
        },
        {
          label: "Estimated completion",
          value: {
            $bind: "analytics",
            path: "timeline_analysis.estimated_completion",
            format: "date",
            fallback: "TBD",
          },
        },
      ],
    }],
  },
  {
    type: "card",
    title: "Analytics recommendations",
    children: [recommendations("analytics", "recommendations", "No critical issues detected")],
  },
];
