/**
 * A report as CSV (RFC 4180): a header of the columns' keys, then one line per
 * row, quoted where a value holds a comma, quote or line break. The keys are the
 * ones the screen's own CSV download writes, so both files read the same. A value
 * starting with =, +, - or @ that is not a number is prefixed with ' so that a
 * spreadsheet never runs it as a formula (OWASP CSV injection).
 */

function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value !== "number" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The CSV text of the rows, with these columns in this order. */
export function reportCsv(
  columns: readonly { key: string }[],
  rows: readonly Record<string, unknown>[],
): string {
  const lines = [
    columns.map((c) => cell(c.key)),
    ...rows.map((row) => columns.map((c) => cell(row[c.key]))),
  ];
  return lines.map((l) => l.join(",")).join("\r\n") + "\r\n";
}
