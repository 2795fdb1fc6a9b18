/**
 * CSV for the record engine: a streaming RFC 4180 reader and writer, the mapping
 * of an import's header onto a record type's fields, and the coercion of cell
 * text into field values (links resolved in batches). Import and export
 * (`../engine/import.ts`, `../engine/export.ts`) are built on these.
 */
export { CSV_LIMITS, CsvError, CsvParser, parseCsv, readCsv } from "./reader.ts";
export type { CsvReadOptions, CsvRow } from "./reader.ts";
export { csvLine, csvStream, protectFormula } from "./writer.ts";
export type { CsvCell, CsvWriteOptions } from "./writer.ts";
export { importable, mapHeader, neededOnCreate } from "./header.ts";
export type { HeaderMapping, ImportColumn, ImportFailure } from "./header.ts";
export { coerceCell, parseNumber } from "./coerce.ts";
export type { Coerced } from "./coerce.ts";
export { coerceRows } from "./rows.ts";
export type { ImportRow, LinkResolver, RowCoercion } from "./rows.ts";
