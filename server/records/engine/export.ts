/**
 * CSV export of records (`GET /api/records/{type}/export`): the filtered, searched
 * and sorted list the caller sees, streamed page by page through the engine's list
 * query (keyset pages, own-record rules, derived status; list-pages.ts), written
 * as the download takes them, so memory stays flat however many rows there are.
 * Columns are the record's ID, its number (series naming), every field the
 * caller may read (a level-1 field only with level 1; child tables left out)
 * under its label, and the status; values are written as people read them: option labels, linked records' titles, Yes/No. A file
 * exported this way imports back (the import skips the columns it cannot set).
 */
import type { Access } from "../../platform/access/access.ts";
import type { Filter, Sort } from "../../../schemas/records/meta.ts";
import type { RecordField, RecordType } from "../define.ts";
import { type CsvCell, csvStream } from "../csv/mod.ts";
import type { RecordEngine } from "./engine.ts";
import type { RecordData } from "./record-rows.ts";
import { selectOptions } from "./select-options.ts";
import { listPages } from "./list-pages.ts";
import { readsField } from "./record-access.ts";

/**
 * Rows read per page. With the server's garbage collector settings
 * (server/v8-flags.json), streaming 100,000 leads grew the server's memory by
 * 29 MB on PostgreSQL and 14 MB on SQLite with pages of 200, against 38 and 22 MB
 * with pages of 500; pages of 50 took twice as long on PostgreSQL (1.4 s against
 * 0.76 s), a round trip per 50 rows.
 */
const PAGE_ROWS = 200;

/** Which records an export holds: the list's filters, search, sort and view. */
export interface ExportRequest {
  filters?: Filter[];
  search?: string;
  sort?: Sort[];
  view?: string;
}

/** A column of the file: its heading and how a record gives its cell. */
interface ExportColumn {
  heading: string;
  cell(record: RecordData): CsvCell;
  /** Loads what the cells of a page need (an organisation's option labels, once some are used). */
  prepare?(records: readonly RecordData[]): Promise<void>;
}

/** The file's name: the type's plural and the date, `leads-2026-03-14.csv`. */
export function exportFileName(type: RecordType, now: string): string {
  const plural = type.declaration.plural.toLowerCase().replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `${plural || type.id}-${now.slice(0, 10)}.csv`;
}

async function columnsFor(
  engine: RecordEngine,
  access: Access,
  type: RecordType,
): Promise<ExportColumn[]> {
  const fields = type.fields.filter((f) => f.type !== "table" && readsField(type, access, f));
  const labels = new Set(fields.map((f) => f.label.trim().toLowerCase()));
  const columns: ExportColumn[] = [];
  const standard = (heading: string, key: string) => {
    if (!labels.has(heading.toLowerCase())) {
      columns.push({ heading, cell: (r) => r[key] as CsvCell });
    }
  };
  standard("ID", "id");
  if ("series" in type.declaration.naming) standard("Name", "name");
  for (const field of fields) {
    columns.push(await fieldColumn(engine, access, field));
  }
  if (type.declaration.states) {
    const states = new Map(type.declaration.states.list.map((s) => [s.id, s.label]));
    if (!labels.has("status")) {
      columns.push({
        heading: "Status",
        cell: (r) => states.get(r.status as string) ?? (r.status as CsvCell),
      });
    }
  }
  return columns;
}

async function fieldColumn(
  engine: RecordEngine,
  access: Access,
  field: RecordField,
): Promise<ExportColumn> {
  const id = field.id;
  const heading = field.label;
  if (field.type === "check") return { heading, cell: (r) => r[id] ? "Yes" : "No" };
  if (field.type === "link") {
    return { heading, cell: (r) => (r[`${id}__title`] ?? r[id]) as CsvCell };
  }
  if (field.type !== "select" && !(field.type === "int" && field.options)) {
    return { heading, cell: (r) => r[id] as CsvCell };
  }
  let labels: Map<string, string> | undefined;
  const load = async () => {
    const options = await selectOptions(engine.db, access.organizationId, field);
    labels = new Map(options.map((o) => [o.value, o.label]));
  };
  if (field.options) await load();
  return {
    heading,
    cell: (r) => labels?.get(String(r[id] ?? "")) ?? (r[id] as CsvCell),
    prepare: async (records) => {
      if (!labels && records.some((r) => r[id] !== "" && r[id] !== null)) await load();
    },
  };
}

/**
 * The export's file name and CSV byte stream. The first page is read before the
 * answer starts, so a bad filter or a missing permission is a 4xx, not a broken
 * download.
 */
export async function exportRecords(
  engine: RecordEngine,
  access: Access,
  typeId: string,
  request: ExportRequest,
): Promise<{ fileName: string; body: ReadableStream<Uint8Array> }> {
  const type = engine.typeFor(access, typeId, "export");
  const columns = await columnsFor(engine, access, type);
  const pages = listPages(engine, access, typeId, request, { pageRows: PAGE_ROWS });
  const first = await pages.next();
  async function* rows(): AsyncGenerator<CsvCell[]> {
    yield columns.map((c) => c.heading);
    for (let page = first; !page.done; page = await pages.next()) {
      for (const column of columns) await column.prepare?.(page.value);
      for (const record of page.value) yield columns.map((c) => c.cell(record));
    }
  }
  return {
    fileName: exportFileName(type, new Date(engine.clock()).toISOString()),
    body: csvStream(rows()),
  };
}
