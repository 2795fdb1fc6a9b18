/**
 * A grouped bar chart of a source's points (visx): in each category (`x`) one bar
 * per series side by side (e.g. capacity against allocated hours in a week), with
 * a legend; with `groupBy`, one small chart per value of that field (e.g. one per
 * person), all on the same scale so they compare. The numbers are also in a
 * hidden table for screen readers.
 */
import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { useRef } from "react";
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import { toNumber } from "../renderer/bindings.ts";
import { humanise } from "../renderer/formatters.ts";
import { useScreenRuntime, type WidgetProps } from "../renderer/screen-runtime.tsx";
import { asItems, valueAt } from "../renderer/value-path.ts";
import { ChartDataTable } from "../ui/chart-data-table.tsx";
import { useElementWidth } from "../ui/use-element-width.ts";

const MARGIN = { top: 12, right: 12, bottom: 30, left: 40 };
/** The narrowest a small multiple is drawn, and the gap between them. */
const PANEL_MIN = 320;
const GAP = 16;

type Node = NodeOf<"grouped-bar-chart">;

interface Point {
  group: string;
  x: string;
  values: number[];
}

function PanelChart(
  { node, points, width, yMax, label }: {
    node: Node;
    points: Point[];
    width: number;
    yMax: number;
    label: string;
  },
) {
  const height = node.height ?? 200;
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const xScale = scaleBand<string>({
    domain: points.map((p) => p.x),
    range: [0, innerWidth],
    padding: 0.25,
  });
  const inner = scaleBand<number>({
    domain: node.series.map((_, i) => i),
    range: [0, xScale.bandwidth()],
    padding: 0.1,
  });
  const yScale = scaleLinear<number>({
    domain: [0, yMax === 0 ? 1 : yMax * 1.1],
    range: [innerHeight, 0],
    nice: true,
  });
  return (
    <svg width={width} height={height} role="img" aria-label={label}>
      <Group left={MARGIN.left} top={MARGIN.top}>
        {points.map((p) =>
          p.values.map((v, i) => {
            const barHeight = innerHeight - (yScale(v) ?? innerHeight);
            return (
              <Bar
                key={`${p.x}-${i}`}
                className={`chart-bar tone-${node.series[i].tone ?? "info"}`}
                x={(xScale(p.x) ?? 0) + (inner(i) ?? 0)}
                y={innerHeight - barHeight}
                width={inner.bandwidth()}
                height={barHeight}
                rx={2}
              />
            );
          })
        )}
        <AxisLeft
          scale={yScale}
          numTicks={4}
          axisClassName="chart-axis"
          tickLabelProps={{ className: "chart-tick" }}
        />
        <AxisBottom
          top={innerHeight}
          scale={xScale}
          axisClassName="chart-axis"
          tickLabelProps={{ className: "chart-tick" }}
        />
      </Group>
    </svg>
  );
}

/** A grouped bar chart. */
export function GroupedBarChart({ node }: WidgetProps<Node>) {
  const runtime = useScreenRuntime();
  const box = useRef<HTMLDivElement>(null);
  const width = useElementWidth(box);
  const value = valueAt(runtime.sources[node.source]?.value, node.path);
  const points: Point[] = asItems(value).map((p) => ({
    group: node.groupBy ? String(valueAt(p, node.groupBy) ?? "") : "",
    x: String(valueAt(p, node.x) ?? ""),
    values: node.series.map((s) => toNumber(valueAt(p, s.key)) ?? 0),
  }));
  if (points.length === 0) {
    return (
      <div className="empty-state">
        <p className="empty-state-text">{node.emptyText}</p>
      </div>
    );
  }
  const groups = [...new Set(points.map((p) => p.group))];
  // Small multiples side by side where they fit (at least PANEL_MIN wide each).
  const columns = Math.max(1, Math.min(groups.length, Math.floor((width + GAP) / PANEL_MIN)));
  const panelWidth = Math.floor((width - (columns - 1) * GAP) / columns);
  const yMax = Math.max(0, ...points.flatMap((p) => p.values));
  const title = node.title ?? "Bar chart";
  return (
    <figure className="chart" ref={box}>
      {node.title ? <figcaption className="chart-title">{node.title}</figcaption> : null}
      <ul className="chart-legend">
        {node.series.map((series) => (
          <li key={series.key}>
            <span className={`legend-swatch tone-${series.tone ?? "info"}`} aria-hidden="true" />
            {series.label}
          </li>
        ))}
      </ul>
      <div className="chart-panels" style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }}>
        {groups.map((group) => (
          <div key={group} className="chart-panel">
            {node.groupBy ? <p className="chart-panel-title">{group}</p> : null}
            <PanelChart
              node={node}
              points={points.filter((p) => p.group === group)}
              width={panelWidth}
              yMax={yMax}
              label={node.groupBy ? `${title}: ${group}` : title}
            />
          </div>
        ))}
      </div>
      <ChartDataTable
        caption={title}
        columns={[
          ...(node.groupBy ? [humanise(node.groupBy)] : []),
          node.xLabel ?? humanise(node.x),
          ...node.series.map((s) => s.label),
        ]}
        rows={points.map((p) => [...(node.groupBy ? [p.group] : []), p.x, ...p.values])}
      />
    </figure>
  );
}
