/**
 * The data of a chart as a visually hidden table, so screen readers get the numbers.
 * The table sits in a clipped box: a table is as wide as its cells whatever width it
 * is given, and a wide one would otherwise make the page scroll sideways.
 */

/** A hidden table of chart points. */
export function ChartDataTable(
  { caption, columns, rows }: { caption: string; columns: string[]; rows: (string | number)[][] },
) {
  return (
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>{columns.map((c) => <th key={c} scope="col">{c}</th>)}</tr>
        </thead>
        <tbody>
          {rows.map((row, i) => <tr key={i}>{row.map((cell, j) => <td key={j}>{cell}</td>)}</tr>)}
        </tbody>
      </table>
    </div>
  );
}
