/**
 * Moving a timeline's bars: a record's start and end dates shifted by the same
 * number of days in one PATCH of both at the record's version, sent as every record
 * move is (`record-moves.ts`): the bar shows at its new dates while on its way, and
 * goes back with the server's reason when refused.
 */
import { useCallback } from "react";
import { addDays, dayOfValue, fullDayWords } from "./calendar-dates.ts";
import { type MoveOutcome, usePendingMoves } from "./record-moves.ts";

type Row = Readonly<Record<string, unknown>>;

/** Where a bar shows: its first and last day. */
export interface BarDays {
  start: string;
  end: string;
}

/** A record's first and last day, or none when it lacks either (an end before its start counts as its start). */
export function barDaysOf(record: Row, start: string, end: string): BarDays | undefined {
  const first = dayOfValue(record[start]);
  const last = dayOfValue(record[end]);
  if (first === undefined || last === undefined) return undefined;
  return { start: first, end: last < first ? first : last };
}

/** The moves on their way (record id → its new days) and the mover. */
export function useTimelineMoves(
  api: string,
  fields: { start: string; end: string },
  options: { titleOf(record: Row): string; onDone(outcome: MoveOutcome): void },
) {
  const { pending, send } = usePendingMoves<BarDays>(api, options.onDone);
  const { titleOf } = options;
  const { start, end } = fields;

  const move = useCallback(async (record: Row, days: number) => {
    const first = dayOfValue(record[start]);
    const last = dayOfValue(record[end]);
    if (first === undefined || last === undefined || days === 0) return;
    const to = { start: addDays(first, days), end: addDays(last, days) };
    const title = titleOf(record);
    const from = `${fullDayWords(first)} to ${fullDayWords(last)}`;
    await send(record, { [start]: to.start, [end]: to.end }, to, {
      done: `${title} moved to ${fullDayWords(to.start)} – ${fullDayWords(to.end)}`,
      refused: (reason) => `${title} stays from ${from}: ${reason}`,
      stale: () =>
        `${title} was changed by someone else meanwhile, so it stays from ${from}. ` +
        "The timeline shows the latest now; try again.",
    });
  }, [start, end, send, titleOf]);

  return { pending, move };
}
