/**
 * Moving a calendar's records to another day: one PATCH of the calendar's field at
 * the record's version (a datetime keeps its time of day), sent as every record
 * move is (`record-moves.ts`): the record shows on its new day while on its way,
 * and goes back to its day with the server's reason when refused.
 */
import { useCallback } from "react";
import { dayOfValue, fullDayWords } from "./calendar-dates.ts";
import { type MoveOutcome, usePendingMoves } from "./record-moves.ts";

type Row = Readonly<Record<string, unknown>>;

/** The moves on their way (record id → its new day) and the mover. */
export function useCalendarMoves(
  api: string,
  field: string,
  options: { titleOf(record: Row): string; onDone(outcome: MoveOutcome): void },
) {
  const { pending, send } = usePendingMoves<string>(api, options.onDone);
  const { titleOf } = options;

  const move = useCallback(async (record: Row, day: string) => {
    const value = record[field];
    const from = dayOfValue(value);
    if (from === undefined || from === day) return;
    const title = titleOf(record);
    await send(record, { [field]: `${day}${String(value).slice(10)}` }, day, {
      done: `${title} moved to ${fullDayWords(day)}`,
      refused: (reason) => `${title} stays on ${fullDayWords(from)}: ${reason}`,
      stale: () =>
        `${title} was changed by someone else meanwhile, so it stays on ${
          fullDayWords(from)
        }. The calendar shows the latest now; try again.`,
    });
  }, [field, send, titleOf]);

  return { pending, move };
}
