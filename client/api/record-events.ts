/**
 * Record change events of the live event stream, and who is listening for them.
 * The server sends (read by record-event-data.ts)
 * `event: records` with data
 * `{ "type": "records", "organization_id": "…", "records": [{ "type": "task", "id": "…", "version": 4 }], "at": "…" }`,
 * where `id` is null when many records of the type changed at once (bulk, import)
 * and `version` is absent when the record was deleted.
 */

/** One record's change (or, with a null id, some records of a type). */
export interface RecordChange {
  recordType: string;
  id: string | null;
  /** The record's version after the change; absent when it was deleted. */
  version?: number;
}

const listeners = new Set<(change: RecordChange) => void>();

/** Tells every listener about a change. */
export function publishRecordChange(change: RecordChange): void {
  for (const listener of [...listeners]) listener(change);
}

/** Calls `listener` on every record change; returns the unsubscribe. */
export function onRecordChange(listener: (change: RecordChange) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The record type id of a record API base path (`/api/records/task` → `task`). */
export function recordTypeOfApi(api: string): string {
  return api.slice(api.lastIndexOf("/") + 1);
}
