/**
 * The workflow actions the caller may take on a record now, as buttons (asking
 * for a comment when the action takes one, and confirming when it says so), and
 * Delete when allowed. Errors (an action refused now, a stale version) are handed
 * to the form.
 */
import { type FormEvent, useState } from "react";
import type { RecordAnswer } from "./record-api.ts";
import { Modal } from "../ui/modal.tsx";

type Action = RecordAnswer["actions"][number];

/** Props of the action buttons. */
export interface RecordActionsProps {
  actions: readonly Action[];
  busy: boolean;
  /** Unsaved edits: actions act on the saved record, so they wait for a save. */
  unsaved: boolean;
  confirm(text: string): boolean | Promise<boolean>;
  onAction(action: Action, comment?: string): void;
  onDelete(): void;
}

/** The action buttons. */
export function RecordActions(
  { actions, busy, unsaved, confirm, onAction, onDelete }: RecordActionsProps,
) {
  const waiting = busy || unsaved;
  const hint = unsaved ? "Save your changes first" : undefined;
  const [asking, setAsking] = useState<Action>();
  const [comment, setComment] = useState("");
  const [missing, setMissing] = useState(false);
  const workflow = actions.filter((a) => a.id !== "update" && a.id !== "delete");
  const deletion = actions.find((a) => a.id === "delete");

  async function start(action: Action): Promise<void> {
    if (action.comment === "optional" || action.comment === "required") {
      setComment("");
      setMissing(false);
      setAsking(action);
      return;
    }
    if (action.confirm !== undefined && !(await confirm(action.confirm))) return;
    onAction(action);
  }

  function send(event: FormEvent): void {
    event.preventDefault();
    if (asking === undefined) return;
    if (asking.comment === "required" && comment.trim() === "") {
      setMissing(true);
      return;
    }
    onAction(asking, comment.trim() === "" ? undefined : comment.trim());
    setAsking(undefined);
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
          <Modal title={asking.label} onClose={() => setAsking(undefined)}>
            <form className="form" onSubmit={send}>
              <div className={`field${missing ? " has-error" : ""}`}>
                <label htmlFor="record-action-comment">
                  Comment{asking.comment === "required" ? " (required)" : " (optional)"}
                </label>
                <textarea
                  id="record-action-comment"
                  rows={4}
                  maxLength={5000}
                  data-autofocus
                  aria-invalid={missing || undefined}
                  value={comment}
                  onChange={(e) => setComment(e.target.value)}
                />
                {missing ? <p className="field-error">A comment is required</p> : null}
              </div>
              <div className="modal-actions">
                <button type="submit" className="button button-primary">{asking.label}</button>
                <button
                  type="button"
                  className="button button-ghost"
                  onClick={() => setAsking(undefined)}
                >
                  Cancel
                </button>
              </div>
            </form>
          </Modal>
        )
        : null}
    </>
  );
}
