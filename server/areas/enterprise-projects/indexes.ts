/**
 * The indexes behind a project's queries, and the fixed allow-list of indexes an
 * administrator may add. An index is a change to a shared table, so only these
 * statements, written here, can ever be run: the caller names one by its id and
 * never sends SQL.
 */
import type { Queryable } from "../../db/database.ts";
import { indexesOfTables } from "../../db/dialect.ts";
import { invalidInput } from "../../platform/errors/app-error.ts";

/** The tables a project's records live in (the planner statistics and indexes of data care). */
export const PROJECT_TABLES = [
  "projects",
  "tasks",
  "task_dependencies",
  "task_status_history",
  "project_members",
  "project_phases",
  "project_summary_views",
  "time_logs",
] as const;

/** An index a project's queries would use, with why. */
export interface RecommendedIndex {
  id: string;
  table: string;
  columns: readonly string[];
  reason: string;
}

/** The indexes an administrator may add (CREATE INDEX IF NOT EXISTS, both dialects). */
export const RECOMMENDED_INDEXES: readonly RecommendedIndex[] = [
  {
    id: "tasks_project_phase",
    table: "tasks",
    columns: ["project_id", "phase_id"],
    reason: "The integrity test's phase check and the phase view read a project's tasks by phase.",
  },
  {
    id: "tasks_project_dates",
    table: "tasks",
    columns: ["project_id", "start_date", "due_date"],
    reason: "The schedule and the integrity test's date checks read a project's tasks by dates.",
  },
  {
    id: "tasks_project_assignee",
    table: "tasks",
    columns: ["project_id", "assignee_id", "status", "estimated_hours"],
    reason:
      "Capacity and allocation checks sum a project's open hours per assignee from the index alone.",
  },
];

/** An index of a project table. */
export interface IndexRow {
  name: string;
  table_name: string;
  definition: string;
}

/** Every index of the project tables, as the database lists them. */
export function projectTableIndexes(db: Queryable): Promise<IndexRow[]> {
  return db.all<IndexRow>(indexesOfTables(db.dialect, PROJECT_TABLES.length), [
    ...PROJECT_TABLES,
  ]);
}

/** The recommended index named `id`, or a 400 naming index_id. */
export function recommendedIndex(id: string): RecommendedIndex {
  const found = RECOMMENDED_INDEXES.find((index) => index.id === id);
  if (!found) {
    const known = RECOMMENDED_INDEXES.map((index) => index.id).join(", ");
    throw invalidInput(`Invalid request body: index_id (not a recommended index: ${known})`, {
      index_id: `Not a recommended index; one of ${known}`,
    });
  }
  return found;
}

/** Creates a recommended index unless it exists; says whether it was created. */
export async function applyIndex(db: Queryable, index: RecommendedIndex): Promise<boolean> {
  const existing = await projectTableIndexes(db);
  if (existing.some((row) => row.name === index.id)) return false;
  await db.exec(
    `CREATE INDEX IF NOT EXISTS ${index.id} ON ${index.table} (${index.columns.join(", ")})`,
  );
  return true;
}
