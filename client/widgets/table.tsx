/**
 * A data table: formatted columns (a column with a tone shows a badge; a column may
 * show a text rule over the row instead of its value, or a floor), sorting by
 * sortable columns, an optional search box, grouping under headings, paging, an
 * empty text, a row action on the first cell and per-row action buttons (each
 * possibly only on rows whose field has a given value). A table declared for phones
 * (`phone`) stacks its rows as cards below 600 px, each value under its column's
 * name, the declared columns and the row actions first.
 */
import { Fragment, useId, useState } from "react";
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import { ActionButton } from "../renderer/action-button.tsx";
import { MISSING_TEXT, resolveText } from "../renderer/bindings.ts";
import { displayValue, labelOf } from "../renderer/formatters.ts";
import {
  ItemContext,
  type SourceView,
  useScreenRuntime,
  type WidgetProps,
} from "../renderer/screen-runtime.tsx";
import { groupOf, groupRows, searchRows, type Sort, sortRows } from "../renderer/table-rows.ts";
import { resolveTone } from "../renderer/tone-rules.ts";
import { asItems, valueAt } from "../renderer/value-path.ts";

type TableNode = NodeOf<"table">;
type Column = TableNode["columns"][number];

/** A table. */
export function Table({ node }: WidgetProps<TableNode>) {
  const runtime = useScreenRuntime();
  const [sort, setSort] = useState<Sort | undefined>(node.defaultSort);
  const [page, setPage] = useState(0);
  const [query, setQuery] = useState("");
  const searchId = useId();
  const rows = asItems(valueAt(runtime.sources[node.source]?.value, node.path));
  if (rows.length === 0) return <p className="source-empty">{node.emptyText}</p>;

  const found = searchRows(rows, node.columns, query);
  const sorted = sort
    ? sortRows(found, sort, node.columns.find((c) => c.key === sort.key)?.labels)
    : found;
  const ordered = node.groupBy ? groupRows(sorted, node.groupBy) : sorted;
  const pageSize = node.pageSize ?? 20;
  const pageCount = Math.max(1, Math.ceil(ordered.length / pageSize));
  const current = Math.min(page, pageCount - 1);
  const visible = ordered.slice(current * pageSize, (current + 1) * pageSize);
  const columnCount = node.columns.length + (node.rowActions ? 1 : 0);

  function toggleSort(key: string): void {
    setSort((s) =>
      s?.key === key
        ? { key, direction: s.direction === "asc" ? "desc" : "asc" }
        : { key, direction: "asc" }
    );
    setPage(0);
  }

  return (
    <div className={node.phone ? "table-block table-cards" : "table-block"}>
      {node.searchable
        ? (
          <div className="table-search">
            <label htmlFor={searchId} className="sr-only">
              {node.searchPlaceholder ?? "Search"}
            </label>
            <input
              id={searchId}
              type="search"
              placeholder={node.searchPlaceholder ?? "Search…"}
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setPage(0);
              }}
            />
          </div>
        )
        : null}
      <div className="table-scroll">
        <table className="table">
          {node.caption ? <caption>{node.caption}</caption> : null}
          <thead>
            <tr>
              {node.columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={column.align === "end" ? "align-end" : undefined}
                  aria-sort={sort?.key === column.key
                    ? (sort.direction === "asc" ? "ascending" : "descending")
                    : undefined}
                >
                  {column.sortable
                    ? (
                      <button
                        type="button"
                        className="sort-button"
                        onClick={() => toggleSort(column.key)}
                      >
                        {column.label}
                        <span aria-hidden="true" className="sort-mark">
                          {sort?.key === column.key ? (sort.direction === "asc" ? "▲" : "▼") : "↕"}
                        </span>
                      </button>
                    )
                    : column.label}
                </th>
              ))}
              {node.rowActions ? <th scope="col" className="align-end">Actions</th> : null}
            </tr>
          </thead>
          <tbody>
            {visible.length === 0
              ? (
                <tr>
                  <td colSpan={columnCount} className="table-no-match">No rows match “{query}”.</td>
                </tr>
              )
              : null}
            {visible.map((row, i) => {
              const group = node.groupBy ? groupOf(row, node.groupBy) : undefined;
              const newGroup = group !== undefined &&
                (i === 0 || groupOf(visible[i - 1], node.groupBy!) !== group);
              return (
                <Fragment key={i}>
                  {newGroup
                    ? (
                      <tr className="group-row">
                        <th scope="colgroup" colSpan={columnCount}>
                          {node.groupLabels ? labelOf(group, node.groupLabels) : group}
                        </th>
                      </tr>
                    )
                    : null}
                  <ItemContext.Provider value={row}>
                    <Row node={node} row={row} sources={runtime.sources} />
                  </ItemContext.Provider>
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
      {pageCount > 1
        ? (
          <nav
            className="pager"
            aria-label={node.caption ? `${node.caption} pages` : "Table pages"}
          >
            <button
              type="button"
              className="button button-secondary button-small"
              disabled={current === 0}
              onClick={() => setPage(current - 1)}
            >
              Previous
            </button>
            <span className="pager-status">Page {current + 1} of {pageCount}</span>
            <button
              type="button"
              className="button button-secondary button-small"
              disabled={current === pageCount - 1}
              onClick={() => setPage(current + 1)}
            >
              Next
            </button>
          </nav>
        )
        : null}
    </div>
  );
}

function Row(
  { node, row, sources }: {
    node: TableNode;
    row: unknown;
    sources: Readonly<Record<string, SourceView>>;
  },
) {
  const actions = (node.rowActions ?? []).filter((entry) =>
    entry.when === undefined || (valueAt(row, entry.when.field) ?? null) === entry.when.equals
  );
  const first = node.phone?.first ?? [];
  return (
    <tr>
      {node.columns.map((column, c) => (
        <td
          key={column.key}
          className={cellClass(column, row)}
          data-label={node.phone ? column.label : undefined}
          data-card-title={first[0] === column.key ? "" : undefined}
          style={node.phone ? { order: cardOrder(first, column.key, c) } : undefined}
        >
          {c === 0 && node.rowAction
            ? (
              <ActionButton action={node.rowAction} item={row} variant="ghost" className="row-link">
                <Cell column={column} row={row} sources={sources} />
              </ActionButton>
            )
            : <Cell column={column} row={row} sources={sources} />}
        </td>
      ))}
      {node.rowActions
        ? (
          <td
            className="align-end row-actions"
            style={node.phone ? { order: first.length } : undefined}
          >
            {actions.map((entry) => (
              <ActionButton
                key={entry.label}
                action={entry.action}
                item={row}
                variant="ghost"
                small
              >
                {entry.label}
              </ActionButton>
            ))}
          </td>
        )
        : null}
    </tr>
  );
}

function Cell(
  { column, row, sources }: {
    column: Column;
    row: unknown;
    sources: Readonly<Record<string, SourceView>>;
  },
) {
  const scope = { sources, item: row };
  const raw = valueAt(row, column.key);
  const value = column.floor !== undefined && typeof raw === "number"
    ? Math.max(raw, column.floor)
    : raw;
  const text = column.text !== undefined
    ? resolveText(column.text, scope)
    : displayValue(value, column) ?? column.fallback ?? MISSING_TEXT;
  const tone = resolveTone(column.tone, scope);
  if (tone) return <span className={`badge tone-${tone}`} data-tone={tone}>{text}</span>;
  // Lines (an entry's changes) each start a line of their own.
  return column.format === "lines" ? <span className="cell-lines">{text}</span> : <>{text}</>;
}

/**
 * Where a cell goes in its card on a phone: the declared columns first in their
 * order, then the row actions (at `first.length`), then the other columns as declared.
 */
function cardOrder(first: readonly string[], key: string, index: number): number {
  const declared = first.indexOf(key);
  return declared >= 0 ? declared : first.length + 1 + index;
}

/** The longest value kept on one line: an id, a date, an amount, a name; longer text wraps. */
const SHORT_TEXT = 24;

/**
 * A cell's classes: aligned as its column says, and kept on one line when its value
 * is short, so a narrow screen scrolls the table instead of breaking "Nov 17, 2026"
 * or "INV-2026-00094" over three lines.
 */
function cellClass(column: Column, row: unknown): string | undefined {
  const raw = valueAt(row, column.key);
  const short = typeof raw === "number" || typeof raw === "boolean" ||
    (typeof raw === "string" && raw.length <= SHORT_TEXT);
  const classes = [column.align === "end" ? "align-end" : "", short ? "is-unbroken" : ""];
  return classes.filter(Boolean).join(" ") || undefined;
}
