/** Reads the record changes of a live `records` event (see record-events.ts for its shape). */
import type { RecordChange } from "./record-events.ts";

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
