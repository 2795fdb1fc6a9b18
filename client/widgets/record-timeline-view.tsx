/**
 * A timeline (Gantt chart) of a type's records: a bar from each record's start date
 * to its end date over a week, a month or a quarter, with previous, next, today, a
 * line at today and, where the type declares dependencies, arrows from each
 * predecessor to its successor. The window's records are those whose span overlaps
 * it, read through the list call with the list's filters. Each bar links to its
 * record; where the caller may change both dates a bar moves by whole days in one
 * PATCH of both at the record's version — dragged, by Shift or Alt with an arrow,
 * or with its row's day buttons (the way on a phone) — and a refused move puts it
 * back and says the server's reason. A hidden table reads the same to screen
 * readers; a chart wider than the screen scrolls sideways inside itself.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import type { WidgetProps } from "../renderer/screen-runtime.tsx";
import type { MoveOutcome } from "../records/record-moves.ts";
import { fullDayWords, today } from "../records/calendar-dates.ts";
import { MoveNotes, MoveProblem, useFocusAfterMove } from "../records/move-feedback.tsx";
import { formPathOf } from "../records/standard-fields.ts";
import { type BarPlace, TimelineArrows } from "../records/timeline-arrows.tsx";
import { TimelineBar } from "../records/timeline-bar.tsx";
import { type BarDays, barDaysOf, useTimelineMoves } from "../records/timeline-moves.ts";
import { useTimelineLinks, useTimelineRecords } from "../records/timeline-records.ts";
import {
  axisMark,
  daysBetween,
  shiftWindow,
  TIMELINE_ZOOMS,
  type TimelineZoom,
  windowDays,
  windowWords,
} from "../records/timeline-window.ts";
import { ChartDataTable } from "../ui/chart-data-table.tsx";
import { useElementWidth } from "../ui/use-element-width.ts";

type Row = Readonly<Record<string, unknown>>;

const ROW_HEIGHT = 36;
const AXIS_HEIGHT = 28;
/** The narrowest a day is drawn at each zoom: past it the chart scrolls sideways. */
const DAY_MIN: Record<TimelineZoom, number> = { week: 56, month: 28, quarter: 8 };
const ZOOM_WORDS: Record<TimelineZoom, string> = {
  week: "Week",
  month: "Month",
  quarter: "Quarter",
};

/** A timeline of records. */
export function RecordTimelineView({ node }: WidgetProps<NodeOf<"record-timeline-view">>) {
  const { api, meta, start, end } = node;
  const instructions = useId();
  const scroller = useRef<HTMLDivElement>(null);
  // The room inside the scrolling box: a window that fits it needs no scrolling.
  const width = useElementWidth(scroller, 0);
  const [zoom, setZoom] = useState<TimelineZoom>(node.zoom ?? "month");
  const [anchor, setAnchor] = useState(() => today());
  const [announcement, setAnnouncement] = useState("");
  const [problem, setProblem] = useState<string>();
  const days = useMemo(() => windowDays(zoom, anchor), [zoom, anchor]);
  const first = days[0];
  const last = days.at(-1)!;
  const range = {
    start: start.id,
    end: end.id,
    first,
    last,
    filters: node.filters ?? [],
    search: node.search,
    fetched: [...new Set(["version", meta.title_field, start.id, end.id])],
  };
  const records = useTimelineRecords(api, range);
  const linked = useTimelineLinks(api, range, node.dependencies);
  const titleOf = useCallback(
    (record: Row) => String(record[meta.title_field] ?? record.name ?? record.id),
    [meta.title_field],
  );
  const onDone = useCallback((outcome: MoveOutcome) => {
    setAnnouncement(outcome.text);
    setProblem(outcome.ok ? undefined : outcome.text);
  }, []);
  const { pending, move } = useTimelineMoves(api, { start: start.id, end: end.id }, {
    titleOf,
    onDone,
  });
  const setFocusAfter = useFocusAfterMove(pending, {
    attribute: "record-id",
    within: ".record-timeline-view",
  });
  const shown = useMemo(
    () =>
      (records.data?.items ?? []).flatMap((record) => {
        const id = String(record.id);
        const span = pending.get(id) ?? barDaysOf(record, start.id, end.id);
        return span ? [{ id, record, span, title: titleOf(record) }] : [];
      }),
    [records.data, pending, start.id, end.id, titleOf],
  );
  const shift = (record: Row, by: number) => {
    if (!node.movable || pending.has(String(record.id))) return;
    setProblem(undefined);
    setFocusAfter(String(record.id));
    void move(record, by);
  };

  const narrow = width > 0 && width < 640;
  const labelWidth = narrow ? 160 : 220;
  const dayWidth = Math.max(DAY_MIN[zoom], (width - labelWidth) / days.length);
  const plotWidth = Math.round(dayWidth * days.length);
  const xOf = (day: string) => daysBetween(first, day) * dayWidth;
  const places = new Map<string, BarPlace>(
    shown.map((bar, row) => [bar.id, {
      row,
      left: xOf(bar.span.start),
      right: xOf(bar.span.end) + dayWidth,
    }]),
  );
  const links = linked.data ?? [];
  const titles = new Map(shown.map((bar) => [bar.id, bar.title]));
  const now = today();
  const todayAt = now >= first && now <= last ? xOf(now) : undefined;
  // A window wider than the screen opens scrolled to today.
  useEffect(() => {
    const element = scroller.current;
    if (!element || todayAt === undefined) return;
    element.scrollLeft = Math.max(0, todayAt - (element.clientWidth - labelWidth) / 2);
  }, [first, todayAt, labelWidth]);
  const named = `${meta.plural} from ${start.label.toLowerCase()} to ${end.label.toLowerCase()}`;
  const words = (span: BarDays) => `${fullDayWords(span.start)} to ${fullDayWords(span.end)}`;
  return (
    <section className="record-timeline-view" aria-label={named}>
      <MoveNotes
        id={instructions}
        instructions="Shift or Alt with the left or right arrow moves it a day. Enter opens it."
        announcement={announcement}
      />
      <div className="calendar-bar">
        <div className="calendar-nav">
          <button
            type="button"
            className="button button-secondary button-small"
            aria-label={`Previous ${zoom}`}
            onClick={() => setAnchor(shiftWindow(zoom, anchor, -1))}
          >
            ‹
          </button>
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => setAnchor(now)}
          >
            Today
          </button>
          <button
            type="button"
            className="button button-secondary button-small"
            aria-label={`Next ${zoom}`}
            onClick={() => setAnchor(shiftWindow(zoom, anchor, 1))}
          >
            ›
          </button>
        </div>
        <h2 className="calendar-title" aria-live="polite">{windowWords(zoom, anchor)}</h2>
        <div className="segmented" role="group" aria-label="Timeline shows">
          {TIMELINE_ZOOMS.map((choice) => (
            <button
              key={choice}
              type="button"
              className={`segmented-option${zoom === choice ? " is-active" : ""}`}
              aria-pressed={zoom === choice}
              onClick={() => setZoom(choice)}
            >
              {ZOOM_WORDS[choice]}
            </button>
          ))}
        </div>
      </div>
      {problem
        ? (
          <MoveProblem
            text={problem}
            className="calendar-problem"
            onDismiss={() => setProblem(undefined)}
          />
        )
        : null}
      {records.isError
        ? <p className="alert tone-danger" role="alert">{records.error.message}</p>
        : null}
      {records.data && records.data.unread > 0
        ? (
          <p className="alert tone-warning" role="status">
            {`${records.data.unread.toLocaleString("en-US")} more ${meta.plural.toLowerCase()} ` +
              "in this window are not shown; narrow the list with a filter to see them."}
          </p>
        )
        : null}
      <div
        className="timeline-view-scroll"
        ref={scroller}
        aria-busy={records.isPending || undefined}
      >
        <div className="timeline-view-body" style={{ width: labelWidth + plotWidth }}>
          <ol className="timeline-view-labels" style={{ width: labelWidth }}>
            <li
              className="timeline-view-corner"
              style={{ height: AXIS_HEIGHT }}
              aria-hidden="true"
            />
            {shown.map((bar) => (
              <li key={bar.id} style={{ height: ROW_HEIGHT }}>
                <span className="timeline-view-name" title={bar.title}>{bar.title}</span>
                {node.movable
                  ? (
                    <span className="timeline-view-moves">
                      <button
                        type="button"
                        className="timeline-view-move"
                        aria-label={`Move ${bar.title} a day earlier`}
                        disabled={pending.has(bar.id)}
                        onClick={() => shift(bar.record, -1)}
                      >
                        ‹
                      </button>
                      <button
                        type="button"
                        className="timeline-view-move"
                        aria-label={`Move ${bar.title} a day later`}
                        disabled={pending.has(bar.id)}
                        onClick={() => shift(bar.record, 1)}
                      >
                        ›
                      </button>
                    </span>
                  )
                  : null}
              </li>
            ))}
          </ol>
          <div className="timeline-view-plot" style={{ width: plotWidth }}>
            <div className="timeline-view-axis" style={{ height: AXIS_HEIGHT }} aria-hidden="true">
              {days.map((day, i) => {
                const mark = axisMark(zoom, day);
                return mark
                  ? (
                    <span
                      key={day}
                      className={`timeline-view-mark${day === now ? " is-today" : ""}`}
                      style={{
                        left: xOf(day),
                        // A week's mark ends where the window does.
                        width: Math.min(zoom === "quarter" ? 7 : 1, days.length - i) * dayWidth,
                      }}
                    >
                      {mark}
                    </span>
                  )
                  : null;
              })}
            </div>
            {shown.map((bar) => {
              const from = bar.span.start < first ? first : bar.span.start;
              const to = bar.span.end > last ? last : bar.span.end;
              return (
                <div key={bar.id} className="timeline-view-lane" style={{ height: ROW_HEIGHT }}>
                  <TimelineBar
                    id={bar.id}
                    title={bar.title}
                    label={`${bar.title}: ${words(bar.span)}`}
                    href={formPathOf(meta, bar.id)}
                    left={xOf(from)}
                    width={Math.max(dayWidth, xOf(to) + dayWidth - xOf(from))}
                    dayWidth={dayWidth}
                    cutStart={bar.span.start < first}
                    cutEnd={bar.span.end > last}
                    movable={node.movable}
                    moving={pending.has(bar.id)}
                    describedBy={instructions}
                    onShift={(by) =>
                      shift(bar.record, by)}
                  />
                </div>
              );
            })}
            <div className="timeline-view-overlay" style={{ top: AXIS_HEIGHT }}>
              {now >= first && now <= last
                ? (
                  <span
                    className="timeline-view-today"
                    style={{ left: xOf(now) + dayWidth / 2, height: shown.length * ROW_HEIGHT }}
                    title="Today"
                  />
                )
                : null}
              <TimelineArrows
                links={links}
                places={places}
                rowHeight={ROW_HEIGHT}
                width={plotWidth}
                height={shown.length * ROW_HEIGHT}
              />
            </div>
          </div>
        </div>
      </div>
      {records.isSuccess && shown.length === 0
        ? <p className="empty-text">{`No ${meta.plural.toLowerCase()} in this window.`}</p>
        : null}
      <ChartDataTable
        caption={named}
        columns={[
          "",
          start.label,
          end.label,
          ...(node.dependencies ? [node.dependencies.label] : []),
        ]}
        rows={shown.map((bar) => [
          bar.title,
          fullDayWords(bar.span.start),
          fullDayWords(bar.span.end),
          ...(node.dependencies
            ? [
              links.filter((l) => l.after === bar.id).map((l) => titles.get(l.before))
                .filter(Boolean).join(", ") || "—",
            ]
            : []),
        ])}
      />
    </section>
  );
}
