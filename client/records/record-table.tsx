/**
 * The table of a record list: sortable column headers (Shift+click adds a
 * column to the sort), row selection, and cells in the user's words; a row opens
 * its record's form, and a link cell its linked record's. On a phone it scrolls sideways with its first column kept.
 */
import { Link, useNavigate } from "react-router-dom";
import type { FieldMeta, Sort } from "../../schemas/records/meta.ts";
import { type ExternalOptions, FieldDisplay } from "./field-display.tsx";

type Row = Record<string, unknown>;

/** Props of the table. */
export interface RecordTableProps {
  caption: string;
  rows: readonly Row[];
  columns: readonly FieldMeta[];
  sort: readonly Sort[];
  onSort(field: string, extend: boolean): void;
  selectable: boolean;
  selected: ReadonlySet<string>;
  onSelect(ids: ReadonlySet<string>): void;
  /** Row titles by id, for the selection boxes' names. */
  names: Readonly<Record<string, string>>;
  external?: ExternalOptions;
  formPath(id: string): string;
}

/** The table. */
export function RecordTable(
  {
    caption,
    rows,
    columns,
    sort,
    onSort,
    selectable,
    selected,
    onSelect,
    names,
    external,
    formPath,
  }: RecordTableProps,
) {
  const navigate = useNavigate();
  return (
    <table className="table record-table">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {selectable
            ? (
              <th scope="col" className="select-cell">
                <input
                  type="checkbox"
                  aria-label="Select all"
                  checked={rows.length > 0 && selected.size === rows.length}
                  onChange={(e) =>
                    onSelect(
                      e.target.checked ? new Set(rows.map((r) => String(r.id))) : new Set(),
                    )}
                />
              </th>
            )
            : null}
          {columns.map((field) => {
            const at = sort.findIndex((s) => s.field === field.id);
            const dir = at === -1 ? undefined : sort[at].dir;
            return (
              <th
                key={field.id}
                scope="col"
                aria-sort={dir === "asc" ? "ascending" : dir === "desc" ? "descending" : undefined}
              >
                {field.sortable
                  ? (
                    <button
                      type="button"
                      className="sort-button"
                      title="Click to sort; Shift+click to add to the sort"
                      onClick={(e) => onSort(field.id, e.shiftKey)}
                    >
                      {field.label}
                      {dir ? <span aria-hidden="true">{dir === "asc" ? " ▲" : " ▼"}</span> : null}
                    </button>
                  )
                  : field.label}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const id = String(row.id);
          return (
            <tr
              key={id}
              className="record-row"
              onClick={(e) => {
                if ((e.target as HTMLElement).closest("a, button, input, label")) return;
                navigate(formPath(id));
              }}
            >
              {selectable
                ? (
                  <td className="select-cell">
                    <input
                      type="checkbox"
                      aria-label={`Select ${names[id]}`}
                      checked={selected.has(id)}
                      onChange={(e) => {
                        const next = new Set(selected);
                        if (e.target.checked) next.add(id);
                        else next.delete(id);
                        onSelect(next);
                      }}
                    />
                  </td>
                )
                : null}
              {columns.map((field, c) => (
                <td key={field.id} data-label={field.label}>
                  {c === 0
                    ? (
                      <Link to={formPath(id)} className="row-link">
                        <FieldDisplay
                          field={field}
                          value={row[field.id]}
                          row={row}
                          external={external}
                        />
                      </Link>
                    )
                    : (
                      <FieldDisplay
                        field={field}
                        value={row[field.id]}
                        row={row}
                        external={external}
                        linked
                      />
                    )}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
