/**
 * The data-care calls of the enterprise project service (issue 14): planner
 * statistics, indexes and plans, query optimisations, precomputed summaries,
 * integrity, performance and migration tests. They all need projects.administer
 * (firm_admin by default), plan reads included: plans and index definitions show
 * the schema and the data's distribution, which is the administrator's business
 * (as Odoo keeps its database tools to the administrator).
 */
import { EmptyRequest } from "../../../schemas/api/auth.ts";
import type { Context } from "hono";
import * as S from "../../../schemas/api/enterprise-projects/data-care.ts";
import type { Api } from "../../platform/http/api.ts";
import type { AppEnv } from "../../platform/http/app-env.ts";
import type { Access } from "../../platform/access/access.ts";
import { requireAuthorized } from "../../platform/access/authorize.ts";
import { invalidInput } from "../../platform/errors/app-error.ts";
import { refreshStatistics } from "../../db/dialect.ts";
import type { EnterpriseDeps } from "./mod.ts";
import {
  analyticsStatements,
  improvements,
  readPlan,
  type Statement,
  timeStatement,
} from "./query-plans.ts";
import {
  applyIndex,
  PROJECT_TABLES,
  projectTableIndexes,
  RECOMMENDED_INDEXES,
  recommendedIndex,
} from "./indexes.ts";
import { refreshSummaryView, SUMMARY_VIEWS, summaryViewStates } from "./summary-views.ts";
import { integrityFindings } from "./integrity.ts";
import { runScenario } from "./perf-tests.ts";
import { migrationViolations, TARGET_SCHEMAS } from "./migration-tests.ts";

const TAG = "Enterprise projects";
/** Projects of the organisation timed around a statistics refresh (the most recently changed). */
const TIMED_PROJECTS = 20;
/** Runs of each analytics statement behind a median in query-optimizations. */
const PLAN_RUNS = 5;

const round3 = (ms: number) => Math.round(ms * 1000) / 1000;

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/**
 * Declares the data-care calls: the one on a fixed path first, then those on
 * `/:id/<call>` (each with its own last segment, so no other `/:id` call of the
 * service can take them).
 */
export function dataCareRoutes(api: Api, deps: EnterpriseDeps): void {
  dataCareFixedRoutes(api, deps);
  dataCareProjectRoutes(api, deps);
}

function dataCareFixedRoutes(api: Api, deps: EnterpriseDeps): void {
  const { db, clock } = deps;
  api.route({
    method: "post",
    path: "/enterprise-projects/optimize-performance",
    tag: TAG,
    summary: "Refresh the planner statistics of the project tables, timing the queries around it",
    description:
      "Runs ANALYZE on each project table (SQLite also PRAGMA optimize) and times every project analytics statement of the organisation's most recently changed projects (up to 20) before and after. Statistics are kept per table, for every organisation at once.",
    body: EmptyRequest,
    audience: "staff",
    response: S.wrapped(S.OptimizePerformance),
  }, async (c, { access }) => {
    requireAuthorized(access, "projects", "administer");
    const today = new Date(clock()).toISOString().slice(0, 10);
    const projects = await db.all<{ id: string }>(
      "SELECT id FROM projects WHERE organization_id = ? ORDER BY updated_at DESC, id LIMIT ?",
      [access.organizationId, TIMED_PROJECTS],
    );
    const statements: Statement[] = [];
    for (const p of projects) statements.push(...await analyticsStatements(db, p.id, today));
    const timeAll = async () => {
      const byLabel = new Map<string, number>();
      for (const s of statements) {
        byLabel.set(s.label, (byLabel.get(s.label) ?? 0) + await timeStatement(db, s));
      }
      return byLabel;
    };
    const before = await timeAll();
    const run: string[] = [];
    const started = performance.now();
    for (const table of PROJECT_TABLES) {
      for (const sql of refreshStatistics(db.dialect, table)) {
        await db.run(sql);
        run.push(sql);
      }
    }
    const statisticsMs = performance.now() - started;
    const after = await timeAll();
    const queries = [...before.keys()].map((label) => ({
      label,
      before_ms: round3(before.get(label)!),
      after_ms: round3(after.get(label)!),
    }));
    const sum = (m: Map<string, number>) => round3([...m.values()].reduce((a, b) => a + b, 0));
    return c.json({
      data: {
        dialect: db.dialect,
        tables: [...PROJECT_TABLES],
        statements: run,
        statistics_ms: round3(statisticsMs),
        projects_timed: projects.length,
        queries,
        total_before_ms: sum(before),
        total_after_ms: sum(after),
        note:
          "Times are one run of each statement per project, summed per query; the second run also profits from pages the first one cached.",
      },
    });
  });
}

function dataCareProjectRoutes(api: Api, deps: EnterpriseDeps): void {
  const { db, records, clock } = deps;
  const today = () => new Date(clock()).toISOString().slice(0, 10);
  /** The project in the caller's organisation (404 otherwise), for an administrator. */
  const projectFor = async (c: Context<AppEnv>, access: Access) => {
    requireAuthorized(access, "projects", "administer");
    const project = await records.get(access, "project", c.req.param("id")!);
    return String(project.record.id);
  };

  api.route({
    method: "get",
    path: "/enterprise-projects/:id/database-indexes",
    tag: TAG,
    summary: "The indexes of the project tables, each with the project queries whose plan uses it",
    audience: "staff",
    response: S.wrapped(S.DatabaseIndexes),
  }, async (c, { access }) => {
    const projectId = await projectFor(c, access);
    const explained: S.ExplainedQueryValue[] = [];
    for (const s of await analyticsStatements(db, projectId, today())) {
      explained.push({ label: s.label, sql: s.sql, plan: await readPlan(db, s) });
    }
    const indexes = await projectTableIndexes(db);
    return c.json({
      data: {
        dialect: db.dialect,
        indexes: indexes.map((index) => {
          const usedBy = explained.filter((e) => e.plan.indexes_used.includes(index.name));
          return {
            name: index.name,
            table: index.table_name,
            definition: index.definition,
            used_by: usedBy,
            serves: usedBy.length ? usedBy.map((e) => e.label).join(", ") : null,
          };
        }),
        recommended: RECOMMENDED_INDEXES.map((r) => ({
          index_id: r.id,
          table: r.table,
          columns: [...r.columns],
          reason: r.reason,
          applied: indexes.some((index) => index.name === r.id),
        })),
      },
    });
  });

  api.route({
    method: "post",
    path: "/enterprise-projects/:id/database-indexes",
    tag: TAG,
    summary: "Add a recommended index (from the fixed allow-list)",
    audience: "staff",
    body: S.ApplyIndexRequest,
    response: S.wrapped(S.ApplyIndexResult),
  }, async (c, { access, body }) => {
    await projectFor(c, access);
    const index = recommendedIndex(body.index_id);
    const started = performance.now();
    const created = await applyIndex(db, index);
    return c.json({
      data: {
        index_id: index.id,
        created,
        statement: `CREATE INDEX IF NOT EXISTS ${index.id} ON ${index.table} (${
          index.columns.join(", ")
        })`,
        elapsed_ms: round3(performance.now() - started),
      },
    });
  });

  api.route({
    method: "get",
    path: "/enterprise-projects/:id/query-optimizations",
    tag: TAG,
    summary: "Plans and timings of the project's analytics queries, and what would improve them",
    audience: "staff",
    response: S.wrapped(S.QueryOptimizations),
  }, async (c, { access }) => {
    const projectId = await projectFor(c, access);
    const queries = [];
    for (const s of await analyticsStatements(db, projectId, today())) {
      const plan = await readPlan(db, s);
      const samples = [];
      for (let i = 0; i < PLAN_RUNS; i++) samples.push(await timeStatement(db, s));
      const advice = improvements(plan);
      queries.push({
        label: s.label,
        sql: s.sql,
        plan,
        runs: PLAN_RUNS,
        median_ms: round3(median(samples)),
        improvements: advice,
        advice: advice.length ? advice.join(" ") : null,
      });
    }
    return c.json({
      data: {
        dialect: db.dialect,
        queries,
        total_median_ms: round3(queries.reduce((a, q) => a + q.median_ms, 0)),
      },
    });
  });

  api.route({
    method: "get",
    path: "/enterprise-projects/:id/materialized-views",
    tag: TAG,
    summary: "The project's precomputed analytics summaries and whether each is fresh",
    audience: "staff",
    response: S.wrapped(S.SummaryViews),
  }, async (c, { access }) => {
    const projectId = await projectFor(c, access);
    return c.json({
      data: {
        views: await summaryViewStates(
          db,
          access.organizationId,
          projectId,
          new Date(clock()).toISOString().slice(0, 10),
        ),
      },
    });
  });

  api.route({
    method: "post",
    path: "/enterprise-projects/:id/materialized-views/:viewId/refresh",
    tag: TAG,
    summary: "Recompute and store a precomputed summary of the project",
    body: EmptyRequest,
    audience: "staff",
    response: S.wrapped(S.SummaryView),
  }, async (c, { access }) => {
    const projectId = await projectFor(c, access);
    const view = SUMMARY_VIEWS.find((v) => v.id === c.req.param("viewId"));
    if (!view) {
      const known = SUMMARY_VIEWS.map((v) => v.id).join(", ");
      throw invalidInput(`Invalid path: viewId (one of ${known})`, {
        viewId: `Not a view; one of ${known}`,
      });
    }
    const now = new Date(clock()).toISOString();
    const state = await db.transaction((tx) =>
      refreshSummaryView(tx, access.organizationId, projectId, view.id, now)
    );
    return c.json({ data: state });
  });

  api.route({
    method: "post",
    path: "/enterprise-projects/:id/data-integrity-tests",
    reads: true,
    tag: TAG,
    summary: "Orphans, dependency cycles, dates out of order and totals that disagree",
    body: EmptyRequest,
    audience: "staff",
    response: S.wrapped(S.IntegrityReport),
  }, async (c, { access }) => {
    const projectId = await projectFor(c, access);
    const started = performance.now();
    const findings = await integrityFindings(db, projectId);
    return c.json({
      data: {
        project_id: projectId,
        checked_at: new Date(clock()).toISOString(),
        elapsed_ms: round3(performance.now() - started),
        errors: findings.filter((f) => f.severity === "error").length,
        warnings: findings.filter((f) => f.severity === "warning").length,
        findings,
      },
    });
  });

  api.route({
    method: "post",
    path: "/enterprise-projects/:id/performance-tests",
    reads: true,
    tag: TAG,
    summary: "Run a scenario of the project's queries N times and report p50, p95 and max",
    description:
      "Scenarios: analytics (every project analytics statement), task_list (the task list through the record engine), integrity (the data integrity test). runs: 1 to 200, default 20.",
    audience: "staff",
    body: S.PerformanceTestRequest,
    response: S.wrapped(S.PerformanceTestResult),
  }, async (c, { access, body }) => {
    const projectId = await projectFor(c, access);
    const result = await runScenario(
      { q: db, records, access },
      projectId,
      body.test_scenario,
      body.runs ?? 20,
      today(),
    );
    return c.json({ data: result });
  });

  api.route({
    method: "post",
    path: "/enterprise-projects/:id/migration-tests",
    reads: true,
    tag: TAG,
    summary: "Check the project's rows against a target schema version, row by row",
    description: TARGET_SCHEMAS.map((t) => `${t.id}: ${t.description}`).join(" "),
    audience: "staff",
    body: S.MigrationTestRequest,
    response: S.wrapped(S.MigrationTestResult),
  }, async (c, { access, body }) => {
    const projectId = await projectFor(c, access);
    const target = TARGET_SCHEMAS.find((t) => t.id === body.target_schema)!;
    const { checked_rows, violations } = await migrationViolations(
      db,
      access.organizationId,
      projectId,
      target.id,
    );
    return c.json({
      data: {
        target_schema: target.id,
        description: target.description,
        checked_rows,
        would_fail: violations.length,
        violations,
      },
    });
  });
}
