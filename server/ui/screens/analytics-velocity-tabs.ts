/** The Velocity and Burndown tabs of the analytics screen. */
import type { Node } from "../../../schemas/descriptor/mod.ts";
import { VELOCITY_TREND } from "../value-labels.ts";

export const VELOCITY_TAB: Node[] = [
  {
    type: "grid",
    columns: 3,
    children: [
      {
        type: "stat",
        label: "Current velocity (points per sprint)",
        value: { $bind: "velocity", path: "current_velocity", format: "number" },
      },
      {
        type: "stat",
        label: "Average velocity (last 5 sprints)",
        value: { $bind: "velocity", path: "average_velocity", format: "number" },
      },
      {
        type: "card",
        title: "Trend",
        children: [{
          type: "trend-arrow",
          value: { $bind: "velocity", path: "velocity_trend", labels: VELOCITY_TREND },
          label: "Velocity trend",
        }],
      },
    ],
  },
  {
    type: "bar-chart",
    source: "velocity",
    path: "velocity_history",
    x: "day",
    y: "velocity",
    xLabel: "Day",
    labelEvery: 5,
    title: "Velocity history (story points per day)",
    emptyTitle: "Velocity Data Unavailable",
    emptyText: "Velocity Data Unavailable",
  },
  {
    type: "table",
    source: "velocity",
    path: "sprint_history",
    caption: "Sprints",
    columns: [
      { key: "name", label: "Sprint" },
      { key: "start_date", label: "Start", format: "date" },
      { key: "end_date", label: "End", format: "date" },
      { key: "planned_story_points", label: "Planned points", format: "number", align: "end" },
      { key: "velocity", label: "Completed points", format: "number", align: "end" },
    ],
    emptyText: "Velocity Data Unavailable",
  },
];

export const BURNDOWN_TAB: Node[] = [
  {
    type: "line-chart",
    source: "burndown",
    path: "burndown_points",
    x: "date",
    xFormat: "date",
    labelEvery: 5,
    title: "Remaining tasks",
    series: [
      { key: "remaining_tasks", label: "Remaining tasks", tone: "info" },
      { key: "ideal_remaining", label: "Ideal", tone: "neutral", dashed: true },
    ],
    emptyText: "No burndown data yet",
  },
  {
    type: "grid",
    columns: 2,
    children: [
      {
        type: "stat",
        label: "Sprint story points",
        value: { $bind: "burndown", path: "sprint_info.completed_story_points", format: "number" },
        hint: {
          $bind: "burndown",
          path: "sprint_info.total_story_points",
          format: "number",
          prefix: "of ",
        },
      },
      {
        type: "stat",
        label: "Sprint tasks completed",
        value: { $bind: "burndown", path: "sprint_info.completed_tasks", format: "integer" },
        hint: {
          $bind: "burndown",
          path: "sprint_info.total_tasks",
          format: "integer",
          prefix: "of ",
        },
      },
    ],
  },
];
