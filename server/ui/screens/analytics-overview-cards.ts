/**
 * The four headline cards of the Overview tab: progress, health, risk and timeline.
 * The progress card shows the progress figure once, to its one decimal, as every
 * other tab does (a bar would label it rounded to a whole percent).
 */
import type { Node } from "../../../schemas/descriptor/mod.ts";
import { COMPLETION_BADGE, HEALTH_TONE, LEVEL_TONE, scheduleBadge } from "./analytics-rules.ts";
import { HEALTH_STATUS, RISK_LEVEL, VELOCITY_TREND } from "../value-labels.ts";

export const OVERVIEW_CARDS: Node = {
  type: "grid",
  columns: 4,
  children: [
    {
      type: "card",
      title: "Overall Progress",
      children: [
        {
          type: "badge",
          text: { $bind: "progress", path: "overall_progress_percentage", format: "percent" },
          tone: COMPLETION_BADGE({ $bind: "progress", path: "overall_progress_percentage" }),
        },
        {
          type: "key-value",
          items: [
            {
              label: "Tasks",
              value: {
                $bind: "progress",
                path: "task_progress.completed_tasks",
                format: "integer",
                suffix: " completed",
              },
            },
            {
              label: "Total",
              value: { $bind: "progress", path: "task_progress.total_tasks", format: "integer" },
            },
            {
              label: "Overdue",
              value: {
                $bind: "progress",
                path: "task_progress.overdue_tasks",
                format: "integer",
              },
            },
            {
              label: "Last updated",
              value: {
                $bind: "progress",
                path: "last_updated",
                format: "relative-time",
                fallback: "Never",
              },
            },
          ],
        },
      ],
    },
    {
      type: "card",
      title: "Project Health",
      children: [
        {
          type: "stat",
          label: "Health score",
          value: { $bind: "health", path: "overall_health_score", format: "number" },
          tone: HEALTH_TONE,
        },
        {
          type: "badge",
          text: { $bind: "health", path: "health_status", labels: HEALTH_STATUS },
          tone: HEALTH_TONE,
        },
        {
          type: "key-value",
          items: [
            {
              label: "Quality",
              value: { $bind: "health", path: "quality_score", format: "fraction-percent" },
            },
            {
              label: "Productivity",
              value: { $bind: "health", path: "team_productivity_score", format: "number" },
            },
          ],
        },
        {
          type: "trend-arrow",
          value: { $bind: "health", path: "velocity_trend", labels: VELOCITY_TREND },
          label: "Velocity trend",
        },
      ],
    },
    {
      type: "card",
      title: "Risk Assessment",
      children: [
        {
          type: "risk-bar",
          label: "Risk score",
          value: { $bind: "progress", path: "risk_assessment.risk_score" },
          cap: 100,
          tone: {
            $match: {
              value: { $bind: "progress", path: "risk_assessment.overall_risk_level" },
              ...LEVEL_TONE,
            },
          },
        },
        {
          type: "key-value",
          items: [
            {
              label: "Level",
              value: {
                $bind: "progress",
                path: "risk_assessment.overall_risk_level",
                labels: RISK_LEVEL,
              },
            },
            {
              label: "Identified risks",
              value: {
                $bind: "progress",
                path: "risk_assessment.identified_risks",
                format: "count",
              },
            },
            {
              label: "Schedule risks",
              value: {
                $bind: "progress",
                path: "risk_assessment.risk_categories.schedule",
                format: "count",
              },
            },
          ],
        },
      ],
    },
    {
      type: "card",
      title: "Timeline",
      children: [
        {
          type: "stat",
          label: "Schedule",
          value: {
            $bind: "progress",
            path: "timeline_analysis.schedule_progress_percentage",
            format: "percent",
          },
        },
        {
          type: "key-value",
          items: [
            {
              label: "Overdue",
              value: {
                $bind: "progress",
                path: "timeline_analysis.overdue_tasks_count",
                format: "integer",
              },
            },
            {
              label: "Risk level",
              value: {
                $bind: "progress",
                path: "timeline_analysis.schedule_risk_level",
                labels: RISK_LEVEL,
              },
            },
          ],
        },
        scheduleBadge("progress", "timeline_analysis.schedule_status", {
          onTrack: "On Schedule",
          delayed: "Behind Schedule",
        }),
      ],
    },
  ],
};
