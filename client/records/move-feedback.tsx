/**
 * What a board or a calendar tells the person moving its records: the keyboard's
 * instructions and each step, read out by screen readers; the reason a move was
 * refused, until dismissed; and the focus kept on a record moved by keyboard when
 * it lands in its new place.
 */
import { useEffect, useState } from "react";

/** The instructions a movable record is described by, and the live region of each step. */
export function MoveNotes(
  { id, instructions, announcement }: { id: string; instructions: string; announcement: string },
) {
  return (
    <>
      <p id={id} className="sr-only">{instructions}</p>
      <p className="sr-only" aria-live="assertive" aria-atomic="true">{announcement}</p>
    </>
  );
}

/** A refused move's reason, with a button to dismiss it. */
export function MoveProblem(
  { text, className, onDismiss }: { text: string; className: string; onDismiss(): void },
) {
  return (
    <div className={`alert tone-danger ${className}`} role="alert">
      <span>{text}</span>
      <button type="button" className="button button-ghost button-small" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}

/**
 * Keeps the focus on a moved record: the setter names the record (by its
 * `data-<attribute>`) to focus once it shows in its new place — only when the focus
 * was inside `within` (or lost with the record's old place), never taken from where
 * the person has gone meanwhile.
 */
export function useFocusAfterMove(
  pending: ReadonlyMap<string, unknown>,
  options: { attribute: string; within: string },
) {
  const [focusAfter, setFocusAfter] = useState<string>();
  const { attribute, within } = options;
  useEffect(() => {
    if (focusAfter === undefined) return;
    const element = [...document.querySelectorAll<HTMLElement>(`[data-${attribute}]`)]
      .find((e) => e.getAttribute(`data-${attribute}`) === focusAfter);
    const active = document.activeElement;
    const inside = active === null || active === document.body || active.closest(within);
    if (element && element !== active && inside) element.focus();
    if (!pending.has(focusAfter)) setFocusAfter(undefined);
  }, [focusAfter, pending, attribute, within]);
  return setFocusAfter;
}
