/**
 * A report as CSV: a header of the columns' keys, then one line per row, written
 * by the product's one CSV writer (quoting, formulas made inert). The keys are the
 * ones the screen's own CSV download writes, so both files read the same.
 */
import { type CsvCell, csvText } from "../../../../schemas/csv/writer.ts";

/** The CSV text of the rows, with these columns in this order. */
export function reportCsv(
  columns: readonly { key: string }[],
  rows: readonly Record<string, unknown>[],
): string {
  return csvText([
    columns.map((c) => c.key),
    ...rows.map((row) => columns.map((c) => row[c.key] as CsvCell)),
  ]);
}
