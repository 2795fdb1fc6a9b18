/**
 * Dragging a board's cards with a pointer: a mouse or pen drags once it has moved a
 * few pixels (a click still opens the card); a finger after a long press, so a swipe
 * still scrolls the columns. The column under the pointer is the drop target, and the
 * place among its cards the one the pointer is at; releasing over a column drops it
 * there, anywhere else (or Escape) cancels.
 */
import {
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";

/** Pixels a mouse moves before a press becomes a drag. */
const DRAG_DISTANCE = 6;
/** Milliseconds a finger rests before a press becomes a drag. */
const LONG_PRESS_MS = 350;

/** A drag under way: the card, where it is drawn and the column it is over. */
export interface DragState {
  id: string;
  from: string;
  over: string | null;
  /** The place among the cards of the column it is over. */
  place: number;
  x: number;
  y: number;
  /** The pointer's offset within the card and the card's width, to draw its ghost. */
  dx: number;
  dy: number;
  width: number;
}

/** How many of a column's cards (but the dragged one) are above `y`: the drop's place. */
function placeAt(column: string, id: string, y: number): number {
  const element = [...document.querySelectorAll<HTMLElement>("[data-board-column]")]
    .find((e) => e.dataset.boardColumn === column);
  const cards = [...(element?.querySelectorAll<HTMLElement>("[data-card-id]") ?? [])]
    .filter((c) => c.dataset.cardId !== id);
  return cards.filter((c) => {
    const box = c.getBoundingClientRect();
    return box.top + box.height / 2 < y;
  }).length;
}

function columnAt(x: number, y: number): string | null {
  const element = document.elementFromPoint(x, y);
  const column = element?.closest<HTMLElement>("[data-board-column]");
  return column?.dataset.boardColumn ?? null;
}

/** The drag state, a pointer-down handler for cards, and whether a click just ended a drag. */
export function useBoardDrag(
  onDrop: (id: string, from: string, to: string, place: number) => void,
) {
  const [drag, setDrag] = useState<DragState | null>(null);
  const dragRef = useRef<DragState | null>(null);
  const justDragged = useRef(false);
  const cleanup = useRef<() => void>(() => {});

  const update = (next: DragState | null) => {
    dragRef.current = next;
    setDrag(next);
  };

  useEffect(() => () => cleanup.current(), []);

  const onPointerDown = useCallback(
    (event: ReactPointerEvent<HTMLElement>, id: string, from: string) => {
      if (event.button !== 0 || (event.target as HTMLElement).closest("select, a, button")) return;
      const card = event.currentTarget.getBoundingClientRect();
      const startX = event.clientX;
      const startY = event.clientY;
      const touch = event.pointerType === "touch";
      let started = false;
      const begin = (x: number, y: number) => {
        started = true;
        update({
          id,
          from,
          over: columnAt(x, y),
          place: 0,
          x,
          y,
          dx: startX - card.left,
          dy: startY - card.top,
          width: card.width,
        });
      };
      const timer = touch ? setTimeout(() => begin(startX, startY), LONG_PRESS_MS) : undefined;
      const move = (e: PointerEvent) => {
        if (!started) {
          const far = Math.hypot(e.clientX - startX, e.clientY - startY) > DRAG_DISTANCE;
          if (touch && far) return end();
          if (!touch && far) begin(e.clientX, e.clientY);
          return;
        }
        const current = dragRef.current;
        if (!current) return;
        const over = columnAt(e.clientX, e.clientY);
        const place = over ? placeAt(over, current.id, e.clientY) : 0;
        update({ ...current, x: e.clientX, y: e.clientY, over, place });
      };
      const preventScroll = (e: TouchEvent) => {
        if (started) e.preventDefault();
      };
      const up = () => {
        const current = dragRef.current;
        end();
        if (current && started) {
          justDragged.current = true;
          setTimeout(() => (justDragged.current = false), 0);
          if (current.over) onDrop(current.id, current.from, current.over, current.place);
        }
      };
      const key = (e: KeyboardEvent) => {
        if (e.key === "Escape") end();
      };
      function end() {
        clearTimeout(timer);
        globalThis.removeEventListener("pointermove", move);
        globalThis.removeEventListener("pointerup", up);
        globalThis.removeEventListener("pointercancel", end);
        globalThis.removeEventListener("touchmove", preventScroll);
        globalThis.removeEventListener("keydown", key);
        cleanup.current = () => {};
        update(null);
      }
      globalThis.addEventListener("pointermove", move);
      globalThis.addEventListener("pointerup", up);
      globalThis.addEventListener("pointercancel", end);
      globalThis.addEventListener("touchmove", preventScroll, { passive: false });
      globalThis.addEventListener("keydown", key);
      cleanup.current = end;
    },
    [onDrop],
  );

  return { drag, onPointerDown, justDragged };
}
