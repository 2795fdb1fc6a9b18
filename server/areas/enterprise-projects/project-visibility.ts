/**
 * What the enterprise calls show of a project beyond its record goes through the
 * record engine's visibility (records/engine/record-access.ts), the rule the
 * project's and the task's own GET follow: a project's tasks only as far as the
 * caller may read each task (members see their own), and the project's values
 * kept elsewhere — its versions' copies, its audited change history — without
 * the fields above the caller's level (the budget, the team's hourly rates).
 */
import type { Access } from "../../platform/access/access.ts";
import type { RecordEngine } from "../../records/engine/engine.ts";
import { readableRows, visibleRecord } from "../../records/engine/record-access.ts";
import type { Snapshot } from "./versions-snapshot.ts";

/** Of rows standing for tasks (by `id`, or as `idOf` says), those the caller may read. */
export function readableTasks<T>(
  records: RecordEngine,
  access: Access,
  rows: readonly T[],
  idOf: (row: T) => string = (row) => (row as { id: string }).id,
): Promise<T[]> {
  const type = records.findType("task");
  if (!type) return Promise.resolve([]);
  return readableRows({ q: records.db, types: records.types }, access, type, rows, idOf);
}

/** A project's values (fields by id, team rows included) as the caller may see them. */
export function visibleProjectValues(
  records: RecordEngine,
  access: Access,
  values: Record<string, unknown>,
): Record<string, unknown> {
  return visibleRecord(records.findType("project")!, access, values);
}

/** A version's snapshot as the caller may see it: fields, team and tasks. */
export async function visibleSnapshot(
  records: RecordEngine,
  access: Access,
  snapshot: Snapshot,
): Promise<Snapshot> {
  const shown = visibleProjectValues(records, access, {
    ...snapshot.fields,
    members: snapshot.members,
  });
  const { members, ...fields } = shown;
  return {
    fields,
    phases: snapshot.phases,
    members: members as Snapshot["members"],
    tasks: await readableTasks(records, access, snapshot.tasks, (t) => String(t.id)),
  };
}
