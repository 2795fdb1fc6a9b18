/**
 * A line chart of a source's points (visx): one line per series (dashed if asked,
 * e.g. an ideal burndown), axis labels every `labelEvery` points, a legend, an
 * empty text, and the numbers in a hidden table for screen readers.
 */
import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleLinear, scalePoint } from "@visx/scale";
import { LinePath } from "@visx/shape";
import { useRef } from "react";
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import { toNumber } from "../renderer/bindings.ts";
import { formatValue, humanise } from "../renderer/formatters.ts";
import { useScreenRuntime, type WidgetProps } from "../renderer/screen-runtime.tsx";
import { asItems, valueAt } from "../renderer/value-path.ts";
import { ChartDataTable } from "../ui/chart-data-table.tsx";
import { useElementWidth } from "../ui/use-element-width.ts";

const MARGIN = { top: 12, right: 16, bottom: 30, left: 40 };
const SERIES_TONES = ["info", "neutral", "success", "warning", "danger"] as const;

/** A line chart. */
export function LineChart({ node }: WidgetProps<NodeOf<"line-chart">>) {
  const runtime = useScreenRuntime();
  const box = useRef<HTMLDivElement>(null);
  const width = useElementWidth(box);
  const points = asItems(valueAt(runtime.sources[node.source]?.value, node.path));
  if (points.length === 0) return <p className="source-empty">{node.emptyText}</p>;
  const height = node.height ?? 240;
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const xs = points.map((p, i) => String(valueAt(p, node.x) ?? i));
  const xLabel = (x: string) => {
    const formatted = node.xFormat ? formatValue(x, node.xFormat) ?? x : x;
    return node.xLabel ? `${node.xLabel} ${formatted}` : formatted;
  };
  const xScale = scalePoint<string>({ domain: xs, range: [0, innerWidth] });
  const values = node.series.flatMap((s) => points.map((p) => toNumber(valueAt(p, s.key)) ?? 0));
  const yMax = Math.max(...values, 0);
  const yScale = scaleLinear<number>({
    domain: [0, yMax === 0 ? 1 : yMax * 1.1],
    range: [innerHeight, 0],
    nice: true,
  });
  const every = node.labelEvery ?? 1;
  const title = node.title ?? "Line chart";
  const tones = node.series.map((s, i) => s.tone ?? SERIES_TONES[i % SERIES_TONES.length]);
  return (
    <figure className="chart" ref={box}>
      {node.title ? <figcaption className="chart-title">{node.title}</figcaption> : null}
      <svg width={width} height={height} role="img" aria-label={title}>
        <Group left={MARGIN.left} top={MARGIN.top}>
          {node.series.map((series, s) => (
            <LinePath
              key={series.key}
              className={`chart-line tone-${tones[s]}`}
              data={points}
              x={(_p, i) => xScale(xs[i]) ?? 0}
              y={(p) => yScale(toNumber(valueAt(p, series.key)) ?? 0) ?? 0}
              defined={(p) => toNumber(valueAt(p, series.key)) !== undefined}
              strokeDasharray={series.dashed ? "6 4" : undefined}
            />
          ))}
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
            tickFormat={(x, i) => (i % every === 0 ? xLabel(x) : "")}
            tickLabelProps={{ className: "chart-tick" }}
          />
        </Group>
      </svg>
      <ul className="chart-legend">
        {node.series.map((series, s) => (
          <li key={series.key} className={`tone-${tones[s]}`}>
            <span
              className={`legend-swatch${series.dashed ? " is-dashed" : ""}`}
              aria-hidden="true"
            />
            {series.label}
          </li>
        ))}
      </ul>
      <ChartDataTable
        caption={title}
        columns={[node.xLabel ?? humanise(node.x), ...node.series.map((s) => s.label)]}
        rows={points.map((p, i) => [
          xLabel(xs[i]),
          ...node.series.map((s) => toNumber(valueAt(p, s.key)) ?? ""),
        ])}
      />
    </figure>
  );
}
