/**
 * One day of a calendar: its date in words, the records on it, and a drop target
 * for a dragged record. A month's day shows a few records and a "+N more" button
 * that shows the rest; a week's day shows them all.
 */
import type { DragEvent, ReactNode } from "react";
import { dayWords, fullDayWords } from "./calendar-dates.ts";

/** Props of a day. */
export interface CalendarDayProps {
  day: string;
  today: boolean;
  /** A day of the grid outside the month shown. */
  outside: boolean;
  /** Where a dragged or lifted record would go. */
  target: boolean;
  /** Records shown before "+N more" (all when absent). */
  shownMax?: number;
  expanded: boolean;
  onExpand(): void;
  chips: readonly ReactNode[];
  onDragOver(event: DragEvent<HTMLElement>): void;
  onDrop(event: DragEvent<HTMLElement>): void;
}

/** A day. */
export function CalendarDay(props: CalendarDayProps) {
  const limit = props.expanded || props.shownMax === undefined ? Infinity : props.shownMax;
  const hidden = Math.max(props.chips.length - limit, 0);
  const classes = [
    "calendar-day",
    props.today ? "is-today" : "",
    props.outside ? "is-outside" : "",
    props.target ? "is-target" : "",
  ].filter(Boolean).join(" ");
  return (
    <li
      className={classes}
      data-day={props.day}
      aria-label={fullDayWords(props.day)}
      aria-current={props.today ? "date" : undefined}
      onDragOver={props.onDragOver}
      onDrop={props.onDrop}
    >
      <div className="calendar-day-head" aria-hidden="true">
        <span className="calendar-day-words">{dayWords(props.day)}</span>
        <span className="calendar-day-number">{Number(props.day.slice(8))}</span>
      </div>
      {props.chips.length > 0
        ? <ul className="calendar-chips">{props.chips.slice(0, limit)}</ul>
        : null}
      {hidden > 0
        ? (
          <button
            type="button"
            className="calendar-more"
            aria-label={`${hidden} more on ${fullDayWords(props.day)}`}
            onClick={props.onExpand}
          >
            +{hidden} more
          </button>
        )
        : null}
    </li>
  );
}
