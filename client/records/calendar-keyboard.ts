/**
 * Moving a calendar's record by keyboard, each step read out: Space picks the
 * focused record up, Left and Right choose the day before or after, Up and Down the
 * week before or after (within the days shown), Space or Enter drops it there and
 * Escape puts it back. Enter on a record not picked up opens it.
 */
import { type KeyboardEvent, useState } from "react";
import { addDays, fullDayWords } from "./calendar-dates.ts";

/** A record being moved by keyboard: its day and the day it would go to. */
export interface LiftedRecord {
  id: string;
  from: string;
  to: string;
}

/** What the keyboard moves need from the calendar. */
export interface CalendarKeyboardOptions {
  /** The days shown, in order. */
  days: readonly string[];
  announce(text: string): void;
  drop(id: string, day: string): void;
}

const STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/** The record lifted, and the key handler of every movable record. */
export function useCalendarKeyboard(options: CalendarKeyboardOptions) {
  const [lifted, setLifted] = useState<LiftedRecord | null>(null);
  const { days, announce } = options;

  const onKey = (
    event: KeyboardEvent<HTMLElement>,
    record: { id: string; title: string; day: string },
  ) => {
    const mine = lifted?.id === record.id ? lifted : null;
    if (!mine) {
      if (event.key !== " ") return;
      event.preventDefault();
      setLifted({ id: record.id, from: record.day, to: record.day });
      announce(
        `${record.title} picked up on ${fullDayWords(record.day)}. ` +
          "Arrows choose another day, Space drops it, Escape cancels.",
      );
      return;
    }
    if (event.key in STEPS) {
      event.preventDefault();
      const wanted = addDays(mine.to, STEPS[event.key]);
      const to = wanted < days[0] ? days[0] : wanted > days.at(-1)! ? days.at(-1)! : wanted;
      setLifted({ ...mine, to });
      announce(`${record.title} over ${fullDayWords(to)}.`);
    } else if (event.key === " " || event.key === "Enter") {
      event.preventDefault();
      setLifted(null);
      if (mine.to === mine.from) announce(`${record.title} stays on ${fullDayWords(mine.from)}.`);
      else options.drop(record.id, mine.to);
    } else if (event.key === "Escape" || event.key === "Tab") {
      if (event.key === "Escape") event.preventDefault();
      setLifted(null);
      announce(`${record.title} put back on ${fullDayWords(mine.from)}.`);
    }
  };

  return { lifted, onKey };
}
