/**
 * A matrix of check boxes: a row per item of a source (grouped under headings when
 * asked), a column per declared key. A row's field under a column's key is a cell
 * (one box), a list of cells (a box each, with its text), or nothing (an empty
 * cell). Ticking a box runs `check` for its cell, clearing it runs `uncheck`; the
 * box stays disabled while that runs, and shows what the source says afterwards.
 */
import { Fragment, useState } from "react";
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import { useRunAction } from "../renderer/use-run-action.ts";
import { useScreenRuntime, type WidgetProps } from "../renderer/screen-runtime.tsx";
import { groupOf } from "../renderer/table-rows.ts";
import { asItems, valueAt } from "../renderer/value-path.ts";

type MatrixNode = NodeOf<"check-matrix">;

/** A check-box matrix. */
export function CheckMatrix({ node }: WidgetProps<MatrixNode>) {
  const runtime = useScreenRuntime();
  const rows = asItems(valueAt(runtime.sources[node.source]?.value, node.path));
  if (rows.length === 0) return <p className="source-empty">{node.emptyText}</p>;
  const columnCount = node.columns.length + 1;
  return (
    <div className="table-scroll">
      <table className="table check-matrix">
        <thead>
          <tr>
            <th scope="col">{node.rowHeader}</th>
            {node.columns.map((column) => (
              <th key={column.key} scope="col" className="check-matrix-column">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => {
            const group = node.groupBy ? groupOf(row, node.groupBy) : undefined;
            const newGroup = group !== undefined &&
              (i === 0 || groupOf(rows[i - 1], node.groupBy!) !== group);
            return (
              <Fragment key={i}>
                {newGroup
                  ? (
                    <tr className="group-row">
                      <th scope="colgroup" colSpan={columnCount}>{group}</th>
                    </tr>
                  )
                  : null}
                <tr>
                  <th scope="row">{String(valueAt(row, node.rowLabel) ?? "")}</th>
                  {node.columns.map((column) => (
                    <td key={column.key} className="check-matrix-cell">
                      <Cells node={node} value={valueAt(row, column.key)} />
                    </td>
                  ))}
                </tr>
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Cells({ node, value }: { node: MatrixNode; value: unknown }) {
  if (Array.isArray(value)) {
    return (
      <span className="check-matrix-list">
        {value.map((cell, i) => (
          <label key={i} className="check-matrix-option">
            <Box node={node} cell={cell} />
            {node.cellText ? String(valueAt(cell, node.cellText) ?? "") : null}
          </label>
        ))}
      </span>
    );
  }
  if (value === undefined || value === null) return null;
  return <Box node={node} cell={value} />;
}

function Box({ node, cell }: { node: MatrixNode; cell: unknown }) {
  const run = useRunAction();
  const [pending, setPending] = useState(false);
  const checked = valueAt(cell, node.checked) === true;
  async function toggle(): Promise<void> {
    setPending(true);
    try {
      await run(checked ? node.uncheck : node.check, cell);
    } finally {
      setPending(false);
    }
  }
  const label = String(valueAt(cell, node.cellLabel) ?? "");
  return (
    <input
      type="checkbox"
      checked={checked}
      disabled={pending}
      aria-busy={pending || undefined}
      aria-label={label}
      title={label}
      onChange={toggle}
    />
  );
}
