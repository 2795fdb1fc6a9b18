/**
 * The dialog that asks for an action's comment (optional or required, as the
 * action declares) before the action is taken, on one record or on many. It is
 * the action's confirmation too: it asks the action's question, and its buttons
 * say what each does ("Cancel invoice" / "Keep invoice").
 */
import { type FormEvent, useState } from "react";
import { Modal } from "../ui/modal.tsx";

/** What the dialog needs of the action. */
export interface CommentedAction {
  label: string;
  comment?: "none" | "optional" | "required";
  /** The question the action asks first. */
  confirm?: string;
  /** The button that takes the action (default its label). */
  confirm_label?: string;
  /** The button that leaves the record as it is (default "Go back"). */
  keep_label?: string;
  tone?: "neutral" | "primary" | "danger";
}

/** True when the action asks for a comment. */
export function takesComment(action: CommentedAction): boolean {
  return action.comment === "optional" || action.comment === "required";
}

/** The comment dialog; `onSend` gets the trimmed comment, or undefined when left empty. */
export function ActionCommentDialog(
  { action, onSend, onClose }: {
    action: CommentedAction;
    onSend(comment: string | undefined): void;
    onClose(): void;
  },
) {
  const [comment, setComment] = useState("");
  const [missing, setMissing] = useState(false);

  function send(event: FormEvent): void {
    event.preventDefault();
    if (action.comment === "required" && comment.trim() === "") {
      setMissing(true);
      return;
    }
    onSend(comment.trim() === "" ? undefined : comment.trim());
  }

  return (
    <Modal title={action.confirm_label ?? action.label} onClose={onClose}>
      <form className="form" onSubmit={send}>
        {action.confirm ? <p className="confirm-question">{action.confirm}</p> : null}
        <div className={`field${missing ? " has-error" : ""}`}>
          <label htmlFor="record-action-comment">
            Comment{action.comment === "required" ? " (required)" : " (optional)"}
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
          <button
            type="submit"
            className={`button ${action.tone === "danger" ? "button-danger" : "button-primary"}`}
          >
            {action.confirm_label ?? action.label}
          </button>
          <button type="button" className="button button-secondary" onClick={onClose}>
            {action.keep_label ?? "Go back"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
