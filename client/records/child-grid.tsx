/**
 * An editable grid of a record's child rows: one input per cell, rows added and
 * removed, arrow keys and Enter moving between cells (Tab follows the page order),
 * and running totals of the columns the record itself sums (an invoice totals its
 * lines' net, tax and amount, never their rates). The server's errors of a cell
 * (`lines[0].date`: "Line 1: Date is required") are shown in that cell, its input
 * marked invalid; a column the record's state fixes is shown, not edited, and then
 * rows are neither added nor removed. An attach column uploads a file per row (a
 * receipt per expense line). Rows are memoised so that typing in one cell
 * re-renders that row only; a record with a thousand rows stays quick.
 * Narrower than 600 px (a phone) the rows stack as cards, each cell under its
 * column's name (`data-label`), so the grid is never wider than its box.
 */
import { type KeyboardEvent, memo, useCallback, useMemo, useRef } from "react";
import type { FieldMeta, Filter } from "../../schemas/records/meta.ts";
import { type ExternalOptions, FieldDisplay, numberText } from "./field-display.tsx";
import { FieldInput } from "./field-input.tsx";
import { AttachInput } from "./attach-input.tsx";
import { defaultValue } from "./use-record-editor.ts";

type ChildRow = Record<string, unknown>;

/** Props of a child grid. */
export interface ChildGridProps {
  field: FieldMeta;
  rows: readonly ChildRow[];
  readOnly: boolean;
  external?: ExternalOptions;
  /** The picker conditions of link columns, filled in from the record, by column id. */
  filters?: Readonly<Record<string, readonly Filter[]>>;
  /** Changes the rows; called with a function of the current rows. */
  onRows(update: (rows: readonly ChildRow[]) => ChildRow[]): void;
  describedBy?: string;
  /** The columns the record sums (its computed `sum` fields over this table): the Total row. */
  summed?: ReadonlySet<string>;
  /** The form's errors by path; those of this table's cells (`lines[0].date`) are shown in them. */
  errors?: Readonly<Record<string, string>>;
  /** Columns that cannot change now; with any, rows can be neither added nor removed. */
  lockedColumns?: ReadonlySet<string>;
  /** Called when the user changes a cell, with its path (`lines[0].date`), to clear its error. */
  onCellEdited?(path: string): void;
  /** The records API and the saved record's id, for an attach column's uploads and downloads. */
  api?: string;
  recordId?: string | null;
}

/** Field types whose cards share a line two by two on a phone; the rest take a whole line. */
const NARROW = new Set(["int", "float", "currency", "percent", "date", "check"]);

/** A cell's errors by row index and column id. */
type CellErrors = ReadonlyMap<number, Readonly<Record<string, string>>>;

const CELL_PATH = /^([a-z][a-z0-9_]*)\[(\d+)\]\.([a-z][a-z0-9_]*)$/;

/** The errors of the table's cells, by row and column. */
function cellErrorsOf(
  table: string,
  errors: Readonly<Record<string, string>> | undefined,
): CellErrors {
  const found = new Map<number, Record<string, string>>();
  for (const [path, message] of Object.entries(errors ?? {})) {
    const match = CELL_PATH.exec(path);
    if (!match || match[1] !== table) continue;
    const row = Number(match[2]);
    found.set(row, { ...found.get(row), [match[3]]: message });
  }
  return found;
}

/** A child grid. */
export function ChildGrid(props: ChildGridProps) {
  const { field, rows, onRows, lockedColumns } = props;
  const columns = useMemo(() => (field.fields ?? []).filter((f) => !f.hidden), [field]);
  // Rows are fixed when the record's state holds some columns (a submitted claim's lines).
  const readOnly = props.readOnly || (lockedColumns !== undefined && lockedColumns.size > 0);
  const cellErrors = useMemo(() => cellErrorsOf(field.id, props.errors), [field.id, props.errors]);
  const edited = useRef(props.onCellEdited);
  edited.current = props.onCellEdited;
  const rowsChange = useRef(onRows);
  rowsChange.current = onRows;
  const table = useRef<HTMLTableElement>(null);
  // The rows' callbacks stay the same across renders (so unchanged rows are not
  // drawn again) while still reaching the latest `onRows`.
  const totals = useMemo(() => {
    const sums = new Map<string, number>();
    for (const column of columns) {
      if (!props.summed?.has(column.id)) continue;
      let sum = 0;
      for (const row of rows) {
        const value = row[column.id];
        if (typeof value === "number" && Number.isFinite(value)) sum += value;
      }
      sums.set(column.id, sum);
    }
    return sums;
  }, [columns, rows, props.summed]);

  const onCell = useCallback(
    (index: number, id: string, value: unknown, title?: string) => {
      rowsChange.current((current) =>
        current.map((row, i) =>
          i === index
            ? { ...row, [id]: value, ...(title === undefined ? {} : { [`${id}__title`]: title }) }
            : row
        )
      );
      edited.current?.(`${field.id}[${index}].${id}`);
    },
    [field.id],
  );
  const onRemove = useCallback(
    (index: number) => rowsChange.current((current) => current.filter((_, i) => i !== index)),
    [],
  );
  const addRow = useCallback(() => {
    const fresh: ChildRow = {};
    for (const column of columns) {
      const value = defaultValue(column);
      if (value !== undefined) fresh[column.id] = value;
    }
    rowsChange.current((current) => [...current, fresh]);
  }, [columns]);

  function focusCell(row: number, column: number): boolean {
    const cell = table.current?.querySelector<HTMLElement>(
      `td[data-row="${row}"][data-col="${column}"] :is(input, select, textarea)`,
    );
    cell?.focus();
    return cell !== null && cell !== undefined;
  }

  function onKeyDown(event: KeyboardEvent<HTMLTableElement>): void {
    const cell = (event.target as HTMLElement).closest<HTMLElement>("td[data-row]");
    if (cell === null || event.altKey || event.ctrlKey || event.metaKey) return;
    const row = Number(cell.dataset.row);
    const column = Number(cell.dataset.col);
    const target = event.target as HTMLElement;
    const caretAt = textCaret(target);
    let moved = false;
    if (event.key === "ArrowDown" || (event.key === "Enter" && target.tagName !== "TEXTAREA")) {
      moved = focusCell(row + 1, column);
      if (!moved && event.key === "Enter" && !readOnly) {
        addRow();
        setTimeout(() => focusCell(row + 1, column), 0);
        moved = true;
      }
    } else if (event.key === "ArrowUp") moved = focusCell(row - 1, column);
    else if (event.key === "ArrowLeft" && (caretAt === undefined || caretAt === "start")) {
      moved = focusCell(row, column - 1);
    } else if (event.key === "ArrowRight" && (caretAt === undefined || caretAt === "end")) {
      moved = focusCell(row, column + 1);
    }
    if (moved || event.key === "Enter") event.preventDefault();
  }

  return (
    <div className="child-grid-wrap">
      <table
        ref={table}
        className="table child-grid"
        aria-label={field.label}
        aria-describedby={props.describedBy}
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            <th scope="col" className="child-index">#</th>
            {columns.map((c) => <th key={c.id} scope="col">{c.label}</th>)}
            {readOnly ? null : (
              <th scope="col">
                <span className="sr-only">Remove</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {blocksOf(rows).map((block, b) => (
            <RowBlock
              key={b}
              rows={block}
              start={b * BLOCK_SIZE}
              columns={columns}
              readOnly={readOnly}
              locked={props.readOnly ? undefined : lockedColumns}
              errors={cellErrors}
              table={field.id}
              api={props.api}
              recordId={props.recordId}
              external={props.external}
              filters={props.filters}
              onCell={onCell}
              onRemove={onRemove}
            />
          ))}
        </tbody>
        {totals.size > 0 && rows.length > 0
          ? (
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                {columns.map((c) => (
                  <td
                    key={c.id}
                    data-total={c.id}
                    data-label={totals.has(c.id) ? c.label : undefined}
                  >
                    {totals.has(c.id) ? numberText(c, totals.get(c.id)) : null}
                  </td>
                ))}
                {readOnly ? null : <td />}
              </tr>
            </tfoot>
          )
          : null}
      </table>
      {readOnly
        ? null
        : (
          <button type="button" className="button button-secondary button-small" onClick={addRow}>
            Add row
          </button>
        )}
    </div>
  );
}

/** Rows are drawn in blocks; a change re-renders only the block holding the changed row. */
const BLOCK_SIZE = 50;

function blocksOf<T>(rows: readonly T[]): T[][] {
  const blocks: T[][] = [];
  for (let i = 0; i < rows.length; i += BLOCK_SIZE) blocks.push(rows.slice(i, i + BLOCK_SIZE));
  return blocks;
}

type RowBlockProps =
  & Omit<GridRowProps, "row" | "index" | "errors">
  & { rows: ChildRow[]; start: number; errors: CellErrors };

const RowBlock = memo(function RowBlock({ rows, start, errors, ...rest }: RowBlockProps) {
  return (
    <>
      {rows.map((row, i) => (
        <GridRow
          key={typeof row.id === "string" ? row.id : `new-${start + i}`}
          row={row}
          index={start + i}
          errors={errors.get(start + i)}
          {...rest}
        />
      ))}
    </>
  );
}, (before, after) =>
  before.start === after.start && before.columns === after.columns &&
  before.readOnly === after.readOnly && before.locked === after.locked &&
  before.external === after.external && before.errors === after.errors &&
  before.filters === after.filters &&
  before.rows.length === after.rows.length && before.rows.every((row, i) => row === after.rows[i]));

interface GridRowProps {
  row: ChildRow;
  index: number;
  columns: readonly FieldMeta[];
  readOnly: boolean;
  /** Columns that cannot change now, though others of the row can. */
  locked?: ReadonlySet<string>;
  /** This row's errors by column. */
  errors?: Readonly<Record<string, string>>;
  table: string;
  api?: string;
  recordId?: string | null;
  external?: ExternalOptions;
  filters?: Readonly<Record<string, readonly Filter[]>>;
  onCell(index: number, id: string, value: unknown, title?: string): void;
  onRemove(index: number): void;
}

const GridRow = memo(function GridRow(
  {
    row,
    index,
    columns,
    readOnly,
    locked,
    errors,
    table,
    external,
    filters,
    onCell,
    onRemove,
    ...rest
  }: GridRowProps,
) {
  return (
    <tr className={errors ? "has-error" : undefined}>
      <td className="child-index" data-label="Row">{index + 1}</td>
      {columns.map((column, c) => {
        const label = `${column.label} row ${index + 1}`;
        const error = errors?.[column.id];
        const errorId = error ? `${table}-${index}-${column.id}-error` : undefined;
        const fixed = (readOnly && !locked?.size) || locked?.has(column.id) ||
          column.read_only || column.computed;
        let control;
        if (column.type === "attach" && rest.api !== undefined) {
          control = (
            <AttachInput
              api={rest.api}
              recordId={rest.recordId ?? null}
              fieldId={`${table}.${column.id}`}
              rowId={typeof row.id === "string" ? row.id : undefined}
              label={label}
              value={row[column.id]}
              title={titleOf(row, column.id)}
              disabled={fixed}
              invalid={error !== undefined}
              describedBy={errorId}
              onChange={(value, title) => onCell(index, column.id, value, title)}
            />
          );
        } else if (fixed) {
          control = (
            <FieldDisplay
              field={column}
              value={row[column.id]}
              row={row}
              external={external}
              linked
            />
          );
        } else {
          control = (
            <FieldInput
              field={column}
              label={label}
              value={row[column.id]}
              title={titleOf(row, column.id)}
              invalid={error !== undefined}
              describedBy={errorId}
              external={external}
              filters={filters?.[column.id]}
              onChange={(value, title) => onCell(index, column.id, value, title)}
            />
          );
        }
        return (
          <td
            key={column.id}
            data-row={index}
            data-col={c}
            data-label={column.label}
            data-width={NARROW.has(column.type) ? "narrow" : "wide"}
            className={error ? "has-error" : undefined}
          >
            {control}
            {error ? <p id={errorId} className="field-error cell-error">{error}</p> : null}
          </td>
        );
      })}
      {readOnly ? null : (
        <td className="child-remove">
          <button
            type="button"
            className="button button-ghost button-small"
            aria-label={`Remove row ${index + 1}`}
            onClick={() => onRemove(index)}
          >
            ×
          </button>
        </td>
      )}
    </tr>
  );
});

function titleOf(row: ChildRow, id: string): string | undefined {
  const title = row[`${id}__title`];
  return typeof title === "string" ? title : undefined;
}

/** Where the caret is in a text control: "start", "end", "middle"; undefined for others. */
function textCaret(element: HTMLElement): "start" | "end" | "middle" | undefined {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) {
    return undefined;
  }
  let start: number | null;
  try {
    start = element.selectionStart;
  } catch {
    return undefined;
  }
  if (start === null) return undefined;
  if (start === 0) return "start";
  return start >= element.value.length ? "end" : "middle";
}
