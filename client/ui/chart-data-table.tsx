/** The data of a chart as a visually hidden table, so screen readers get the numbers. */

/** A hidden table of chart points. */
export function ChartDataTable(
  { caption, columns, rows }: { caption: string; columns: string[]; rows: (string | number)[][] },
) {
  return (
    <table className="sr-only">
      <caption>{caption}</caption>
      <thead>
        <tr>{columns.map((c) => <th key={c} scope="col">{c}</th>)}</tr>
      </thead>
      <tbody>
        {rows.map((row, i) => <tr key={i}>{row.map((cell, j) => <td key={j}>{cell}</td>)}</tr>)}
      </tbody>
    </table>
  );
}
