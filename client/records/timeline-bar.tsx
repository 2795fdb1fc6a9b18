/**
 * One record's bar on a timeline: a link to its form from its first to its last day
 * (cut at the window's edges), named with its dates. Where the caller may change
 * both dates it moves by whole days: dragged with a mouse or a pen, or by keyboard
 * (Shift or Alt with the left or right arrow moves it a day), each a single move
 * when let go; a touch scrolls the chart instead (a row's day buttons move it).
 */
import { type KeyboardEvent, type PointerEvent, useRef, useState } from "react";
import { Link } from "react-router-dom";

/** Props of a bar. */
export interface TimelineBarProps {
  id: string;
  title: string;
  /** The bar's name read out: its title and dates. */
  label: string;
  href: string;
  left: number;
  width: number;
  dayWidth: number;
  /** It starts before the window, or ends after it. */
  cutStart: boolean;
  cutEnd: boolean;
  movable: boolean;
  moving: boolean;
  describedBy: string;
  onShift(days: number): void;
}

/** A bar. */
export function TimelineBar(props: TimelineBarProps) {
  const [offset, setOffset] = useState(0);
  const drag = useRef<{ x: number; days: number } | undefined>(undefined);
  const dragged = useRef(false);
  const days = Math.round(offset / props.dayWidth);
  const onPointerDown = (e: PointerEvent<HTMLAnchorElement>) => {
    if (!props.movable || props.moving || e.pointerType === "touch" || e.button !== 0) return;
    drag.current = { x: e.clientX, days: 0 };
    dragged.current = false;
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLAnchorElement>) => {
    if (!drag.current) return;
    const dx = e.clientX - drag.current.x;
    if (Math.abs(dx) > 3) dragged.current = true;
    setOffset(dx);
  };
  const onPointerUp = () => {
    if (!drag.current) return;
    drag.current = undefined;
    setOffset(0);
    if (days !== 0) props.onShift(days);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLAnchorElement>) => {
    if (!props.movable || props.moving || !(e.shiftKey || e.altKey)) return;
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
    e.preventDefault();
    props.onShift(e.key === "ArrowLeft" ? -1 : 1);
  };
  const classes = [
    "timeline-bar",
    props.cutStart ? "is-cut-start" : "",
    props.cutEnd ? "is-cut-end" : "",
    props.moving ? "is-moving" : "",
    offset !== 0 ? "is-dragged" : "",
  ].filter(Boolean).join(" ");
  return (
    <Link
      to={props.href}
      className={classes}
      data-record-id={props.id}
      style={{
        left: props.left + days * props.dayWidth,
        width: props.width,
      }}
      aria-label={props.label}
      title={props.label}
      draggable={false}
      aria-roledescription={props.movable ? "movable bar" : undefined}
      aria-describedby={props.movable ? props.describedBy : undefined}
      aria-busy={props.moving || undefined}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        drag.current = undefined;
        setOffset(0);
      }}
      onClick={(e) => {
        // A drag that ends on the bar is a move, not a visit.
        if (dragged.current) e.preventDefault();
        dragged.current = false;
      }}
    >
      <span className="timeline-bar-title">{props.title}</span>
    </Link>
  );
}
