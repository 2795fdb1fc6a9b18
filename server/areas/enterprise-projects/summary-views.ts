/**
 * Per-project precomputed analytics summaries (rows of project_summary_views). A
 * view is fresh while the project's data has not changed since it was computed,
 * on the same day (overdue work and schedule figures move with the date): its
 * source_stamp is the stamp below, read in one aggregate over the project and its
 * tasks, plus the day. Every engine write bumps a record's version and updated_at,
 * and adding or removing a task changes the count, so any change moves the stamp.
 * The summary itself is the enterprise analytics summary (summary.ts), which the
 * analytics and report calls read from a fresh view instead of recomputing.
 */
import type { Queryable } from "../../db/database.ts";
import { computeProjectSummary, type Summary } from "./summary.ts";

/** The precomputed views of a project. */
export const SUMMARY_VIEWS = [
  {
    id: "analytics_summary",
    label: "Analytics summary",
    description: "Progress and the task breakdown the enterprise analytics call answers with.",
  },
] as const;

/** A view's id. */
export type SummaryViewId = (typeof SUMMARY_VIEWS)[number]["id"];

/** A stored view and whether it is fresh. */
export interface SummaryViewState {
  view_id: string;
  label: string;
  description: string;
  status: "fresh" | "stale" | "missing";
  source_stamp: string | null;
  current_stamp: string;
  refreshed_at: string | null;
  refresh_ms: number | null;
}

/** The stamp of the project's data now (the project and its tasks: versions, times, count) on `today`. */
export async function sourceStamp(q: Queryable, projectId: string, today: string): Promise<string> {
  const row = await q.get<
    { version: number; updated_at: string; tasks: number; versions: number; latest: string | null }
  >(
    `SELECT p.version, p.updated_at, COUNT(t.id) AS tasks,
            COALESCE(SUM(t.version), 0) AS versions, MAX(t.updated_at) AS latest
       FROM projects p LEFT JOIN tasks t ON t.project_id = p.id
      WHERE p.id = ? GROUP BY p.id, p.version, p.updated_at`,
    [projectId],
  );
  if (!row) throw new Error(`No project ${projectId}`);
  return `${row.version}|${row.updated_at}|${row.tasks}|${row.versions}|${
    row.latest ?? ""
  }|${today}`;
}

interface StoredView {
  view_id: string;
  payload: string;
  source_stamp: string;
  refreshed_at: string;
  refresh_ms: number;
}

/** Every view of the project with its freshness. */
export async function summaryViewStates(
  q: Queryable,
  organizationId: string,
  projectId: string,
  today: string,
): Promise<SummaryViewState[]> {
  const stamp = await sourceStamp(q, projectId, today);
  const stored = await q.all<StoredView>(
    `SELECT view_id, payload, source_stamp, refreshed_at, refresh_ms FROM project_summary_views
      WHERE organization_id = ? AND project_id = ?`,
    [organizationId, projectId],
  );
  return SUMMARY_VIEWS.map((view) => {
    const row = stored.find((s) => s.view_id === view.id);
    return {
      view_id: view.id,
      label: view.label,
      description: view.description,
      status: !row ? "missing" : row.source_stamp === stamp ? "fresh" : "stale",
      source_stamp: row?.source_stamp ?? null,
      current_stamp: stamp,
      refreshed_at: row?.refreshed_at ?? null,
      refresh_ms: row?.refresh_ms ?? null,
    };
  });
}

/** Recomputes and stores a view; answers its new state. */
export async function refreshSummaryView(
  q: Queryable,
  organizationId: string,
  projectId: string,
  viewId: SummaryViewId,
  now: string,
): Promise<SummaryViewState> {
  const started = performance.now();
  const today = now.slice(0, 10);
  const stamp = await sourceStamp(q, projectId, today);
  const payload = JSON.stringify(
    await computeProjectSummary(q, organizationId, projectId, { today }),
  );
  const ms = performance.now() - started;
  await q.run("DELETE FROM project_summary_views WHERE project_id = ? AND view_id = ?", [
    projectId,
    viewId,
  ]);
  await q.run(
    `INSERT INTO project_summary_views
       (organization_id, project_id, view_id, payload, source_stamp, refreshed_at, refresh_ms)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    [organizationId, projectId, viewId, payload, stamp, now, ms],
  );
  const states = await summaryViewStates(q, organizationId, projectId, today);
  return states.find((s) => s.view_id === viewId)!;
}

/**
 * The project's analytics summary on `today`: the stored view while it is fresh,
 * else computed now (the view is not written here; refreshing it is an
 * administrator's call).
 */
export async function projectSummary(
  q: Queryable,
  organizationId: string,
  projectId: string,
  today: string,
): Promise<Summary> {
  const row = await q.get<{ payload: string; source_stamp: string }>(
    `SELECT payload, source_stamp FROM project_summary_views
      WHERE organization_id = ? AND project_id = ? AND view_id = ?`,
    [organizationId, projectId, "analytics_summary"],
  );
  if (row && row.source_stamp === await sourceStamp(q, projectId, today)) {
    return JSON.parse(row.payload) as Summary;
  }
  return await computeProjectSummary(q, organizationId, projectId, { today });
}
