/**
 * The workflow actions the caller may take on a record now, as buttons (asking
 * for a comment when the action takes one, saying why when it would be refused,
 * and confirming when it says so), the records the caller may start from this one
 * (Record payment), and Delete when allowed, in the server's words. Errors (an
 * action refused now, a stale version) are handed to the form.
 */
import { useState } from "react";
import type { RecordAnswer } from "./record-api.ts";
import { ActionCommentDialog, asksFirst } from "./action-comment.tsx";
import type { Confirmation } from "../shell/confirm-dialog.tsx";

type Action = RecordAnswer["actions"][number];
type Make = NonNullable<RecordAnswer["makes"]>[number];

/** Props of the action buttons. */
export interface RecordActionsProps {
  actions: readonly Action[];
  busy: boolean;
  /** Unsaved edits: actions act on the saved record, so they wait for a save. */
  unsaved: boolean;
  confirm(confirmation: Confirmation): boolean | Promise<boolean>;
  onAction(action: Action, comment?: string, signatureName?: string): void;
  onDelete(): void;
  /** New records of other types the caller may start from this one (Record payment). */
  makes?: readonly Make[];
  onMake?(make: Make): void;
}

/** The action buttons. */
export function RecordActions(
  { actions, busy, unsaved, confirm, onAction, onDelete, makes, onMake }: RecordActionsProps,
) {
  const waiting = busy || unsaved;
  const hint = unsaved ? "Save your changes first" : undefined;
  const [asking, setAsking] = useState<Action>();
  const workflow = actions.filter((a) => a.id !== "update" && a.id !== "delete");
  const deletion = actions.find((a) => a.id === "delete");

  async function start(action: Action): Promise<void> {
    if (asksFirst(action)) {
      setAsking(action);
      return;
    }
    if (action.confirm !== undefined && !(await confirm(confirmationOf(action)))) return;
    onAction(action);
  }

  return (
    <>
      {workflow.map((action) => (
        <button
          key={action.id}
          type="button"
          disabled={waiting}
          title={hint}
          className={`button ${
            action.tone === "primary"
              ? "button-primary"
              : action.tone === "danger"
              ? "button-danger"
              : "button-secondary"
          }`}
          onClick={() => void start(action)}
        >
          {action.label}
        </button>
      ))}
      {(makes ?? []).map((make) => (
        <button
          key={`make-${make.id}`}
          type="button"
          disabled={waiting}
          title={hint}
          className="button button-secondary"
          onClick={() => onMake?.(make)}
        >
          {make.label}
        </button>
      ))}
      {deletion
        ? (
          <button
            type="button"
            className="button button-danger"
            disabled={waiting}
            title={hint}
            onClick={async () => {
              const question = deletion.confirm ?? "Delete this record? This cannot be undone.";
              if (await confirm(confirmationOf({ ...deletion, confirm: question }))) onDelete();
            }}
          >
            Delete
          </button>
        )
        : null}
      {asking
        ? (
          <ActionCommentDialog
            action={asking}
            onClose={() => setAsking(undefined)}
            onSend={(comment, signatureName) => {
              onAction(asking, comment, signatureName);
              setAsking(undefined);
            }}
          />
        )
        : null}
    </>
  );
}

/** An action's confirmation in its own words: the question, the two buttons, the tone. */
export function confirmationOf(action: Action): Confirmation {
  return {
    question: action.confirm ?? `${action.label}?`,
    confirmLabel: action.confirm_label ?? action.label,
    keepLabel: action.keep_label ?? "Go back",
    tone: action.tone === "danger" ? "danger" : "primary",
  };
}
