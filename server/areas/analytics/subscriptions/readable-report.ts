/**
 * A saved report as one person may read it: through the engine's query over
 * reports, so the same visibility decides as the report's own GET (its owner, or
 * the roles or organisation it is shared with). Subscribing to a report and each
 * mail of it ask here, with the subscriber's own access.
 */
import type { Reader } from "../../../db/database.ts";
import type { MembershipAccess } from "../../../platform/access/access.ts";
import type { RecordType } from "../../../records/define.ts";
import { runQuery } from "../../../records/engine/record-query.ts";
import { REPORT } from "../types/report.ts";

/** What a mail of a report needs from it. */
export interface ReadableReport {
  id: string;
  name: string;
  recordType: string;
  definition: string;
}

/** The report if `access` may read it, else undefined. */
export async function readableReport(
  source: { db: Reader; types: ReadonlyMap<string, RecordType>; clock: () => number },
  access: MembershipAccess,
  id: string,
): Promise<ReadableReport | undefined> {
  const { rows } = await runQuery(source, access, REPORT.id, {
    columns: ["name", "record_type", "definition"],
    filters: [{ field: "id", op: "eq", value: id }],
    limit: 1,
  });
  const row = rows[0];
  if (!row) return undefined;
  return {
    id,
    name: String(row.name),
    recordType: String(row.record_type),
    definition: String(row.definition),
  };
}
