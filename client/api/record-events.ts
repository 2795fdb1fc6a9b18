/**
 * Record change events of the live event stream, and who is listening for them.
 * The shape assumed here is the only place that knows it: the server sends
 * `event: record` with data
 * `{ "type": "record", "record_type": "task", "id": "…", "version": 4, "change": "update" }`
 * (`change` one of create, update, delete, action, import; `version` the record's
 * version after the change, absent for delete). A `change` event whose data has
 * `type: "record"` is read the same way.
 */

/** One record's change. */
export interface RecordChange {
  recordType: string;
  id: string;
  version?: number;
  change: string;
}

const listeners = new Set<(change: RecordChange) => void>();

/** The record change an event of the stream carries, if it carries one. */
export function recordChangeOf(name: string, data: string): RecordChange | undefined {
  if (name !== "record" && name !== "change") return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (typeof parsed !== "object" || parsed === null) return undefined;
  const event = parsed as Record<string, unknown>;
  if (name === "change" && event.type !== "record") return undefined;
  if (typeof event.record_type !== "string" || typeof event.id !== "string") return undefined;
  return {
    recordType: event.record_type,
    id: event.id,
    version: typeof event.version === "number" ? event.version : undefined,
    change: typeof event.change === "string" ? event.change : "update",
  };
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
