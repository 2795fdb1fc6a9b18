/**
 * The Forecast and Team tabs of the analytics screen. Scenario confidences (decided
 * in the issue): optimistic = a tenth of the completion probability, realistic = the
 * probability, pessimistic = 1.5 times it, capped at 100%; all show the same date.
 */
import type { Node } from "../../../schemas/descriptor/mod.ts";
import { COMPLETION_BADGE, QUALITY_DOT } from "./analytics-rules.ts";

const scenario = (
  title: string,
  factor: number,
  tone: "success" | "info" | "warning",
  description: string,
): Node => ({
  type: "scenario-card",
  title,
  date: { $bind: "forecast", path: "estimated_completion", format: "date", fallback: "TBD" },
  probability: { $bind: "forecast", path: "completion_probability" },
  factor,
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
        0.1,
        "success",
        "Confidence is one tenth of the completion probability.",
      ),
      scenario("Realistic", 1, "info", "Confidence is the completion probability."),
      scenario(
        "Pessimistic",
        1.5,
        "warning",
        "Confidence is 1.5 times the completion probability, capped at 100%.",
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
      {
        type: "badge",
        text: {
          $text: {
            value: { $bind: "forecast", path: "is_on_track" },
            cases: { true: "On Track" },
            otherwise: "Delayed",
          },
        },
        tone: {
          $match: {
            value: { $bind: "forecast", path: "is_on_track" },
            cases: { true: "success" },
            otherwise: "danger",
          },
        },
      },
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
    emptyText: "Not enough completed work to simulate yet",
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
        key: "quality_score",
        label: "Completion rate",
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
