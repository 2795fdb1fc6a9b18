/**
 * Turns a chunk of CSV rows into record values, one failure per bad cell. Link
 * cells name their target by id or by title; the chunk's distinct texts are
 * resolved with one call per link target, never one query per row. A cell holding
 * a NUL character fails its row (naming the column), as NUL in a JSON body does:
 * SQLite would store the text cut short at it and PostgreSQL refuses it.
 */
import type { SelectOption } from "../../../schemas/records/meta.ts";
import { coerceCell, quoted } from "./coerce.ts";
import type { HeaderMapping, ImportFailure } from "./header.ts";
import type { CsvRow } from "./reader.ts";

/** A character no stored text may hold: C-string consumers (SQLite's text binding among them) end the text there. */
const NUL = "\u0000";

/**
 * Finds link targets: for each text, the ids of the `target` records whose id is
 * the text or, when none is, whose title equals it ignoring case. Texts matching
 * nothing may be left out of the answer. `target` is a record type id or `user`.
 */
export type LinkResolver = (
  target: string,
  texts: readonly string[],
) => Promise<ReadonlyMap<string, readonly string[]>>;

/** One row ready for the engine: the record to update (when the file has ids) and its values. */
export interface ImportRow {
  line: number;
  id: string | null;
  values: Record<string, unknown>;
}

/** What coercing rows needs besides the rows. */
export interface RowCoercion {
  mapping: HeaderMapping;
  resolveLinks: LinkResolver;
  /** Options of select fields whose options come from the organisation's type masters, by field id. */
  selectOptions?: ReadonlyMap<string, readonly SelectOption[]>;
}

/**
 * The chunk's rows as values; a row with any bad cell is left out and its failures
 * listed, by line, each named by its column's heading as the file writes it.
 */
export async function coerceRows(
  rows: readonly CsvRow[],
  coercion: RowCoercion,
): Promise<{ rows: ImportRow[]; failures: ImportFailure[] }> {
  const { columns } = coercion.mapping;
  const failures: ImportFailure[] = [];
  const wanted = new Map<string, Set<string>>();
  const shaped = rows.filter((row) => {
    if (row.cells.length === columns.length) return true;
    failures.push({
      line: row.line,
      field: null,
      column: null,
      message: `The row has ${row.cells.length} cells; the header has ${columns.length}`,
    });
    return false;
  });
  for (const row of shaped) {
    columns.forEach((column, i) => {
      if (column.kind !== "field" || column.field.type !== "link") return;
      const text = row.cells[i].trim();
      if (!text || text.includes(NUL)) return;
      const target = column.field.link!;
      if (!wanted.has(target)) wanted.set(target, new Set());
      wanted.get(target)!.add(text);
    });
  }
  const found = new Map<string, ReadonlyMap<string, readonly string[]>>();
  for (const [target, texts] of wanted) {
    found.set(target, await coercion.resolveLinks(target, [...texts]));
  }
  const out: ImportRow[] = [];
  for (const row of shaped) {
    const values: Record<string, unknown> = {};
    let id: string | null = null;
    let ok = true;
    columns.forEach((column, i) => {
      const text = row.cells[i];
      if (column.kind === "skipped") return;
      if (text.includes(NUL)) {
        ok = false;
        const heading = quoted(column.heading);
        failures.push({
          line: row.line,
          field: column.kind === "field" ? column.field.id : "id",
          column: column.heading || null,
          message:
            `Column ${heading} holds a NUL character (U+0000), which cannot be stored; remove it`,
        });
        return;
      }
      if (column.kind === "id") id = text.trim() || null;
      if (column.kind !== "field") return;
      const field = column.field;
      const coerced = coerceCell(field, text, coercion.selectOptions?.get(field.id));
      let error = coerced.error;
      let value = coerced.error === undefined ? coerced.value : undefined;
      if (!error && field.type === "link" && typeof value === "string") {
        const ids = found.get(field.link!)?.get(value) ?? [];
        if (ids.length === 1) value = ids[0];
        else if (ids.length === 0) error = `Nothing matches ${quoted(value)} by title or ID`;
        else error = `${ids.length} records are titled ${quoted(value)}; write the ID`;
      }
      if (error) {
        ok = false;
        failures.push({
          line: row.line,
          field: field.id,
          column: column.heading,
          message: `${column.heading}: ${error}`,
        });
      } else {
        values[field.id] = value;
      }
    });
    if (ok) out.push({ line: row.line, id, values });
  }
  failures.sort((a, b) => a.line - b.line);
  return { rows: out, failures };
}
