/**
 * A board's columns, from what its descriptor declares and what its grouped query
 * counted: a select's declared values in order (each shown, even when empty), then
 * any other value its records hold (a link's, named by its title; an organisation
 * list's, by the list's label), then the records without one ("No owner"). Counts and
 * sums follow the moves still on their way, so a card moved shows where it went; a
 * weighted sum is the server's, refreshed once the move is stored.
 */
import type { BoardField } from "../../schemas/descriptor/record-widgets.ts";
import type { FieldMeta, Filter, SelectOption } from "../../schemas/records/meta.ts";
import { optionsOf } from "./field-display.tsx";
import type { ExternalOptions } from "./field-display.tsx";

/** The key of the column of records without a value. */
export const NO_VALUE = "\u0000none";

/** One column as the board shows it. */
export interface BoardColumnState {
  key: string;
  /** The stored value a card moved here takes (null: none). */
  value: string | null;
  label: string;
  tone?: SelectOption["tone"];
  count: number;
  sum: number;
  /** The sum weighted by the value's weight, when the grouped query weighed it. */
  weighted?: number;
}

/** A card on its way to another column. */
export interface PendingMove {
  card: Readonly<Record<string, unknown>>;
  from: string;
  to: string;
}

type Row = Readonly<Record<string, unknown>>;

function keyOf(value: unknown): string {
  return value === null || value === undefined || value === "" ? NO_VALUE : String(value);
}

/** The columns of `field` given the grouped rows (`count`, `sum`) and the moves on their way. */
export function boardColumns(
  field: BoardField,
  meta: FieldMeta | undefined,
  rows: readonly Row[],
  options: { external?: ExternalOptions; sumField?: string; pending?: Iterable<PendingMove> },
): BoardColumnState[] {
  const columns = new Map<string, BoardColumnState>();
  const declared = field.columns ?? (meta ? optionsOf(meta, options.external) : []);
  for (const c of declared) {
    columns.set(c.value, {
      key: c.value,
      value: c.value,
      label: c.label,
      tone: c.tone,
      count: 0,
      sum: 0,
    });
  }
  for (const row of rows) {
    const key = keyOf(row[field.id]);
    const title = row[`${field.id}__title`];
    const column = columns.get(key) ?? {
      key,
      value: key === NO_VALUE ? null : key,
      label: key === NO_VALUE
        ? `No ${field.label.toLowerCase()}`
        : typeof title === "string" && title !== ""
        ? title
        : key,
      count: 0,
      sum: 0,
    };
    column.count += Number(row.count ?? 0);
    column.sum += Number(row.sum ?? 0);
    if (row.weighted !== undefined) {
      column.weighted = (column.weighted ?? 0) + Number(row.weighted ?? 0);
    }
    columns.set(key, column);
  }
  const ordered = [...columns.values()].sort((a, b) =>
    a.key === NO_VALUE ? 1 : b.key === NO_VALUE ? -1 : 0
  );
  for (const move of options.pending ?? []) {
    if (move.from === move.to) continue;
    const value = options.sumField ? Number(move.card[options.sumField] ?? 0) || 0 : 0;
    const from = columns.get(move.from);
    const to = columns.get(move.to);
    if (from) {
      from.count -= 1;
      from.sum -= value;
    }
    if (to) {
      to.count += 1;
      to.sum += value;
    }
  }
  return ordered;
}

/** The filter confining a list to one column's records. */
export function columnFilter(field: string, column: Pick<BoardColumnState, "value">): Filter {
  return column.value === null
    ? { field, op: "is_not_set" }
    : { field, op: "eq", value: column.value };
}
