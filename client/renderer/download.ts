/** Saves a source's value as a CSV or JSON file in the browser. */
import { type CsvCell, csvText } from "../../schemas/csv/writer.ts";

/**
 * The CSV text of a list of records: one column per key seen, written by the
 * product's one CSV writer, so a cell a spreadsheet would run as a formula is made
 * inert here as in the server's files.
 */
export function toCsv(value: unknown): string {
  const rows = (Array.isArray(value) ? value : [value]).map((row): Record<string, unknown> =>
    typeof row === "object" && row !== null ? row as Record<string, unknown> : { value: row }
  );
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return csvText([columns, ...rows.map((row) => columns.map((c) => cellOf(row[c])))]);
}

/** A value as a cell: nested values as their JSON text. */
function cellOf(value: unknown): CsvCell {
  return typeof value === "object" && value !== null ? JSON.stringify(value) : value as CsvCell;
}

/** Offers `content` as a file download. */
export function saveFile(filename: string, content: string, type: string): void {
  saveBlob(filename, new Blob([content], { type }));
}

/** Offers bytes as a file download. */
export function saveBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
