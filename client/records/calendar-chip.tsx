/**
 * One record on a calendar's day: its title, a link to its form. Where the caller
 * may change the date it can be dragged to another day, picked up by keyboard
 * (Space; the calendar handles the arrows), or moved through its "Move" button,
 * which asks for the new day with a date input (the way on a phone).
 */
import { type DragEvent, type KeyboardEvent, useState } from "react";
import { Link } from "react-router-dom";

/** Props of a chip. */
export interface CalendarChipProps {
  id: string;
  title: string;
  day: string;
  href: string;
  movable: boolean;
  /** Picked up by keyboard, or on its way to the server. */
  lifted: boolean;
  moving: boolean;
  describedBy: string;
  onKeyDown(event: KeyboardEvent<HTMLElement>): void;
  onDragStart(event: DragEvent<HTMLElement>): void;
  onDragEnd(): void;
  onMoveTo(day: string): void;
}

/** A chip. */
export function CalendarChip(props: CalendarChipProps) {
  const [asking, setAsking] = useState(false);
  const [day, setDay] = useState(props.day);
  const classes = [
    "calendar-chip",
    props.lifted ? "is-lifted" : "",
    props.moving ? "is-moving" : "",
  ].filter(Boolean).join(" ");
  return (
    <li className="calendar-chip-item">
      <div className="calendar-chip-row">
        <Link
          to={props.href}
          className={classes}
          data-record-id={props.id}
          title={props.title}
          draggable={props.movable}
          aria-roledescription={props.movable ? "movable record" : undefined}
          aria-describedby={props.movable ? props.describedBy : undefined}
          aria-busy={props.moving || undefined}
          onKeyDown={props.onKeyDown}
          onDragStart={props.onDragStart}
          onDragEnd={props.onDragEnd}
        >
          {props.title}
        </Link>
        {props.movable
          ? (
            <button
              type="button"
              className="calendar-chip-move"
              aria-label={`Move ${props.title} to another day`}
              aria-expanded={asking}
              disabled={props.moving}
              onClick={() => {
                setDay(props.day);
                setAsking(!asking);
              }}
            >
              Move
            </button>
          )
          : null}
      </div>
      {asking
        ? (
          <form
            className="calendar-move-form"
            onSubmit={(e) => {
              e.preventDefault();
              setAsking(false);
              if (day !== "" && day !== props.day) props.onMoveTo(day);
            }}
          >
            <label>
              <span>Move {props.title} to</span>
              <input type="date" value={day} required onChange={(e) => setDay(e.target.value)} />
            </label>
            <div className="calendar-move-actions">
              <button type="submit" className="button button-primary button-small">Move</button>
              <button
                type="button"
                className="button button-ghost button-small"
                onClick={() => setAsking(false)}
              >
                Cancel
              </button>
            </div>
          </form>
        )
        : null}
    </li>
  );
}
