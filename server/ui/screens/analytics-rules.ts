/**
 * Display rules of the analytics screen (analytics spec §5) as descriptor data:
 * level tones, the completion badge (green ≥ 80, yellow ≥ 50, red below), the team
 * quality dot (green > 0.8, yellow > 0.5, red otherwise) and the health tone; and
 * the seven independent data sources with their spec texts.
 */
import type { Node, Source } from "../../../schemas/descriptor/mod.ts";
import { PRIORITY, RISK_CATEGORY } from "../value-labels.ts";

export const LEVEL_TONE = {
  cases: { high: "danger", medium: "warning", low: "info" },
  otherwise: "neutral",
} as const;
export const level = (path: string) =>
  ({ $match: { value: { $field: path }, ...LEVEL_TONE } }) as const;
export const COMPLETION_BADGE = (value: { $bind: string; path: string } | { $field: string }) => ({
  $rule: {
    value,
    thresholds: [{ min: 80, tone: "success" as const }, { min: 50, tone: "warning" as const }],
    otherwise: "danger" as const,
  },
});
export const QUALITY_DOT = (value: { $bind: string; path: string } | { $field: string }) => ({
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
/**
 * The schedule status (completed, on_track, delayed, no_tasks) as a badge: one
 * status for every tab, in the words of the card that shows it.
 */
export const scheduleBadge = (
  source: string,
  path: string,
  words: { onTrack: string; delayed: string },
): Node => ({
  type: "badge",
  text: {
    $text: {
      value: { $bind: source, path },
      cases: {
        completed: "Completed",
        on_track: words.onTrack,
        delayed: words.delayed,
      },
      otherwise: "No Tasks Yet",
    },
  },
  tone: {
    $match: {
      value: { $bind: source, path },
      cases: { completed: "success", on_track: "success", delayed: "danger" },
      otherwise: "neutral",
    },
  },
});

export const HEALTH_TONE = {
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

export const SOURCES: Record<string, Source> = {
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
  // The health-score call takes only the organisation (the project is in the path).
  health: {
    ...analyticsSource(
      "/projects/{projectId}/health-score",
      "Health",
      "No health score data returned",
    ),
    body: { organization_id: { $state: "organizationId" } },
  },
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

export const recommendations = (source: string, path: string, emptyText: string): Node => ({
  type: "list",
  source,
  path,
  title: { $field: "action" },
  subtitle: { $field: "description" },
  meta: { $field: "category", labels: RISK_CATEGORY },
  badge: { text: { $field: "priority", labels: PRIORITY }, tone: level("priority") },
  emptyText,
});
