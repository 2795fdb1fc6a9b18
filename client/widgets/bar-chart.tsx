/**
 * A bar chart of a source's points (visx): one bar per point — or, with `record`,
 * one bar per key of an object of counts — axis labels every `labelEvery` bars
 * with the `xLabel` prefix (e.g. 'Day 5'), an empty state, and the numbers in a
 * hidden table for screen readers.
 */
import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { useRef } from "react";
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import { toNumber } from "../renderer/bindings.ts";
import { humanise, labelOf } from "../renderer/formatters.ts";
import { useScreenRuntime, type WidgetProps } from "../renderer/screen-runtime.tsx";
import { asItems, recordItems, valueAt } from "../renderer/value-path.ts";
import { ChartDataTable } from "../ui/chart-data-table.tsx";
import { useElementWidth } from "../ui/use-element-width.ts";

const MARGIN = { top: 12, right: 12, bottom: 30, left: 40 };
/** The width of one character of an axis label (11px type), for shortening labels to fit. */
const TICK_CHAR_PX = 6.5;
/** Amounts on the value axis in a few characters (20K, 1.5M), so they fit its margin. */
const COMPACT = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

/** A bar chart. */
export function BarChart({ node }: WidgetProps<NodeOf<"bar-chart">>) {
  const runtime = useScreenRuntime();
  const box = useRef<HTMLDivElement>(null);
  const width = useElementWidth(box);
  const value = valueAt(runtime.sources[node.source]?.value, node.path);
  const points = (node.record ? recordItems(value) : asItems(value))
    .map((p) => ({ x: String(valueAt(p, node.x) ?? ""), y: toNumber(valueAt(p, node.y)) ?? 0 }));
  if (points.length === 0) {
    return (
      <div className="empty-state">
        {node.emptyTitle ? <p className="empty-state-title">{node.emptyTitle}</p> : null}
        <p className="empty-state-text">{node.emptyText}</p>
      </div>
    );
  }
  const height = node.height ?? 220;
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const xScale = scaleBand<string>({
    domain: points.map((p) => p.x),
    range: [0, innerWidth],
    padding: 0.25,
  });
  const yMax = Math.max(...points.map((p) => p.y), 0);
  const yScale = scaleLinear<number>({
    domain: [0, yMax === 0 ? 1 : yMax * 1.1],
    range: [innerHeight, 0],
    nice: true,
  });
  // Counts are whole numbers: no ticks between them, and none printed as "5.0".
  const counts = points.every((p) => Number.isInteger(p.y));
  const yTicks = counts ? yScale.ticks(4).filter(Number.isInteger) : undefined;
  const every = node.labelEvery ?? 1;
  const label = (x: string) => {
    const named = node.xLabels ? labelOf(x, node.xLabels) ?? x : x;
    return node.xLabel ? `${node.xLabel} ${named}` : named;
  };
  // A label wider than its bar's slot (a phone, many categories) is shortened, never
  // overlapping its neighbours; the full names are in the data table.
  const fits = Math.max(3, Math.floor((xScale.step() * every) / TICK_CHAR_PX));
  const shown = (x: string) => {
    const text = label(x);
    return text.length <= fits ? text : `${text.slice(0, fits - 1).trimEnd()}…`;
  };
  const tone = node.tone ?? "info";
  const title = node.title ?? "Bar chart";
  return (
    <figure className="chart" ref={box}>
      {node.title ? <figcaption className="chart-title">{node.title}</figcaption> : null}
      <svg width={width} height={height} role="img" aria-label={title}>
        <Group left={MARGIN.left} top={MARGIN.top}>
          {points.map((p, i) => {
            const barHeight = innerHeight - (yScale(p.y) ?? innerHeight);
            return (
              <Bar
                key={i}
                className={`chart-bar tone-${tone}`}
                x={xScale(p.x)}
                y={innerHeight - barHeight}
                width={xScale.bandwidth()}
                height={barHeight}
                rx={2}
              />
            );
          })}
          <AxisLeft
            scale={yScale}
            numTicks={4}
            tickValues={yTicks}
            tickFormat={(v) => counts ? String(v) : COMPACT.format(Number(v))}
            axisClassName="chart-axis"
            tickLabelProps={{ className: "chart-tick" }}
          />
          <AxisBottom
            top={innerHeight}
            scale={xScale}
            axisClassName="chart-axis"
            tickFormat={(x, i) => (i % every === 0 ? shown(x) : "")}
            tickLabelProps={{ className: "chart-tick" }}
          />
        </Group>
      </svg>
      <ChartDataTable
        caption={title}
        columns={[node.xLabel ?? humanise(node.x), humanise(node.y)]}
        rows={points.map((p) => [label(p.x), p.y])}
      />
    </figure>
  );
}
