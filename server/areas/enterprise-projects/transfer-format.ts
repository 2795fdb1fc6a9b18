/**
 * The file format of project export and import. JSON carries everything a
 * version carries (fields, phases, members with allocations, tasks with
 * dependencies), keyed by the exported ids, so an export imports back to the
 * same projects; CSV carries one row per project with its fields (the project
 * office's spreadsheet), which imports as the projects' fields only.
 */
import { z } from "zod";
import { csvLine } from "../../records/csv/mod.ts";
import { type Snapshot, SNAPSHOT_FIELDS } from "./versions-snapshot.ts";

/** What identifies an export file. */
export const EXPORT_FORMAT = "opsuite.enterprise-projects";

const row = z.record(z.string(), z.unknown());

/** One exported project. */
export const ExportedProject = z.object({
  id: z.string().min(1).max(64),
  fields: z.object({ name: z.string().min(1) }).catchall(z.unknown()),
  phases: z.array(row).max(50).default([]),
  members: z.array(row).max(200).default([]),
  tasks: z.array(
    z.object({
      id: z.string().min(1).max(64),
      title: z.string().min(1),
      dependencies: z.array(z.string()).max(50).default([]),
    }).catchall(z.unknown()),
  ).max(5_000).default([]),
}).strict();
export type ExportedProject = z.infer<typeof ExportedProject>;

/** A JSON export file. */
export const ExportFile = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(1),
  exported_at: z.string(),
  projects: z.array(z.unknown()).max(500),
}).strict();

/** The JSON export of the projects' snapshots. */
export function exportJson(
  snapshots: ReadonlyMap<string, Snapshot>,
  order: readonly string[],
  now: string,
): string {
  const projects = order.filter((id) => snapshots.has(id)).map((id) => ({
    id,
    ...snapshots.get(id)!,
  }));
  return JSON.stringify({ format: EXPORT_FORMAT, version: 1, exported_at: now, projects });
}

/** The CSV columns: the project's id, its fields, and its part counts. */
export const CSV_COLUMNS = ["id", ...Object.keys(SNAPSHOT_FIELDS), "phases", "members", "tasks"];

/** The CSV export: a header and one row per project. */
export function exportCsv(
  snapshots: ReadonlyMap<string, Snapshot>,
  order: readonly string[],
): string {
  let text = csvLine(CSV_COLUMNS);
  for (const id of order) {
    const s = snapshots.get(id);
    if (!s) continue;
    text += csvLine([
      id,
      ...Object.keys(SNAPSHOT_FIELDS).map((k) => s.fields[k] as string | number | null),
      s.phases.length,
      s.members.length,
      s.tasks.length,
    ]);
  }
  return text;
}
