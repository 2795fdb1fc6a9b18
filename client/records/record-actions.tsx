/**
 * The workflow actions the caller may take on a record now, as buttons (asking
 * for a comment when the action takes one, saying why when it would be refused,
 * and confirming when it says so), the records the caller may start from this one
 * (Record payment), and Delete when allowed. Errors (an action refused now, a stale version) are handed
 * to the form.
 */
import { useState } from "react";
import type { RecordAnswer } from "./record-api.ts";
import { ActionCommentDialog, asksFirst } from "./action-comment.tsx";

type Action = RecordAnswer["actions"][number];
type Make = NonNullable<RecordAnswer["makes"]>[number];

/** Props of the action buttons. */
export interface RecordActionsProps {
  actions: readonly Action[];
  busy: boolean;
  /** Unsaved edits: actions act on the saved record, so they wait for a save. */
  unsaved: boolean;
  confirm(text: string): boolean | Promise<boolean>;
  onAction(action: Action, comment?: string): void;
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
    if (action.confirm !== undefined && !(await confirm(action.confirm))) return;
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
              if (await confirm(question)) onDelete();
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
            onSend={(comment) => {
              onAction(asking, comment);
              setAsking(undefined);
            }}
          />
        )
        : null}
    </>
  );
}
