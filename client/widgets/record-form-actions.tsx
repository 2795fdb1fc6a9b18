/**
 * The buttons in a record form's header: Save (and, on a new record, "Save and
 * new"), the caller's actions on the saved record, the records it may start, Delete,
 * the records of other types it starts in a dialog (Remind me) and the calls it
 * runs on the record (a rule run by hand, run-buttons.tsx). Each action goes
 * through the form's `act`, which holds the form while it runs and shows a refusal
 * above the fields; what was done is told in a toast (a run tells its own, refusal
 * too).
 */
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router-dom";
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import { useActionHost } from "../renderer/action-host.tsx";
import { useScreenRuntime } from "../renderer/screen-runtime.tsx";
import { fillRecord } from "../renderer/templates.ts";
import { RecordActions } from "../records/record-actions.tsx";
import { QuickAddButtons } from "../records/quick-add-dialog.tsx";
import { RunButtons } from "../records/run-buttons.tsx";
import { deleteRecord, makeRecord, runRecordAction } from "../records/record-api.ts";
import type { useRecordEditor } from "../records/use-record-editor.ts";
import { actionNotice, type Notice, recordNotice, recordTitle } from "../records/record-notices.ts";
import { recordKeys } from "../records/record-keys.ts";

/** Props of a record form's header buttons. */
export interface RecordFormActionsProps {
  node: NodeOf<"record-form">;
  editor: ReturnType<typeof useRecordEditor>;
  /** The record's id; null or `new` for a new one. */
  id: string | null;
  /** Whether the caller may save the form. */
  canEdit: boolean;
  /** A call is under way: the buttons wait. */
  busy: boolean;
  /** Runs a call holding the form; false when it was refused (the form says why). */
  act(run: () => Promise<unknown>): Promise<boolean>;
  tell(notice: Notice): void;
}

/** A record form's header buttons. */
export function RecordFormActions(
  { node, editor, id, canEdit, busy, act, tell }: RecordFormActionsProps,
) {
  const { meta, api } = node;
  const runtime = useScreenRuntime();
  const host = useActionHost();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const readMode = node.mode === "read";
  const version = Number(editor.record?.version);
  function doneOf(action: string, otherwise: string): string {
    return editor.loaded.data?.actions.find((a) => a.id === action)?.done ?? otherwise;
  }
  return (
    <div className="record-form-actions">
      {canEdit
        ? (
          <button type="submit" className="button button-primary" disabled={editor.saving}>
            {editor.saving ? "Saving…" : "Save"}
          </button>
        )
        : null}
      {canEdit && editor.isNew
        ? (
          <button
            type="button"
            className="button button-secondary"
            disabled={editor.saving}
            onClick={() => void editor.save({ again: true })}
          >
            Save and new
          </button>
        )
        : null}
      {!editor.isNew && !readMode
        ? (
          <RecordActions
            actions={editor.loaded.data?.actions ?? []}
            busy={busy}
            unsaved={editor.dirty}
            confirm={host.confirm}
            onAction={(action, comment, signatureName) =>
              void act(async () => {
                const answer = await runRecordAction(api, id!, action.id, {
                  version,
                  comment,
                  ...(signatureName === undefined ? {} : { signature_name: signatureName }),
                });
                tell(actionNotice(meta, answer.record, action, answer.made));
                await queryClient.invalidateQueries({ queryKey: recordKeys.all(api) });
              })}
            makes={editor.loaded.data?.makes}
            onMake={(make) =>
              void act(async () => {
                const made = await makeRecord(api, id!, make.id);
                navigate(made.path, { state: { initial: made.values } });
              })}
            onDelete={() =>
              void act(async () => {
                const values = editor.values;
                await deleteRecord(api, id!, version);
                editor.discard();
                tell(recordNotice(meta, values, doneOf("delete", "deleted")));
                navigate(-1);
              })}
          />
        )
        : null}
      {!editor.isNew && node.quickAdds && node.quickAdds.length > 0
        ? (
          <QuickAddButtons
            quickAdds={node.quickAdds}
            values={(quickAdd) => fillRecord(quickAdd.values, runtime)}
            disabled={busy}
            onCreated={(quickAdd) => host.toast(quickAdd.done, "success")}
          />
        )
        : null}
      {!editor.isNew && id !== null && node.runs && node.runs.length > 0
        ? (
          <RunButtons
            runs={node.runs}
            api={api}
            recordId={id}
            recordTitle={recordTitle(meta, editor.record ?? editor.values)}
            busy={busy}
            unsaved={editor.dirty}
          />
        )
        : null}
    </div>
  );
}
