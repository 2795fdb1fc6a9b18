/**
 * Moving a board's cards: one PATCH of the board's field (and of its order key, when
 * the type keeps one, for its place in the column) at the card's version, sent as
 * every record move is (`record-moves.ts`): the card shows in its new column while
 * on its way (and the counts follow), goes back with the server's reason when
 * refused, and a stale version reloads the board.
 */
import { useCallback } from "react";
import type { BoardColumnState, PendingMove } from "./board-columns.ts";
import { type MoveOutcome, usePendingMoves } from "./record-moves.ts";

type Row = Readonly<Record<string, unknown>>;

/** Where in its column a card is put: its order field's new key, and its position (from 1). */
export interface Place {
  field: string;
  key: string;
  position: number;
}

/** The moves on their way and the mover. */
export function useBoardMoves(
  api: string,
  field: string,
  options: { titleOf(card: Row): string; onDone(outcome: MoveOutcome): void },
) {
  const { pending, send } = usePendingMoves<PendingMove>(api, options.onDone);
  const { titleOf } = options;

  const move = useCallback(
    async (card: Row, from: BoardColumnState, to: BoardColumnState, place?: Place) => {
      if (from.key === to.key && place === undefined) return;
      const values: Record<string, unknown> = from.key === to.key ? {} : { [field]: to.value };
      if (place) values[place.field] = place.key;
      await send(card, values, { card: { ...card, ...values }, from: from.key, to: to.key }, {
        done: from.key === to.key
          ? `${titleOf(card)} moved to position ${place!.position} in ${to.label}`
          : `${titleOf(card)} moved to ${to.label}`,
        refused: (reason) => `${titleOf(card)} stays in ${from.label}: ${reason}`,
        stale: (reason) => `${reason}. The board shows the latest now; try again.`,
      });
    },
    [field, send, titleOf],
  );

  return { pending, move };
}
