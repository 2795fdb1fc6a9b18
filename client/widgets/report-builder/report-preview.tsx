/**
 * A report's result: its chart, then its table with a totals row; with two group
 * fields, a pivot with the second across. A group's row drills down to its records.
 */
import { useState } from "react";
import type { FieldMeta } from "../../../schemas/records/meta.ts";
import { chartPoints, columnTotal, resultColumns, valueText } from "./report-columns.ts";
import { ReportChart } from "./report-chart.tsx";
import { ResultTable } from "./result-table.tsx";
import type { ReportDraft } from "./report-draft.ts";

type Row = Record<string, unknown>;

interface PreviewProps {
  draft: ReportDraft;
  fields: FieldMeta[];
  /** The type's list columns: a records report without chosen columns shows them. */
  listColumns: string[];
  rows: Row[];
  more: boolean;
  chartLabel: string;
  /** Opens a group's records. */
  drill(row: Row): void;
}

function Pivot({ draft, fields, rows }: Pick<PreviewProps, "draft" | "fields" | "rows">) {
  const [down, across] = draft.groups;
  const columns = resultColumns(draft, fields);
  const figure = columns.find((c) => c.figure)!;
  const byId = new Map(fields.map((f) => [f.id, f]));
  const key = (row: Row, name: string, bucket?: string) =>
    valueText(byId.get(name), name, row, bucket);
  const heads = [...new Set(rows.map((r) => key(r, across.field, across.bucket)))];
  const lines = [...new Set(rows.map((r) => key(r, down.field, down.bucket)))];
  const cell = new Map(
    rows.map((
      r,
    ) => [`${key(r, down.field, down.bucket)}\u0000${key(r, across.field, across.bucket)}`, r]),
  );
  return (
    <div className="table-scroll">
      <table className="table report-table">
        <caption className="sr-only">
          {figure.label} by {columns[0].label} and {columns[1].label}
        </caption>
        <thead>
          <tr>
            <th scope="col">{columns[0].label}</th>
            {heads.map((h) => <th scope="col" key={h} className="is-figure">{h}</th>)}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line}>
              <th scope="row">{line}</th>
              {heads.map((h) => {
                const row = cell.get(`${line}\u0000${h}`);
                return <td key={h} className="is-figure">{row ? figure.text(row) : ""}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The preview of a report. */
export function ReportPreview(
  { draft, fields, listColumns, rows, more, chartLabel, drill }: PreviewProps,
) {
  const [pivot, setPivot] = useState(false);
  const columns = resultColumns(draft, fields, listColumns);
  const grouped = draft.shape === "groups";
  const figure = columns.find((c) => c.figure);
  const points = grouped ? chartPoints(columns, rows) : [];
  if (rows.length === 0) {
    return (
      <div className="empty-state">
        <p className="empty-state-title">Nothing matches</p>
        <p className="empty-state-text">No records match these filters.</p>
      </div>
    );
  }
  return (
    <div className="report-result">
      {grouped && figure && draft.chart !== "table"
        ? (
          <ReportChart
            kind={draft.chart}
            points={points}
            title={chartLabel}
            figure={figure.label}
          />
        )
        : null}
      {grouped && draft.groups.length === 2
        ? (
          <label className="report-pivot-toggle">
            <input type="checkbox" checked={pivot} onChange={(e) => setPivot(e.target.checked)} />
            {columns[1].label} across
          </label>
        )
        : null}
      {pivot && draft.groups.length === 2
        ? <Pivot draft={draft} fields={fields} rows={rows} />
        : (
          <div className="table-scroll">
            <ResultTable
              columns={columns}
              rows={rows}
              caption={chartLabel}
              className="report-table"
              firstCell={grouped && draft.groups.length > 0
                ? (row, text) => (
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => drill(row)}
                    title="Show these records"
                  >
                    {text}
                  </button>
                )
                : undefined}
              footer={grouped && rows.length > 1
                ? (
                  <tr>
                    {columns.map((c, j) => (
                      <td key={c.name} className={c.figure ? "is-figure" : undefined}>
                        {j === 0 ? "Total" : columnTotal(c, rows)}
                      </td>
                    ))}
                  </tr>
                )
                : undefined}
            />
          </div>
        )}
      {more
        ? (
          <p className="report-more">
            Showing the first {rows.length} rows. Download the report for all of them.
          </p>
        )
        : null}
    </div>
  );
}
