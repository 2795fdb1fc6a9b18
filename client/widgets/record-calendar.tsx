/**
 * A calendar of a type's records by one date: a month grid or a week (a week by
 * default on a narrow screen, where its days stack as an agenda), with previous,
 * next and today. The range's records are read through the list call between its
 * first and last day; a month's day shows a few and says how many more. A record
 * moves to another day by one PATCH of the date at its version — dragged, through
 * its "Move" date, or by keyboard: Space picks it up, the arrows choose a day, Space
 * drops it and Escape puts it back, each step read out. A refused move puts it back
 * and says the server's reason. Everything it shows comes from its descriptor.
 */
import { useCallback, useId, useMemo, useState } from "react";
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import type { WidgetProps } from "../renderer/screen-runtime.tsx";
import type { MoveOutcome } from "../records/record-moves.ts";
import { CalendarChip } from "../records/calendar-chip.tsx";
import {
  type CalendarSpan,
  dayOfValue,
  daysOf,
  shiftSpan,
  spanWords,
  today,
  weekdayWords,
} from "../records/calendar-dates.ts";
import { CalendarDay } from "../records/calendar-day.tsx";
import { useCalendarKeyboard } from "../records/calendar-keyboard.ts";
import { useCalendarMoves } from "../records/calendar-moves.ts";
import { useCalendarRecords } from "../records/calendar-records.ts";
import { MoveNotes, MoveProblem, useFocusAfterMove } from "../records/move-feedback.tsx";
import { formPathOf } from "../records/standard-fields.ts";

type Row = Readonly<Record<string, unknown>>;

/** Records a month's day shows before "+N more". */
const MONTH_DAY_SHOWN = 3;
/** The width at and below which a calendar opens on a week. */
const NARROW_QUERY = "(max-width: 640px)";

function firstSpan(): CalendarSpan {
  return globalThis.matchMedia?.(NARROW_QUERY).matches ? "week" : "month";
}

/** A calendar. */
export function RecordCalendar({ node }: WidgetProps<NodeOf<"record-calendar">>) {
  const { api, meta } = node;
  const instructions = useId();
  const field = node.fields.find((f) => f.id === node.field) ?? node.fields[0];
  const [span, setSpan] = useState<CalendarSpan>(() => node.span ?? firstSpan());
  const [anchor, setAnchor] = useState(() => today());
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [announcement, setAnnouncement] = useState("");
  const [problem, setProblem] = useState<string>();
  const [dragging, setDragging] = useState<string>();
  const [over, setOver] = useState<string>();
  const days = useMemo(() => daysOf(span, anchor), [span, anchor]);
  const records = useCalendarRecords(api, {
    field: field.id,
    type: field.type,
    first: days[0],
    last: days.at(-1)!,
    filters: node.filters ?? [],
    search: node.search,
    fetched: [...new Set(["version", meta.title_field, field.id])],
  });
  const titleOf = useCallback(
    (record: Row) => String(record[meta.title_field] ?? record.name ?? record.id),
    [meta.title_field],
  );
  const onDone = useCallback((outcome: MoveOutcome) => {
    setAnnouncement(outcome.text);
    setProblem(outcome.ok ? undefined : outcome.text);
  }, []);
  const { pending, move } = useCalendarMoves(api, field.id, { titleOf, onDone });
  // A record moved by keyboard keeps the focus on its new day.
  const setFocusAfter = useFocusAfterMove(pending, {
    attribute: "record-id",
    within: ".record-calendar",
  });
  const items = useMemo(() => records.data?.items ?? [], [records.data]);
  const byId = useMemo(() => new Map(items.map((r) => [String(r.id), r])), [items]);
  const startMove = (id: string, day: string) => {
    const record = byId.get(id);
    if (!record || !field.movable) return;
    setProblem(undefined);
    setFocusAfter(id);
    void move(record, day);
  };
  const { lifted, onKey } = useCalendarKeyboard({
    days,
    announce: setAnnouncement,
    drop: startMove,
  });
  const onDay = new Map<string, Row[]>();
  for (const record of items) {
    const day = pending.get(String(record.id)) ?? dayOfValue(record[field.id]);
    if (day === undefined) continue;
    const list = onDay.get(day);
    if (list) list.push(record);
    else onDay.set(day, [record]);
  }

  const go = (next: string) => {
    setAnchor(next);
    setExpanded(new Set());
  };
  const month = anchor.slice(0, 7);
  const now = today();
  const target = over ?? lifted?.to;
  return (
    <section
      className={`record-calendar is-${span}`}
      aria-label={`${meta.plural} by ${field.label}`}
    >
      <MoveNotes
        id={instructions}
        instructions={"Press Space to pick it up, the arrows to choose a day, Space to drop it " +
          "and Escape to cancel. Enter opens it."}
        announcement={announcement}
      />
      <div className="calendar-bar">
        <div className="calendar-nav">
          <button
            type="button"
            className="button button-secondary button-small"
            aria-label={span === "month" ? "Previous month" : "Previous week"}
            onClick={() => go(shiftSpan(span, anchor, -1))}
          >
            ‹
          </button>
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => go(now)}
          >
            Today
          </button>
          <button
            type="button"
            className="button button-secondary button-small"
            aria-label={span === "month" ? "Next month" : "Next week"}
            onClick={() => go(shiftSpan(span, anchor, 1))}
          >
            ›
          </button>
        </div>
        <h2 className="calendar-title" aria-live="polite">{spanWords(span, anchor)}</h2>
        <div className="segmented" role="group" aria-label="Calendar shows">
          {(["month", "week"] as const).map((choice) => (
            <button
              key={choice}
              type="button"
              className={`segmented-option${span === choice ? " is-active" : ""}`}
              aria-pressed={span === choice}
              onClick={() => setSpan(choice)}
            >
              {choice === "month" ? "Month" : "Week"}
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
              "in these days are not shown; narrow the list with a filter to see them."}
          </p>
        )
        : null}
      {span === "month"
        ? (
          <div className="calendar-weekdays" aria-hidden="true">
            {days.slice(0, 7).map((day) => <span key={day}>{weekdayWords(day)}</span>)}
          </div>
        )
        : null}
      <ol className="calendar-days" aria-busy={records.isPending || undefined}>
        {days.map((day) => (
          <CalendarDay
            key={day}
            day={day}
            today={day === now}
            outside={span === "month" && day.slice(0, 7) !== month}
            target={target === day}
            shownMax={span === "month" ? MONTH_DAY_SHOWN : undefined}
            expanded={expanded.has(day)}
            onExpand={() => setExpanded(new Set(expanded).add(day))}
            onDragOver={(e) => {
              if (dragging === undefined) return;
              e.preventDefault();
              e.dataTransfer.dropEffect = "move";
              if (over !== day) setOver(day);
            }}
            onDrop={(e) => {
              e.preventDefault();
              const id = dragging;
              setDragging(undefined);
              setOver(undefined);
              if (id !== undefined) startMove(id, day);
            }}
            chips={(onDay.get(day) ?? []).map((record) => {
              const id = String(record.id);
              const title = titleOf(record);
              return (
                <CalendarChip
                  key={id}
                  id={id}
                  title={title}
                  day={day}
                  href={formPathOf(meta, id)}
                  movable={field.movable}
                  lifted={lifted?.id === id}
                  moving={pending.has(id)}
                  describedBy={instructions}
                  onKeyDown={(e) => field.movable && onKey(e, { id, title, day })}
                  onDragStart={(e) => {
                    e.dataTransfer.setData("text/plain", id);
                    e.dataTransfer.effectAllowed = "move";
                    setDragging(id);
                  }}
                  onDragEnd={() => {
                    setDragging(undefined);
                    setOver(undefined);
                  }}
                  onMoveTo={(to) => startMove(id, to)}
                />
              );
            })}
          />
        ))}
      </ol>
    </section>
  );
}
