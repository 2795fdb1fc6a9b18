/**
 * A saved report's CSV (`GET /api/records/report/{id}/export`): the whole result,
 * however large, read page by page through the engine's query (query-pages.ts: the
 * same visibility, columns and groups as the report's run) and written as the
 * download takes it, with the headings and cells people read (report-cells.ts).
 */
import type { Access } from "../../../platform/access/access.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import type { QueryRequest } from "../../../../schemas/records/query.ts";
import { type CsvCell, csvStream } from "../../../records/csv/mod.ts";
import { reportColumns } from "./report-cells.ts";

/**
 * Rows read per page. Records as the list's export reads them (200: memory against
 * round trips, measured there); groups in larger pages, since each page groups what
 * is left after the last one.
 */
export const REPORT_PAGE_ROWS = { records: 200, groups: 2_000 };

/** The file's name: the report's name and the day, `invoices-by-status-2026-03-14.csv`. */
function fileName(title: string, now: number): string {
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
  return `${slug || "report"}-${new Date(now).toISOString().slice(0, 10)}.csv`;
}

/**
 * The report's file name and CSV byte stream, for a caller who may export its
 * records. The first page is read before the answer starts, so a refusal is a 4xx,
 * not a broken download.
 */
export async function exportReport(
  engine: RecordEngine,
  access: Access,
  report: { title: string; typeId: string; definition: QueryRequest },
): Promise<{ fileName: string; body: ReadableStream<Uint8Array> }> {
  const { typeId, definition } = report;
  const type = engine.typeFor(access, typeId, "export");
  const columns = await reportColumns(type, engine.types, definition, {
    q: engine.db,
    organizationId: access.organizationId!,
  });
  const grouped = definition.group_by !== undefined || definition.aggregates !== undefined;
  const pages = engine.queryPages(access, typeId, definition, {
    pageRows: grouped ? REPORT_PAGE_ROWS.groups : REPORT_PAGE_ROWS.records,
  });
  const first = await pages.next();
  async function* lines(): AsyncGenerator<CsvCell[]> {
    yield columns.map((col) => col.heading);
    for (let page = first; !page.done; page = await pages.next()) {
      for (const row of page.value) yield columns.map((col) => col.cell(row));
    }
  }
  return { fileName: fileName(report.title, engine.clock()), body: csvStream(lines()) };
}
