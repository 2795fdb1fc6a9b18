/**
 * Moving a board's cards: one PATCH of the board's field (and of its order key, when
 * the type keeps one, for its place in the column) at the card's version.
 * While it is on its way the card shows in its new column (and the counts follow);
 * when the server refuses (403 a value the role may not set, 409 a stale version or
 * a locked state, 400 a bad value) it goes back and the server's reason is kept to
 * be shown; a stale version reloads the board. Either way, what changed is read again.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { ApiError, isStaleVersion } from "../api/api-error.ts";
import type { BoardColumnState, PendingMove } from "./board-columns.ts";
import { updateRecord } from "./record-api.ts";
import { recordKeys } from "./record-keys.ts";

type Row = Readonly<Record<string, unknown>>;

/** Where in its column a card is put: its order field's new key, and its position (from 1). */
export interface Place {
  field: string;
  key: string;
  position: number;
}

/** What a finished move tells the user. */
export interface MoveOutcome {
  ok: boolean;
  text: string;
}

/** The moves on their way and the mover. */
export function useBoardMoves(
  api: string,
  field: string,
  options: { titleOf(card: Row): string; onDone(outcome: MoveOutcome): void },
) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<ReadonlyMap<string, PendingMove>>(new Map());
  const { titleOf, onDone } = options;

  const move = useCallback(
    async (card: Row, from: BoardColumnState, to: BoardColumnState, place?: Place) => {
      const id = String(card.id);
      if (from.key === to.key && place === undefined) return;
      const values: Record<string, unknown> = from.key === to.key ? {} : { [field]: to.value };
      if (place) values[place.field] = place.key;
      setPending((p) =>
        new Map(p).set(id, { card: { ...card, ...values }, from: from.key, to: to.key })
      );
      let outcome: MoveOutcome;
      try {
        await updateRecord(api, id, Number(card.version), values);
        outcome = {
          ok: true,
          text: from.key === to.key
            ? `${titleOf(card)} moved to position ${place!.position} in ${to.label}`
            : `${titleOf(card)} moved to ${to.label}`,
        };
      } catch (error) {
        const reason = error instanceof ApiError ? error.message : String(error);
        outcome = {
          ok: false,
          text: isStaleVersion(error)
            ? `${reason}. The board shows the latest now; try again.`
            : `${titleOf(card)} stays in ${from.label}: ${reason}`,
        };
      }
      // The card leaves its pending place only once the columns are read again, so it
      // never flickers back before it lands.
      await queryClient.invalidateQueries({ queryKey: recordKeys.lists(api) });
      setPending((p) => {
        const next = new Map(p);
        next.delete(id);
        return next;
      });
      onDone(outcome);
    },
    [api, field, queryClient, titleOf, onDone],
  );

  return { pending, move };
}
