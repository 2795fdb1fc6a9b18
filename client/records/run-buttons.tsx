/**
 * The calls a saved record's form runs on the record by a button (a rule run by
 * hand): each set loads what the caller is offered from the call its descriptor
 * names, and shows a button per item in the descriptor's words. A click makes the
 * item's call about the record, then a toast says the descriptor's `done` (or the
 * server's refusal, in its words) and the record and its timeline load again.
 * Buttons wait while the form has unsaved edits: the call acts on the saved record.
 */
import { useQueries, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import { apiRequest } from "../api/api-client.ts";
import { useActionHost } from "../renderer/action-host.tsx";
import { fillPlaceholders } from "../renderer/templates.ts";
import { recordKeys } from "./record-keys.ts";

/** One set of run buttons, as the form's descriptor gives it. */
export type RunButtonSet = NonNullable<NodeOf<"record-form">["runs"]>[number];

/** What the set's call offers. */
interface Offered {
  items: { id: string; name: string }[];
}

/** Props of the run buttons. */
export interface RunButtonsProps {
  runs: readonly RunButtonSet[];
  /** The record's type API (its record and timeline load again after a run). */
  api: string;
  recordId: string;
  /** What the record is called, for `{record}` in what a run says. */
  recordTitle: string;
  busy: boolean;
  /** Unsaved edits: a run acts on the saved record, so it waits for a save. */
  unsaved: boolean;
}

/** `{name}`-style words filled in from `values`, as they are (not URI-encoded). */
function wordsOf(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{([a-z_]+)\}/g, (match, key: string) => values[key] ?? match);
}

/** A button per item every set offers. */
export function RunButtons({ runs, api, recordId, recordTitle, busy, unsaved }: RunButtonsProps) {
  const host = useActionHost();
  const queryClient = useQueryClient();
  const [running, setRunning] = useState<string>();
  const offers = useQueries({
    queries: runs.map((set) => ({
      queryKey: ["record-runs", set.from],
      queryFn: () => apiRequest<Offered>(set.from),
      staleTime: 60_000,
    })),
  });

  async function run(set: RunButtonSet, item: Offered["items"][number]): Promise<void> {
    const key = `${set.id}:${item.id}`;
    setRunning(key);
    try {
      await apiRequest(fillPlaceholders(set.run, { item }), {
        method: "POST",
        body: { record_id: recordId },
      });
      host.toast(wordsOf(set.done, { name: item.name, record: recordTitle }), "success");
      await queryClient.invalidateQueries({ queryKey: recordKeys.all(api) });
    } catch (error) {
      host.toast(error instanceof Error ? error.message : String(error), "danger");
    } finally {
      setRunning(undefined);
    }
  }

  return (
    <>
      {runs.flatMap((set, index) =>
        (offers[index]?.data?.items ?? []).map((item) => {
          const key = `${set.id}:${item.id}`;
          return (
            <button
              key={`run-${key}`}
              type="button"
              className="button button-secondary"
              disabled={busy || unsaved || running !== undefined}
              title={unsaved ? "Save your changes first" : undefined}
              aria-busy={running === key ? true : undefined}
              onClick={() => void run(set, item)}
            >
              {wordsOf(set.label, { name: item.name })}
            </button>
          );
        })
      )}
    </>
  );
}
