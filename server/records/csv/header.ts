/**
 * Maps an import file's header row onto a record type's fields. A heading names a
 * field by its id or by its label (case-insensitive, spaces around ignored); `ID`
 * names the record to update. The columns an export writes that cannot be set
 * (status, stamps, read-only, computed and fetched fields) are skipped, so an
 * exported file imports back. Any other heading, an empty one, or two headings
 * naming the same field fail on line 1, so nothing is imported from a file read
 * the wrong way.
 */
import type { RecordField } from "../define.ts";
import { quoted } from "./coerce.ts";

/** What one column of the file holds, and its heading as the file writes it. */
export type ImportColumn =
  | { kind: "id"; heading: string }
  | { kind: "field"; field: RecordField; heading: string }
  | { kind: "skipped"; heading: string };

/**
 * A problem with the file, a row or a value, as the import answers it: the field
 * (its id) and the column (its heading as the file writes it, so the message can
 * be found in the file), or null when the problem is not one column's.
 */
export interface ImportFailure {
  line: number;
  field: string | null;
  column: string | null;
  message: string;
}

/** The header's meaning: one entry per column. */
export interface HeaderMapping {
  columns: ImportColumn[];
  /** Whether a column holds record ids (rows with one update that record). */
  hasId: boolean;
  /** The heading of the column of each field, by field id (`id` for the ID column). */
  headings: ReadonlyMap<string, string>;
}

/**
 * Record columns an export may write that an import never sets, by id and by
 * label; and the "Error" column a file of an import's failed rows adds, so the
 * file imports again once its rows are fixed.
 */
const SYSTEM_COLUMNS: Readonly<Record<string, string>> = {
  error: "Error",
  name: "Name",
  status: "Status",
  version: "Version",
  docstatus: "Document status",
  created_at: "Created at",
  created_by: "Created by",
  updated_at: "Updated at",
  updated_by: "Updated by",
};

function normalise(heading: string): string {
  return heading.trim().toLowerCase();
}

/** Whether an import may set the field (it has a column and nobody else computes it). */
export function importable(field: RecordField): boolean {
  return field.type !== "table" && !field.read_only && !field.computed && !field.fetch_from;
}

/**
 * Whether a file that creates records needs a column for the field: required,
 * with no default (constant or from a formula), not derived and not conditional (a
 * `visible_if` field may not apply to a row).
 */
export function neededOnCreate(field: RecordField): boolean {
  return !!field.required && field.default === undefined &&
    field.default_formula === undefined && importable(field) && !field.visible_if;
}

/**
 * The columns of a header row. `fields` are the fields the caller may see (a
 * level-1 field is unknown to a caller without level 1); `typeLabel` names the
 * record type in messages.
 */
export function mapHeader(
  cells: readonly string[],
  fields: readonly RecordField[],
  options: { typeLabel: string; line?: number },
): { mapping: HeaderMapping; failures: ImportFailure[] } {
  const line = options.line ?? 1;
  const byId = new Map<string, RecordField>();
  const byLabel = new Map<string, RecordField>();
  for (const f of fields) {
    byId.set(f.id, f);
    if (!byLabel.has(normalise(f.label))) byLabel.set(normalise(f.label), f);
  }
  const system = new Set<string>();
  for (const [id, label] of Object.entries(SYSTEM_COLUMNS)) {
    if (!byId.has(id)) system.add(id);
    if (!byLabel.has(normalise(label))) system.add(normalise(label));
  }
  const failures: ImportFailure[] = [];
  const seen = new Map<string, string>();
  const columns = cells.map((cell, index): ImportColumn => {
    const key = normalise(cell);
    const heading = cell.trim();
    const fail = (field: string | null, message: string): ImportColumn => {
      failures.push({ line, field, column: heading || null, message });
      return { kind: "skipped", heading };
    };
    const field = byId.get(key) ?? byLabel.get(key);
    const target = field ? field.id : key === "id" ? "id" : undefined;
    if (!key) return fail(null, `Column ${index + 1} has no heading`);
    if (target && seen.has(target)) {
      return fail(
        field?.id ?? null,
        `Column ${quoted(heading)} repeats column ${quoted(seen.get(target)!)}`,
      );
    }
    if (target) seen.set(target, heading);
    if (target === "id") return { kind: "id", heading };
    if (field?.type === "table") {
      return fail(
        field.id,
        `Column ${quoted(heading)} holds child rows, which a CSV import cannot set`,
      );
    }
    if (field) {
      return importable(field) ? { kind: "field", field, heading } : { kind: "skipped", heading };
    }
    if (system.has(key)) return { kind: "skipped", heading };
    return fail(
      null,
      `Unknown column ${
        quoted(heading)
      }: it is neither a field id nor a field label of ${options.typeLabel}`,
    );
  });
  return { mapping: { columns, hasId: seen.has("id"), headings: seen }, failures };
}
