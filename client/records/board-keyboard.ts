/**
 * Moving a board's card by keyboard, each step read out: Space picks the focused card
 * up, Left and Right choose a column, Up and Down a place in it (where the type keeps
 * its cards' order), Space drops it there and Escape puts it back. Enter opens it.
 */
import { type KeyboardEvent, useState } from "react";
import type { BoardColumnState } from "./board-columns.ts";

type Row = Readonly<Record<string, unknown>>;

/** A card being moved by keyboard: its column and place, and where it would go. */
export interface Lifted {
  id: string;
  from: number;
  fromPlace: number;
  to: number;
  place: number;
}

/** What the keyboard moves need from the board. */
export interface KeyboardMoveOptions {
  columns: readonly BoardColumnState[];
  /** The cards a column shows now, in order. */
  shown(column: string): readonly Row[];
  /** Whether a card's place in its column is kept (the type has an order key). */
  ordered: boolean;
  canMove: boolean;
  titleOf(card: Row): string;
  announce(text: string): void;
  open(card: Row): void;
  drop(card: Row, from: BoardColumnState, to: BoardColumnState, place: number | undefined): void;
}

/** The card lifted, and the key handler of every card. */
export function useKeyboardMove(options: KeyboardMoveOptions) {
  const [lifted, setLifted] = useState<Lifted | null>(null);
  const { columns, announce } = options;

  /** How many cards but `id` the column at `index` shows. */
  const othersIn = (index: number, id: string) =>
    options.shown(columns[index].key).filter((c) => String(c.id) !== id).length;

  function where(to: number, place: number, id: string): string {
    const column = columns[to];
    return options.ordered
      ? `${column.label}, position ${place + 1} of ${othersIn(to, id) + 1}`
      : `${column.label}, column ${to + 1} of ${columns.length}`;
  }

  function onCardKey(event: KeyboardEvent<HTMLElement>, card: Row, column: number) {
    const id = String(card.id);
    const title = options.titleOf(card);
    if (event.key === "Enter" && lifted === null) {
      event.preventDefault();
      options.open(card);
      return;
    }
    if (!options.canMove) return;
    if (event.key === " ") {
      event.preventDefault();
      if (lifted === null || lifted.id !== id) {
        const place = options.shown(columns[column].key).findIndex((c) => String(c.id) === id);
        setLifted({ id, from: column, fromPlace: place, to: column, place });
        announce(
          `${title} picked up in ${columns[column].label}. Left and right arrows choose a column${
            options.ordered ? ", up and down a place" : ""
          }, Space drops, Escape cancels.`,
        );
        return;
      }
      setLifted(null);
      const moved = lifted.to !== lifted.from ||
        (options.ordered && lifted.place !== lifted.fromPlace);
      if (!moved) {
        announce(`${title} dropped back in ${columns[column].label}.`);
        return;
      }
      announce(`Moving ${title} to ${columns[lifted.to].label}…`);
      options.drop(
        card,
        columns[lifted.from],
        columns[lifted.to],
        options.ordered ? lifted.place : undefined,
      );
      return;
    }
    if (lifted?.id !== id) return;
    if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      event.preventDefault();
      const step = event.key === "ArrowRight" ? 1 : -1;
      const to = Math.min(columns.length - 1, Math.max(0, lifted.to + step));
      const place = to === lifted.from ? lifted.fromPlace : 0;
      setLifted({ ...lifted, to, place });
      announce(`${title} over ${where(to, place, id)}.`);
    } else if ((event.key === "ArrowDown" || event.key === "ArrowUp") && options.ordered) {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      const place = Math.min(othersIn(lifted.to, id), Math.max(0, lifted.place + step));
      setLifted({ ...lifted, place });
      announce(`${title} over ${where(lifted.to, place, id)}.`);
    } else if (event.key === "Escape") {
      event.preventDefault();
      setLifted(null);
      announce(`Move cancelled. ${title} stays in ${columns[lifted.from].label}.`);
    }
  }

  return { lifted, onCardKey };
}
