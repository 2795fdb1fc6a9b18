/**
 * Record change events of the live event stream, and who is listening for them.
 * This is the only place that knows their shape: the server sends
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

/** The record changes an event of the stream carries; undefined for other events. */
export function recordChangesOf(name: string, data: string): RecordChange[] | undefined {
  if (name !== "records") return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return [];
  }
  const records = typeof parsed === "object" && parsed !== null
    ? (parsed as { records?: unknown }).records
    : undefined;
  if (!Array.isArray(records)) return [];
  const changes: RecordChange[] = [];
  for (const entry of records) {
    if (typeof entry !== "object" || entry === null) continue;
    const { type, id, version } = entry as Record<string, unknown>;
    if (typeof type !== "string") continue;
    changes.push({
      recordType: type,
      id: typeof id === "string" ? id : null,
      ...(typeof version === "number" ? { version } : {}),
    });
  }
  return changes;
}

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
