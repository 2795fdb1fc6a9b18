/**
 * Moving a record on a board or a calendar: one PATCH of the values that place it,
 * at the record's version. While it is on its way the record shows where it goes;
 * when the server refuses (403 a value the role may not set, 409 a stale version or
 * a locked state, 400 a bad value) it goes back and the server's reason is kept to
 * be shown. Either way the type's lists are read again, and only then does the
 * record leave its pending place, so it never flickers back before it lands.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { ApiError, isStaleVersion } from "../api/api-error.ts";
import { updateRecord } from "./record-api.ts";
import { recordKeys } from "./record-keys.ts";

type Row = Readonly<Record<string, unknown>>;

/** What a finished move tells the user. */
export interface MoveOutcome {
  ok: boolean;
  text: string;
}

/** What a move says when it is done, refused with the server's reason, or stale. */
export interface MoveWords {
  done: string;
  refused(reason: string): string;
  stale(reason: string): string;
}

/** The moves on their way (record id → where it shows meanwhile) and the sender. */
export function usePendingMoves<Shown>(api: string, onDone: (outcome: MoveOutcome) => void) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<ReadonlyMap<string, Shown>>(new Map());

  const send = useCallback(
    async (record: Row, values: Record<string, unknown>, shown: Shown, words: MoveWords) => {
      const id = String(record.id);
      setPending((p) => new Map(p).set(id, shown));
      let outcome: MoveOutcome;
      try {
        await updateRecord(api, id, Number(record.version), values);
        outcome = { ok: true, text: words.done };
      } catch (error) {
        const reason = error instanceof ApiError ? error.message : String(error);
        outcome = {
          ok: false,
          text: isStaleVersion(error) ? words.stale(reason) : words.refused(reason),
        };
      }
      await queryClient.invalidateQueries({ queryKey: recordKeys.lists(api) });
      setPending((p) => {
        const next = new Map(p);
        next.delete(id);
        return next;
      });
      onDone(outcome);
    },
    [api, queryClient, onDone],
  );

  return { pending, send };
}
