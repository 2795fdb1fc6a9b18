/**
 * The rows an import refused, as a file to fix and import again: the file's own
 * header with an "Error" column added, and each failed row as written with its
 * problems. Written by the product's one CSV writer, so a cell a spreadsheet would
 * run as a formula stays inert (and reads back as itself on the next import).
 */
import { csvText } from "../../schemas/csv/writer.ts";
import type { ImportAnswer } from "./record-api.ts";

/** The CSV text of an import's failed rows, or undefined when it has none to offer. */
export function failedRowsCsv(answer: ImportAnswer): string | undefined {
  if (answer.failed_rows.length === 0 || answer.header.length === 0) return undefined;
  const problems = new Map<number, string[]>();
  for (const failure of answer.failed) {
    problems.set(failure.line, [...(problems.get(failure.line) ?? []), failure.message]);
  }
  return csvText([
    [...answer.header, "Error"],
    ...answer.failed_rows.map((row) => [
      ...answer.header.map((_, i) => row.cells[i] ?? ""),
      (problems.get(row.line) ?? []).join("; "),
    ]),
  ], { bom: true });
}
