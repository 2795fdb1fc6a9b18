/**
 * The plans and timings of a project's real queries. The statements are not
 * copied: the project analytics functions run once against a recorder that
 * passes every read to the database and keeps its SQL and parameters, so what is
 * explained and timed is exactly what the analytics calls send.
 */
import type { Queryable, SqlValue } from "../../db/database.ts";
import { explainPlan } from "../../db/dialect.ts";
import {
  completionsByDay,
  lastCompletionDay,
  milestoneCounts,
  overdueTaskCount,
  reworkedCompletedTasks,
  taskBreakdown,
} from "../analytics/projects/repo.ts";
import { isoDatePlus } from "../../db/dialect.ts";

/** One statement a call sends, with its parameters. */
export interface Statement {
  /** What the statement is for (the analytics function that sends it). */
  label: string;
  sql: string;
  params: readonly SqlValue[];
}

/** How the database runs a statement, read from its plan. */
export interface PlanReading {
  /** The plan's steps as the database words them. */
  steps: string[];
  indexes_used: string[];
  /** Tables read from end to end. */
  full_scans: string[];
  /** Whether rows are sorted in a temporary structure (no index gives the order). */
  temp_sort: boolean;
  summary: string;
}

/** A read-only Queryable that keeps the statements sent through it. */
function recorder(db: Queryable, label: () => string, kept: Statement[]): Queryable {
  const keep = (sql: string, params: readonly SqlValue[] = []) =>
    kept.push({ label: label(), sql, params });
  return {
    dialect: db.dialect,
    all: (sql, params) => (keep(sql, params), db.all(sql, params)),
    get: (sql, params) => (keep(sql, params), db.get(sql, params)),
    run: () => Promise.reject(new Error("The analytics statements only read")),
    exec: () => Promise.reject(new Error("The analytics statements only read")),
    announce: () => Promise.resolve(),
  };
}

/** The analytics reads of one project, each named after the function that sends it. */
const ANALYTICS_READS: readonly [string, (q: Queryable, id: string, today: string) => unknown][] = [
  ["task breakdown", (q, id) => taskBreakdown(q, id)],
  ["overdue tasks", (q, id, today) => overdueTaskCount(q, id, today)],
  ["milestones", (q, id) => milestoneCounts(q, id)],
  ["last completion", (q, id) => lastCompletionDay(q, id)],
  ["completions by day", (q, id, today) => completionsByDay(q, id, isoDatePlus(today, -30), today)],
  ["reworked tasks", (q, id) => reworkedCompletedTasks(q, id)],
];

/** The statements of the project analytics queries of one project, as sent today. */
export async function analyticsStatements(
  db: Queryable,
  projectId: string,
  today: string,
): Promise<Statement[]> {
  const kept: Statement[] = [];
  for (const [label, read] of ANALYTICS_READS) {
    await read(recorder(db, () => label, kept), projectId, today);
  }
  return kept;
}

interface PgNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PgNode[];
}

function pgSteps(node: PgNode, reading: PlanReading, depth: number): void {
  const on = node["Relation Name"] ? ` on ${node["Relation Name"]}` : "";
  const using = node["Index Name"] ? ` using ${node["Index Name"]}` : "";
  reading.steps.push(`${"  ".repeat(depth)}${node["Node Type"]}${on}${using}`);
  if (node["Index Name"]) reading.indexes_used.push(node["Index Name"]);
  if (node["Node Type"] === "Seq Scan" && node["Relation Name"]) {
    reading.full_scans.push(node["Relation Name"]);
  }
  if (node["Node Type"] === "Sort" || node["Node Type"] === "Incremental Sort") {
    reading.temp_sort = true;
  }
  for (const child of node.Plans ?? []) pgSteps(child, reading, depth + 1);
}

const SQLITE_INDEX = /USING (?:COVERING )?INDEX (\w+)/;
const SQLITE_SCAN = /^SCAN (\w+)(?! USING)/;

/** The plan of a statement as the database reports it. */
export async function readPlan(db: Queryable, statement: Statement): Promise<PlanReading> {
  const reading: PlanReading = {
    steps: [],
    indexes_used: [],
    full_scans: [],
    temp_sort: false,
    summary: "",
  };
  const explain = explainPlan(db.dialect, statement.sql);
  if (db.dialect === "sqlite") {
    const rows = await db.all<{ detail: string }>(explain, statement.params);
    for (const { detail } of rows) {
      reading.steps.push(detail);
      const index = SQLITE_INDEX.exec(detail);
      if (index) reading.indexes_used.push(index[1]);
      const scan = SQLITE_SCAN.exec(detail);
      if (scan && !detail.includes(" USING ")) reading.full_scans.push(scan[1]);
      if (detail.includes("TEMP B-TREE")) reading.temp_sort = true;
    }
  } else {
    const row = await db.get<{ "QUERY PLAN": unknown }>(explain, statement.params);
    const raw = row?.["QUERY PLAN"];
    const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: PgNode }[];
    pgSteps(plan[0].Plan, reading, 0);
  }
  reading.indexes_used = [...new Set(reading.indexes_used)];
  reading.full_scans = [...new Set(reading.full_scans)];
  reading.summary = reading.steps.map((step) => step.trim()).join(" → ");
  return reading;
}

/** Milliseconds one run of a statement takes, rows read included. */
export async function timeStatement(db: Queryable, statement: Statement): Promise<number> {
  const started = performance.now();
  await db.all(statement.sql, statement.params);
  return performance.now() - started;
}

/** What would make a statement cheaper, read from its plan. */
export function improvements(reading: PlanReading): string[] {
  const advice: string[] = [];
  for (const table of reading.full_scans) {
    advice.push(`Reads every row of ${table}: an index on the columns it filters by avoids it.`);
  }
  if (reading.temp_sort) {
    advice.push(
      "Sorts its rows in a temporary structure: an index in the order of GROUP BY or ORDER BY avoids it.",
    );
  }
  return advice;
}
