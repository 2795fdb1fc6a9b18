/**
 * The audit trail as a CSV file: the entries the screen lists for the same
 * filters (the same query, the same visibility, the same words), streamed page
 * by page through the product's CSV writer as the download takes them, so memory
 * stays flat however long the trail is.
 */
import type { AuditFilters } from "../../../../schemas/api/records.ts";
import type { MembershipAccess } from "../../../platform/access/access.ts";
import { type CsvCell, csvStream } from "../../../records/csv/mod.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import { type AuditTrailEntry, readTrail } from "./audit-trail.ts";

/** Entries read per page (as the record export's pages). */
const PAGE_ROWS = 200;

/** The file's columns: heading and cell. */
const COLUMNS: readonly { heading: string; cell(entry: AuditTrailEntry): CsvCell }[] = [
  { heading: "When", cell: (e) => e.created_at },
  { heading: "By", cell: (e) => e.actor_text },
  { heading: "Action", cell: (e) => e.action_label },
  { heading: "Kind", cell: (e) => e.resource_label },
  { heading: "Record", cell: (e) => e.resource_title },
  { heading: "Changes", cell: (e) => e.change_lines.join("\n") },
  { heading: "Automation run", cell: (e) => e.automation_run_id },
];

/** The file's name: `audit-log-2026-03-14.csv`. */
export function auditFileName(now: string): string {
  return `audit-log-${now.slice(0, 10)}.csv`;
}

/**
 * The CSV byte stream of the filtered trail. The first page is read before the
 * answer starts, so a failure is an error answer, not a broken download.
 */
export async function exportTrail(
  records: RecordEngine,
  access: MembershipAccess,
  filters: AuditFilters,
): Promise<ReadableStream<Uint8Array>> {
  const first = await readTrail(records, access, filters, { limit: PAGE_ROWS });
  async function* rows(): AsyncGenerator<CsvCell[]> {
    yield COLUMNS.map((c) => c.heading);
    let page = first;
    while (page.length > 0) {
      for (const entry of page) yield COLUMNS.map((c) => c.cell(entry));
      if (page.length < PAGE_ROWS) return;
      const last = page[page.length - 1];
      page = await readTrail(records, access, filters, {
        limit: PAGE_ROWS,
        after: { created_at: last.created_at, id: last.id },
      });
    }
  }
  return csvStream(rows());
}
