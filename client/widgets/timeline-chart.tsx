/**
 * A timeline (Gantt) chart of a source's rows (visx): one row per item, named on
 * the left, with up to three bars each from a start day to an end day (e.g. the
 * dates a task has today against the dates proposed for it), a shared time axis,
 * a legend and optionally a line at today. A row whose emphasis field is true draws
 * that bar in the emphasis tone (e.g. the critical path). Each bar carries its
 * dates as a title; the same dates are in a hidden table for screen readers. Wide
 * projects scroll sideways inside the chart, never the page; rows beyond
 * `maxRows` are counted in a note.
 */
import { AxisTop } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleTime } from "@visx/scale";
import { Bar, Line } from "@visx/shape";
import { useRef } from "react";
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import { formatValue, parseDate } from "../renderer/formatters.ts";
import { useScreenRuntime, type WidgetProps } from "../renderer/screen-runtime.tsx";
import { asItems, valueAt } from "../renderer/value-path.ts";
import { ChartDataTable } from "../ui/chart-data-table.tsx";
import { useElementWidth } from "../ui/use-element-width.ts";

type Node = NodeOf<"timeline-chart">;
type BarSpec = Node["bars"][number];

const DAY_MS = 86_400_000;
const ROW_HEIGHT = 28;
const AXIS_HEIGHT = 28;
/** The narrowest the plot is drawn: a phone scrolls it sideways instead of squeezing it. */
const PLOT_MIN = 420;
const LABEL_MAX = 220;
const LABEL_MIN = 96;
/** Axis ticks name the day only: the bars' titles and the hidden table carry the year. */
const TICK_FORMAT = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric" });

interface Span {
  from: Date;
  /** The day after the last day, so a one-day bar has a width. */
  to: Date;
  first: string;
  last: string;
}

interface Row {
  label: string;
  spans: (Span | null)[];
  emphasised: boolean[];
}

function spanOf(item: unknown, bar: BarSpec): Span | null {
  const start = valueAt(item, bar.start);
  const end = valueAt(item, bar.end) ?? start;
  const from = parseDate(start);
  const last = parseDate(end);
  if (!from || !last) return null;
  const to = new Date(Math.max(from.getTime(), last.getTime()) + DAY_MS);
  return {
    from,
    to,
    first: formatValue(start, "date") ?? String(start),
    last: formatValue(end, "date") ?? String(end),
  };
}

function sortKey(item: unknown, field: string): string {
  const value = valueAt(item, field);
  return value === undefined || value === null ? "\uffff" : String(value);
}

function toneOf(bar: BarSpec, emphasised: boolean): string {
  return emphasised && bar.emphasis ? bar.emphasis.tone : bar.tone ?? "info";
}

/** A timeline chart. */
export function TimelineChart({ node }: WidgetProps<Node>) {
  const runtime = useScreenRuntime();
  const box = useRef<HTMLDivElement>(null);
  const width = useElementWidth(box);
  const items = asItems(valueAt(runtime.sources[node.source]?.value, node.path));
  const ordered = node.sortBy
    ? [...items].sort((a, b) => sortKey(a, node.sortBy!).localeCompare(sortKey(b, node.sortBy!)))
    : items;
  const maxRows = node.maxRows ?? 100;
  const rows: Row[] = ordered.slice(0, maxRows).map((item) => ({
    label: String(valueAt(item, node.label) ?? ""),
    spans: node.bars.map((bar) => spanOf(item, bar)),
    emphasised: node.bars.map((bar) =>
      bar.emphasis ? valueAt(item, bar.emphasis.field) === true : false
    ),
  }));
  const spans = rows.flatMap((r) => r.spans).filter((s): s is Span => s !== null);
  if (spans.length === 0) {
    return (
      <div className="empty-state">
        <p className="empty-state-text">{node.emptyText}</p>
      </div>
    );
  }
  const title = node.title ?? "Timeline";
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  let min = Math.min(...spans.map((s) => s.from.getTime()));
  let max = Math.max(...spans.map((s) => s.to.getTime()));
  if (node.markToday) (min = Math.min(min, today.getTime()), max = Math.max(max, today.getTime()));
  const labelWidth = Math.max(LABEL_MIN, Math.min(LABEL_MAX, Math.floor(width * 0.28)));
  const plotWidth = Math.max(PLOT_MIN, width - labelWidth - 16);
  const height = AXIS_HEIGHT + rows.length * ROW_HEIGHT;
  const x = scaleTime<number>({ domain: [new Date(min), new Date(max)], range: [0, plotWidth] });
  const y = scaleBand<number>({
    domain: rows.map((_, i) => i),
    range: [0, rows.length * ROW_HEIGHT],
    padding: 0.2,
  });
  const lane = scaleBand<number>({
    domain: node.bars.map((_, i) => i),
    range: [0, y.bandwidth()],
    padding: 0.15,
  });
  const legend = node.bars.flatMap((bar) => [
    { key: bar.label, label: bar.label, tone: bar.tone ?? "info" },
    ...(bar.emphasis
      ? [{ key: bar.emphasis.label, label: bar.emphasis.label, tone: bar.emphasis.tone }]
      : []),
  ]);
  const todayX = x(today);
  return (
    <figure className="chart timeline-chart" ref={box}>
      {node.title ? <figcaption className="chart-title">{node.title}</figcaption> : null}
      <ul className="chart-legend">
        {legend.map((entry) => (
          <li key={entry.key}>
            <span className={`legend-block tone-${entry.tone}`} aria-hidden="true" />
            {entry.label}
          </li>
        ))}
        {node.markToday
          ? (
            <li>
              <span className="legend-swatch is-dashed timeline-today" aria-hidden="true" />
              Today
            </li>
          )
          : null}
      </ul>
      <div className="timeline-scroll">
        <div className="timeline-body" style={{ minWidth: labelWidth + plotWidth }}>
          <ol className="timeline-labels" style={{ width: labelWidth, paddingTop: AXIS_HEIGHT }}>
            {rows.map((row, i) => (
              <li
                key={i}
                className={row.emphasised.some(Boolean) ? "is-emphasised" : undefined}
                style={{ height: ROW_HEIGHT }}
                title={row.label}
              >
                {row.label}
              </li>
            ))}
          </ol>
          <svg width={plotWidth} height={height} role="img" aria-label={title}>
            <AxisTop
              top={AXIS_HEIGHT - 4}
              scale={x}
              numTicks={Math.max(2, Math.floor(plotWidth / 90))}
              tickFormat={(d) => TICK_FORMAT.format(d as Date)}
              axisClassName="chart-axis"
              tickLabelProps={{ className: "chart-tick" }}
            />
            <Group top={AXIS_HEIGHT}>
              {rows.map((row, i) =>
                row.spans.map((span, k) => {
                  if (!span) return null;
                  const bar = node.bars[k];
                  const emphasised = row.emphasised[k];
                  const left = x(span.from);
                  const name = emphasised && bar.emphasis ? bar.emphasis.label : bar.label;
                  return (
                    <Bar
                      key={`${i}-${k}`}
                      className={`chart-bar tone-${toneOf(bar, emphasised)}`}
                      x={left}
                      y={(y(i) ?? 0) + (lane(k) ?? 0)}
                      width={Math.max(2, x(span.to) - left)}
                      height={lane.bandwidth()}
                      rx={2}
                    >
                      <title>{`${row.label}: ${name} ${span.first} – ${span.last}`}</title>
                    </Bar>
                  );
                })
              )}
              {node.markToday && todayX >= 0 && todayX <= plotWidth
                ? (
                  <Line
                    className="timeline-today"
                    from={{ x: todayX, y: 0 }}
                    to={{ x: todayX, y: rows.length * ROW_HEIGHT }}
                  />
                )
                : null}
            </Group>
          </svg>
        </div>
      </div>
      {ordered.length > rows.length
        ? (
          <p className="chart-note">
            {`Showing the first ${rows.length} of ${ordered.length} rows.`}
          </p>
        )
        : null}
      <ChartDataTable
        caption={title}
        columns={["", ...node.bars.flatMap((b) => [`${b.label}: from`, `${b.label}: to`])]}
        rows={rows.map((row) => [
          row.label,
          ...row.spans.flatMap((s) => s ? [s.first, s.last] : ["—", "—"]),
        ])}
      />
    </figure>
  );
}
