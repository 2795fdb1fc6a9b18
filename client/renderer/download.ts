/** Saves a source's value as a CSV or JSON file in the browser. */

/** The CSV text of a list of records (one column per key seen, RFC 4180 quoting). */
export function toCsv(value: unknown): string {
  const rows = (Array.isArray(value) ? value : [value]).map((row): Record<string, unknown> =>
    typeof row === "object" && row !== null ? row as Record<string, unknown> : { value: row }
  );
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const lines = [columns, ...rows.map((row) => columns.map((c) => row[c]))];
  return lines.map((cells) => cells.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

function csvCell(value: unknown): string {
  const text = value === undefined || value === null
    ? ""
    : typeof value === "object"
    ? JSON.stringify(value)
    : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
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
