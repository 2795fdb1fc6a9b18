/**
 * What other parts of the suite add to a record's timeline (an automation area's
 * runs of its rules on the record), merged with the record's own entries newest
 * first. A source reads through the engine as the caller, so it shows only what
 * the caller may read, as every other read does.
 */
import type { z } from "zod";
import type { HistoryEntry } from "../../../schemas/records/api.ts";
import type { Access } from "../../platform/access/access.ts";
import type { RecordType } from "../define.ts";
import type { RecordEngine } from "./engine.ts";

/** One timeline entry. */
export type TimelineEntry = z.infer<typeof HistoryEntry>;

/** The entries a source adds about one record the caller may read. */
export type TimelineSource = (
  engine: RecordEngine,
  access: Access,
  record: { type: RecordType; id: string },
) => Promise<TimelineEntry[]>;

/** The record's own entries with every source's, newest first. */
export async function withTimelineSources(
  engine: RecordEngine,
  access: Access,
  record: { type: RecordType; id: string; entries: readonly TimelineEntry[] },
): Promise<{ entries: TimelineEntry[] }> {
  const added = await Promise.all(
    engine.timelines.map((source) => source(engine, access, record)),
  );
  const entries = [...record.entries, ...added.flat()];
  entries.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.id < b.id ? 1 : -1));
  return { entries };
}
