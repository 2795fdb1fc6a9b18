/**
 * The Project Progress Analytics screen (analytics spec §2): a project picker when
 * selection is on, then five tabs — Overview, Velocity, Burndown, Forecast, Team —
 * over seven independent data sources. Every text, empty state and display rule
 * of the spec is here as data; the client only renders it.
 */
import type { Node, ScreenDescriptor, Source } from "../../../schemas/descriptor/mod.ts";
import { SAMPLE_PROJECT_ID } from "../../modules/project-analytics/mod.ts";
import { head, type ScreenContext, type ScreenDef } from "./screen-def.ts";

const LEVEL_TONE = {
  cases: { high: "danger", medium: "warning", low: "info" },
  otherwise: "neutral",
} as const;
const level = (path: string) => ({ $match: { value: { $field: path }, ...LEVEL_TONE } }) as const;
const COMPLETION_BADGE = (value: { $bind: string; path: string } | { $field: string }) => ({
  $rule: {
    value,
    thresholds: [{ min: 80, tone: "success" as const }, { min: 50, tone: "warning" as const }],
    otherwise: "danger" as const,
  },
});
const QUALITY_DOT = (value: { $bind: string; path: string } | { $field: string }) => ({
  $rule: {
    value,
    thresholds: [{ min: 0.8, exclusive: true, tone: "success" as const }, {
      min: 0.5,
      exclusive: true,
      tone: "warning" as const,
    }],
    otherwise: "danger" as const,
  },
});
const HEALTH_TONE = {
  $match: {
    value: { $bind: "health", path: "health_status" },
    cases: { healthy: "success", at_risk: "warning" },
    otherwise: "danger",
  },
} as const;

function analyticsSource(
  path: string,
  label: string,
  missing: string,
  body: Record<string, unknown> = {},
): Source {
  return {
    method: "POST",
    path,
    body: {
      project_id: { $state: "projectId" },
      organization_id: { $state: "organizationId" },
      ...body,
    } as Source["body"],
    select: "data",
    enabledWhen: ["projectId", "organizationId"],
    timeoutMs: 120_000,
    label,
    missingText: missing,
    errorFormat: "API Error: {status} {statusText} - {body}",
  };
}

const SOURCES: Record<string, Source> = {
  progress: {
    ...analyticsSource("/projects/calculate-progress", "Progress", "No progress data returned", {
      calculation_method: "weighted",
      include_velocity: true,
    }),
    critical: true,
  },
  velocity: analyticsSource(
    "/projects/{projectId}/velocity",
    "Velocity",
    "No velocity data returned",
    { sprint_count: 5 },
  ),
  burndown: analyticsSource(
    "/projects/{projectId}/burndown",
    "Burndown",
    "No burndown data returned",
  ),
  health: analyticsSource(
    "/projects/{projectId}/health-score",
    "Health",
    "No health score data returned",
  ),
  analytics: analyticsSource(
    "/projects/{projectId}/analytics",
    "Analytics",
    "No analytics data returned",
  ),
  forecast: analyticsSource(
    "/projects/{projectId}/forecast",
    "Forecast",
    "No forecast data returned",
    { forecast_days: 30 },
  ),
  team: analyticsSource(
    "/projects/{projectId}/team-performance",
    "Team Performance",
    "No team performance data returned",
  ),
};
// The health-score call takes only the organisation (the project is in the path).
SOURCES.health = { ...SOURCES.health, body: { organization_id: { $state: "organizationId" } } };

const recommendations = (source: string, path: string, emptyText: string): Node => ({
  type: "list",
  source,
  path,
  title: { $field: "action" },
  subtitle: { $field: "description" },
  meta: { $field: "category" },
  badge: { text: { $field: "priority" }, tone: level("priority") },
  emptyText,
});

const overview: Node[] = [
  {
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
            type: "progress-bar",
            value: { $bind: "progress", path: "overall_progress_percentage" },
            max: 100,
            cap: 100,
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
          { type: "badge", text: { $bind: "health", path: "health_status" }, tone: HEALTH_TONE },
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
            value: { $bind: "health", path: "velocity_trend" },
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
                value: { $bind: "progress", path: "risk_assessment.overall_risk_level" },
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
                value: { $bind: "progress", path: "timeline_analysis.schedule_risk_level" },
              },
            ],
          },
          {
            type: "badge",
            text: {
              $text: {
                value: { $bind: "progress", path: "timeline_analysis.is_on_schedule" },
                cases: { true: "On Schedule" },
                otherwise: "Behind Schedule",
              },
            },
            tone: {
              $match: {
                value: { $bind: "progress", path: "timeline_analysis.is_on_schedule" },
                cases: { true: "success" },
                otherwise: "danger",
              },
            },
          },
        ],
      },
    ],
  },
  {
    type: "grid",
    columns: 3,
    children: [
      {
        type: "card",
        title: "Tasks by status",
        children: [{
          type: "key-value",
          items: [
            {
              label: "To do",
              value: {
                $bind: "progress",
                path: "task_progress.tasks_by_status.todo",
                format: "integer",
              },
            },
            {
              label: "In progress",
              value: {
                $bind: "progress",
                path: "task_progress.in_progress_tasks",
                format: "integer",
              },
            },
            {
              label: "Completed",
              value: {
                $bind: "progress",
                path: "task_progress.completed_tasks",
                format: "integer",
              },
            },
          ],
        }],
      },
      {
        type: "card",
        title: "Tasks by priority",
        children: [{
          type: "key-value",
          items: [
            {
              label: "High",
              value: {
                $bind: "progress",
                path: "task_progress.tasks_by_priority.high",
                format: "integer",
              },
            },
            {
              label: "Medium",
              value: {
                $bind: "progress",
                path: "task_progress.tasks_by_priority.medium",
                format: "integer",
              },
            },
            {
              label: "Low",
              value: {
                $bind: "progress",
                path: "task_progress.tasks_by_priority.low",
                format: "integer",
              },
            },
          ],
        }],
      },
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
          title: { $field: "type" },
          subtitle: { $field: "description" },
          badge: { text: { $field: "severity" }, tone: level("severity") },
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
          label: "Completion",
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

const velocity: Node[] = [
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
          value: { $bind: "velocity", path: "velocity_trend" },
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

const burndown: Node[] = [
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

const forecast: Node[] = [
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

const team: Node[] = [
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

function analyticsBody(selection: boolean): Node {
  const tabs: Node = {
    type: "tabs",
    stateKey: "tab",
    tabs: [
      { id: "overview", label: "Overview", children: overview },
      { id: "velocity", label: "Velocity", children: velocity },
      { id: "burndown", label: "Burndown", children: burndown },
      { id: "forecast", label: "Forecast", children: forecast },
      { id: "team", label: "Team", children: team },
    ],
  };
  const header: Node = {
    type: "stack",
    direction: "row",
    align: "between",
    children: [
      {
        type: "heading",
        text: { $bind: "progress", path: "project_name", fallback: "Project" },
        level: 2,
      },
      ...(selection
        ? [{
          type: "button" as const,
          label: "Back to Projects",
          variant: "secondary" as const,
          action: {
            kind: "set-state" as const,
            values: { tab: "overview" },
            clear: ["projectId", "organizationId"],
          },
        }]
        : []),
    ],
  };
  if (!selection) return { type: "page", title: "Progress Analytics", children: [header, tabs] };
  return {
    type: "page",
    title: "Project Progress Analytics",
    children: [
      {
        type: "card",
        title: "Select a Project to Analyze",
        visibleWhen: { state: "projectId", present: false },
        children: [{
          type: "selectable-list",
          source: "projects",
          title: { $field: "name" },
          meta: [{ $field: "status" }, { $field: "project_type" }],
          onSelect: {
            kind: "set-state",
            values: {
              projectId: { $field: "id" },
              organizationId: { $field: "organization_id" },
              tab: "overview",
            },
          },
          selectedState: "projectId",
          maxHeight: "16rem",
          emptyTitle: "No Projects Available",
          emptyText: "Create a project first to view analytics.",
        }],
      },
      {
        type: "stack",
        direction: "column",
        visibleWhen: { state: "projectId", present: true },
        children: [header, tabs],
      },
    ],
  };
}

function analyticsScreen(
  id: string,
  title: string,
  ctx: ScreenContext,
  selection: boolean,
): ScreenDescriptor {
  const sources: Record<string, Source> = { ...SOURCES };
  if (selection) {
    sources.projects = {
      method: "POST",
      path: "/projects/list",
      body: {},
      select: "projects",
      label: "Projects",
      loadingText: "Loading projects...",
      errorText: "Failed to load available projects",
      emptyText: "No Projects Available",
    };
  }
  return {
    ...head(id, title, "dynamic"),
    state: selection ? { tab: "overview", projectId: null, organizationId: null } : {
      tab: "overview",
      projectId: SAMPLE_PROJECT_ID,
      organizationId: ctx.access?.organizationId ?? null,
    },
    sources,
    loading: { title: "Loading Analytics", text: "Fetching project data..." },
    timeout: { ms: 120_000, text: "API requests timed out after 120 seconds" },
    errorPanel: {
      title: "Error Loading Analytics",
      text: "Failed to load project analytics. Please check your connection and try again.",
      retryLabel: "Retry",
    },
    emptyPanel: { title: "No Analytics Data Available", source: "progress" },
    body: analyticsBody(selection),
  };
}

/** The two analytics screens. */
export const PROJECT_ANALYTICS_SCREENS: ScreenDef[] = [
  {
    id: "progress-analytics",
    audience: "staff",
    module: "progress-analytics",
    perUser: true,
    build: (ctx) => analyticsScreen("progress-analytics", "Progress Analytics", ctx, false),
  },
  {
    id: "project-progress-analytics",
    audience: "staff",
    module: "project-progress-analytics",
    build: (ctx) =>
      analyticsScreen("project-progress-analytics", "Project Progress Analytics", ctx, true),
  },
];
