/**
 * Performance tests: a named scenario of the project's real queries, run N times
 * in a row on the running database, with the percentiles of the runs.
 */
import type { Queryable } from "../../db/database.ts";
import type { Access } from "../../platform/access/access.ts";
import type { RecordEngine } from "../../records/engine/engine.ts";
import { analyticsStatements } from "./query-plans.ts";
import { integrityFindings } from "./integrity.ts";

/** The scenarios, each one run of which is timed. */
export const PERF_SCENARIOS = [
  {
    id: "analytics",
    description: "Every statement of the project analytics (breakdown, overdue, milestones, …).",
  },
  {
    id: "task_list",
    description: "The project's task list through the record engine (first page, default order).",
  },
  { id: "integrity", description: "The data integrity test of the project." },
] as const;

/** A scenario's id. */
export type PerfScenario = (typeof PERF_SCENARIOS)[number]["id"];

/** Runs allowed per test: enough for a p95, few enough not to load a shared server. */
export const MAX_RUNS = 200;

/** The value below which `share` of the sorted samples lie (nearest rank). */
export function percentile(sorted: readonly number[], share: number): number {
  const rank = Math.max(1, Math.ceil(share * sorted.length));
  return sorted[rank - 1];
}

const round3 = (ms: number) => Math.round(ms * 1000) / 1000;

/** Times `runs` runs of a scenario. */
export async function runScenario(
  deps: { q: Queryable; records: RecordEngine; access: Access },
  projectId: string,
  scenario: PerfScenario,
  runs: number,
  today: string,
) {
  const statements = scenario === "analytics"
    ? await analyticsStatements(deps.q, projectId, today)
    : [];
  const once: Record<PerfScenario, () => Promise<unknown>> = {
    analytics: async () => {
      for (const s of statements) await deps.q.all(s.sql, s.params);
    },
    task_list: () =>
      deps.records.list(deps.access, "task", {
        filters: [{ field: "project", op: "eq", value: projectId }],
      }),
    integrity: () => integrityFindings(deps.q, projectId),
  };
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await once[scenario]();
    samples.push(performance.now() - started);
  }
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    test_scenario: scenario,
    runs: samples.length,
    statements_per_run: scenario === "analytics" ? statements.length : null,
    p50_ms: round3(percentile(sorted, 0.5)),
    p95_ms: round3(percentile(sorted, 0.95)),
    max_ms: round3(sorted[sorted.length - 1]),
    mean_ms: round3(samples.reduce((a, b) => a + b, 0) / samples.length),
    samples_ms: samples.map(round3),
  };
}
