/**
 * A report's chart (visx): bars or a line of the first figure over the groups, a
 * pie of its shares, or one big number; the numbers in a hidden table for screen
 * readers. Labels too long for their slot are shortened (the table has them whole).
 */
import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear, scalePoint } from "@visx/scale";
import { Bar, LinePath, Pie } from "@visx/shape";
import { useRef } from "react";
import { ChartDataTable } from "../../ui/chart-data-table.tsx";
import { useElementWidth } from "../../ui/use-element-width.ts";

export interface ChartPoint {
  label: string;
  value: number;
}

const MARGIN = { top: 12, right: 12, bottom: 34, left: 48 };
const HEIGHT = 260;
const COMPACT = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });
const NUMBER = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
const TONES = ["info", "success", "warning", "danger", "neutral"];

function shortened(text: string, chars: number): string {
  return text.length <= chars ? text : `${text.slice(0, Math.max(1, chars - 1)).trimEnd()}…`;
}

/** The chart of a report's points. */
export function ReportChart(
  { kind, points, title, figure }: {
    kind: string;
    points: ChartPoint[];
    title: string;
    figure: string;
  },
) {
  const box = useRef<HTMLDivElement>(null);
  const width = useElementWidth(box);
  const table = (
    <ChartDataTable
      caption={title}
      columns={["", figure]}
      rows={points.map((p) => [p.label, p.value])}
    />
  );
  if (kind === "number") {
    const total = points.reduce((sum, p) => sum + p.value, 0);
    return (
      <figure className="chart report-number" ref={box}>
        <figcaption className="chart-title">{figure}</figcaption>
        <p className="report-number-value">{NUMBER.format(total)}</p>
      </figure>
    );
  }
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  if (kind === "pie") {
    const radius = Math.max(40, Math.min(width, HEIGHT) / 2 - 8);
    return (
      <figure className="chart" ref={box}>
        <svg width={width} height={HEIGHT} role="img" aria-label={title}>
          <Group top={HEIGHT / 2} left={width / 2}>
            <Pie data={points} pieValue={(p) => Math.max(0, p.value)} outerRadius={radius}>
              {(pie) =>
                pie.arcs.map((arc, i) => (
                  <path
                    key={i}
                    className={`chart-bar tone-${TONES[i % TONES.length]}`}
                    d={pie.path(arc) ?? ""}
                    stroke="var(--surface)"
                    strokeWidth={1}
                  />
                ))}
            </Pie>
          </Group>
        </svg>
        <ul className="chart-legend">
          {points.slice(0, 12).map((p, i) => (
            <li key={i}>
              <span
                className={`legend-swatch tone-${TONES[i % TONES.length]}`}
                aria-hidden="true"
              />
              {p.label}: {NUMBER.format(p.value)}
            </li>
          ))}
        </ul>
        {table}
      </figure>
    );
  }
  const yMax = Math.max(...points.map((p) => p.value), 0);
  const yScale = scaleLinear<number>({
    domain: [0, yMax === 0 ? 1 : yMax * 1.1],
    range: [innerHeight, 0],
    nice: true,
  });
  // Counts (and any whole figures) are never read off a tick between two whole numbers.
  const whole = points.every((p) => Number.isInteger(p.value));
  const ticks = yScale.ticks(4).filter((t) => !whole || Number.isInteger(t));
  const labels = points.map((p, i) => `${i}\u0000${p.label}`);
  const text = (key: string) => key.slice(key.indexOf("\u0000") + 1);
  const band = scaleBand<string>({ domain: labels, range: [0, innerWidth], padding: 0.25 });
  const every = Math.max(1, Math.ceil(points.length / Math.max(1, Math.floor(innerWidth / 70))));
  const fits = Math.max(3, Math.floor((band.step() * every) / 6.5));
  const axis = (
    <>
      <AxisLeft
        scale={yScale}
        tickValues={ticks}
        tickFormat={(v) => COMPACT.format(Number(v))}
        axisClassName="chart-axis"
        tickLabelProps={{ className: "chart-tick" }}
      />
      <AxisBottom
        top={innerHeight}
        scale={band}
        axisClassName="chart-axis"
        tickFormat={(key, i) => (i % every === 0 ? shortened(text(key), fits) : "")}
        tickLabelProps={{ className: "chart-tick" }}
      />
    </>
  );
  if (kind === "line") {
    const x = scalePoint<string>({ domain: labels, range: [0, innerWidth], padding: 0.5 });
    return (
      <figure className="chart" ref={box}>
        <svg width={width} height={HEIGHT} role="img" aria-label={title}>
          <Group left={MARGIN.left} top={MARGIN.top}>
            <LinePath
              className="chart-line tone-info"
              data={points.map((p, i) => ({ key: labels[i], value: p.value }))}
              x={(d) => x(d.key) ?? 0}
              y={(d) => yScale(d.value) ?? 0}
            />
            {axis}
          </Group>
        </svg>
        {table}
      </figure>
    );
  }
  return (
    <figure className="chart" ref={box}>
      <svg width={width} height={HEIGHT} role="img" aria-label={title}>
        <Group left={MARGIN.left} top={MARGIN.top}>
          {points.map((p, i) => {
            const top = yScale(Math.max(0, p.value)) ?? innerHeight;
            return (
              <Bar
                key={i}
                className="chart-bar tone-info"
                x={band(labels[i])}
                y={top}
                width={band.bandwidth()}
                height={innerHeight - top}
                rx={2}
              />
            );
          })}
          {axis}
        </Group>
      </svg>
      {table}
    </figure>
  );
}
