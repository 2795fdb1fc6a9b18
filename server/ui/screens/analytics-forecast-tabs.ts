/**
 * The Forecast and Team tabs of the analytics screen. Scenario confidences (the
 * spec's rule): optimistic = a tenth of the completion probability, realistic = the
 * probability, pessimistic = 1.5 times it, capped at 100%. Their dates are the
 * Monte Carlo distribution's 10th, 50th and 90th percentiles: one simulated run in
 * ten finishes by the optimistic date, half by the realistic one (the estimated
 * completion), nine in ten by the pessimistic one.
 */
import type { Node } from "../../../schemas/descriptor/mod.ts";
import { COMPLETION_BADGE, QUALITY_DOT, scheduleBadge } from "./analytics-rules.ts";

const scenario = (
  title: string,
  options: { percentile: "p10" | "p50" | "p90"; factor: number },
  tone: "success" | "info" | "warning",
  description: string,
): Node => ({
  type: "scenario-card",
  title,
  date: {
    $bind: "forecast",
    path: `percentiles.${options.percentile}`,
    format: "date",
    fallback: "TBD",
  },
  probability: { $bind: "forecast", path: "completion_probability" },
  factor: options.factor,
  cap: 1,
  tone,
  description,
});

export const FORECAST_TAB: Node[] = [
  {
    type: "grid",
    columns: 3,
    children: [
      {
        type: "stat",
        label: "Completion probability",
        value: { $bind: "forecast", path: "completion_probability", format: "fraction-percent" },
      },
      {
        type: "stat",
        label: "Current progress",
        value: { $bind: "forecast", path: "current_progress", format: "percent" },
      },
      {
        type: "stat",
        label: "Estimated completion",
        value: { $bind: "forecast", path: "estimated_completion", format: "date", fallback: "TBD" },
      },
    ],
  },
  {
    type: "grid",
    columns: 3,
    children: [
      scenario(
        "Optimistic",
        { percentile: "p10", factor: 0.1 },
        "success",
        "1 simulated run in 10 finishes by this date (10th percentile). Confidence is one tenth of the completion probability.",
      ),
      scenario(
        "Realistic",
        { percentile: "p50", factor: 1 },
        "info",
        "Half of the simulated runs finish by this date (median). Confidence is the completion probability.",
      ),
      scenario(
        "Pessimistic",
        { percentile: "p90", factor: 1.5 },
        "warning",
        "9 simulated runs in 10 finish by this date (90th percentile). Confidence is 1.5 times the completion probability, capped at 100%.",
      ),
    ],
  },
  {
    type: "grid",
    columns: 2,
    children: [
      {
        type: "card",
        title: "Key assumptions",
        children: [{
          type: "list",
          source: "forecast",
          path: "factors_affecting_forecast",
          title: { $field: "." },
          limit: 3,
          emptyText: "No assumptions recorded",
        }],
      },
      {
        type: "card",
        title: "Risk factors",
        children: [{
          type: "list",
          source: "forecast",
          path: "factors_affecting_forecast",
          title: { $field: "." },
          skip: 3,
          emptyText: "No further risk factors",
        }],
      },
    ],
  },
  {
    type: "card",
    title: "Timeline context",
    children: [
      scheduleBadge("forecast", "schedule_status", { onTrack: "On Track", delayed: "Delayed" }),
      {
        type: "text",
        text: {
          $bind: "forecast",
          path: "variance_days",
          format: "integer",
          prefix: "Variance: ",
          suffix: " days",
          fallback: "Variance: TBD",
        },
      },
    ],
  },
  {
    type: "bar-chart",
    source: "forecast",
    path: "distribution",
    x: "date",
    y: "runs",
    labelEvery: 5,
    title: "Simulated completion dates (runs per day)",
    emptyText: "No simulated runs: the project is complete, or no work was completed recently",
  },
];

export const TEAM_TAB: Node[] = [
  {
    type: "grid",
    columns: 4,
    children: [
      {
        type: "stat",
        label: "Active members",
        value: {
          $bind: "analytics",
          path: "productivity_metrics.active_team_members",
          format: "integer",
        },
      },
      {
        type: "stat",
        label: "Unassigned tasks",
        value: { $bind: "team", path: "unassigned_tasks", format: "integer" },
      },
      {
        type: "stat",
        label: "Completion rate",
        value: { $bind: "team", path: "team_averages.completion_rate", format: "percent" },
        tone: COMPLETION_BADGE({ $bind: "team", path: "team_averages.completion_rate" }),
      },
      {
        type: "stat",
        label: "Productivity score",
        value: {
          $bind: "analytics",
          path: "productivity_metrics.productivity_score",
          format: "number",
        },
      },
    ],
  },
  {
    type: "table",
    source: "team",
    path: "team_members",
    columns: [
      { key: "user_name", label: "Member", sortable: true },
      { key: "total_tasks", label: "Total", format: "integer", align: "end", floor: 1 },
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
      {
        key: "quality_score",
        label: "Quality",
        format: "fraction-percent",
        align: "end",
        tone: QUALITY_DOT({ $field: "quality_score" }),
      },
      { key: "story_points_completed", label: "Story points", format: "number", align: "end" },
      { key: "estimated_hours_completed", label: "Hours", format: "hours", align: "end" },
      {
        key: "tasks_completed",
        label: "Performance",
        text: {
          $text: {
            value: { $field: "tasks_completed" },
            thresholds: [{ min: 1, text: "Active" }],
            otherwise: "Getting Started",
          },
        },
        tone: {
          $rule: {
            value: { $field: "tasks_completed" },
            thresholds: [{ min: 1, tone: "success" }],
            otherwise: "neutral",
          },
        },
      },
      {
        key: "tasks_completed",
        label: "Activity",
        text: {
          $text: {
            value: { $field: "tasks_completed" },
            thresholds: [{ min: 1, text: "" }],
            otherwise: "Low Activity",
          },
        },
      },
    ],
    emptyText: "No team members yet",
  },
  {
    type: "card",
    title: "Collaboration",
    children: [
      {
        type: "stat",
        label: "Collaboration rating",
        value: { $bind: "team", path: "collaboration_score", format: "number", suffix: " / 100" },
      },
      {
        type: "tone-dot",
        tone: QUALITY_DOT({ $bind: "team", path: "team_averages.quality_score" }),
        label: {
          $bind: "team",
          path: "team_averages.quality_score",
          format: "fraction-percent",
          prefix: "Team quality ",
        },
      },
    ],
  },
  {
    type: "card",
    title: "Performance recommendations",
    children: [{
      type: "rich-text",
      blocks: [{
        kind: "list",
        items: [
          [{ text: "Pair members who are getting started with experienced colleagues." }],
          [{ text: "Assign unassigned tasks before the next sprint starts." }],
          [{ text: "Review estimates where completion time runs well above plan." }],
        ],
      }],
    }],
  },
];
