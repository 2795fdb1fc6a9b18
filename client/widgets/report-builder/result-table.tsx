/**
 * A report's result as a table: a heading per column, figures right-aligned, each
 * row's first cell as given (the builder makes it open the group's records), and
 * an optional footer row (the builder's totals).
 */
import type { ReactNode } from "react";
import type { ResultColumn } from "./report-columns.ts";

type Row = Record<string, unknown>;

export function ResultTable(
  { columns, rows, caption, className, firstCell, footer }: {
    columns: readonly ResultColumn[];
    rows: readonly Row[];
    caption: string;
    className: string;
    /** The first cell's content, in place of its value in words. */
    firstCell?(row: Row, text: string): ReactNode;
    footer?: ReactNode;
  },
) {
  const figure = (c: ResultColumn) => (c.figure ? "is-figure" : undefined);
  return (
    <table className={`table ${className}`}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => <th key={c.name} scope="col" className={figure(c)}>{c.label}</th>)}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={String(row.id ?? i)}>
            {columns.map((c, j) => (
              <td key={c.name} className={figure(c)}>
                {j === 0 && firstCell ? firstCell(row, c.text(row)) : c.text(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      {footer ? <tfoot>{footer}</tfoot> : null}
    </table>
  );
}
