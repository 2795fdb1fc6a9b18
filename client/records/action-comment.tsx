/**
 * The dialog of an action that asks first: its question, its comment (optional or
 * required, as the action declares), on one record or on many. Its buttons name
 * what they do, in the server's words ("Cancel invoice" beside "Keep invoice").
 * An action that would be refused now (`blocked`: an invoice with payments
 * applied) says why and links to what stands in its way, and offers no way to
 * take it.
 */
import { type FormEvent, useState } from "react";
import { Link } from "react-router-dom";
import { Modal } from "../ui/modal.tsx";

/** What the dialog needs of the action. */
export interface CommentedAction {
  label: string;
  comment?: "none" | "optional" | "required";
  /** Whether taking it needs a full name typed as a signature. */
  signature?: "required";
  /** The question the action asks first. */
  confirm?: string;
  /** The button that takes the action (default its label). */
  confirm_label?: string;
  /** The button that leaves the record as it is (default "Go back"). */
  keep_label?: string;
  tone?: "neutral" | "primary" | "danger";
  /** Why the action would be refused now, and what stands in its way. */
  blocked?: { reason: string; links?: { label: string; path: string }[] };
}

/** True when the action asks for a comment. */
export function takesComment(action: CommentedAction): boolean {
  return action.comment === "optional" || action.comment === "required";
}

/** True when the action opens this dialog before it is taken (a comment, or a refusal to explain). */
export function asksFirst(action: CommentedAction): boolean {
  return takesComment(action) || action.signature === "required" || action.blocked !== undefined;
}

/**
 * The dialog; `onSend` gets the trimmed comment, or undefined when left empty, and
 * the full name typed as a signature when the action asks for one.
 */
export function ActionCommentDialog(
  { action, onSend, onClose }: {
    action: CommentedAction;
    onSend(comment: string | undefined, signatureName?: string): void;
    onClose(): void;
  },
) {
  const [comment, setComment] = useState("");
  const [missing, setMissing] = useState(false);
  const [signature, setSignature] = useState("");
  const [unsigned, setUnsigned] = useState(false);
  const signs = action.signature === "required";
  const blocked = action.blocked;

  function send(event: FormEvent): void {
    event.preventDefault();
    if (blocked) return;
    const noComment = action.comment === "required" && comment.trim() === "";
    const noSignature = signs && signature.trim() === "";
    setMissing(noComment);
    setUnsigned(noSignature);
    if (noComment || noSignature) return;
    onSend(
      comment.trim() === "" ? undefined : comment.trim(),
      signs ? signature.trim() : undefined,
    );
  }

  return (
    <Modal title={action.confirm_label ?? action.label} onClose={onClose}>
      <form className="form" onSubmit={send}>
        {blocked
          ? (
            <div className="alert tone-warning action-blocked" role="alert">
              <p className="alert-text">{blocked.reason}</p>
              {blocked.links && blocked.links.length > 0
                ? (
                  <ul className="action-blocked-links">
                    {blocked.links.map((link) => (
                      <li key={link.path}>
                        <Link to={link.path} onClick={onClose}>{link.label}</Link>
                      </li>
                    ))}
                  </ul>
                )
                : null}
            </div>
          )
          : action.confirm
          ? <p className="modal-question confirm-question">{action.confirm}</p>
          : null}
        {blocked || !signs ? null : (
          <div className={`field${unsigned ? " has-error" : ""}`}>
            <label htmlFor="record-action-signature">Full name of the signer (required)</label>
            <input
              id="record-action-signature"
              type="text"
              maxLength={140}
              autoComplete="name"
              data-autofocus
              aria-invalid={unsigned || undefined}
              value={signature}
              onChange={(e) => setSignature(e.target.value)}
            />
            {unsigned ? <p className="field-error">Type the signer's full name</p> : null}
          </div>
        )}
        {blocked || !takesComment(action)
          ? null
          : (
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
          )}
        <div className="modal-actions">
          {blocked ? null : (
            <button
              type="submit"
              className={`button ${action.tone === "danger" ? "button-danger" : "button-primary"}`}
            >
              {action.confirm_label ?? action.label}
            </button>
          )}
          <button
            type="button"
            className={`button ${blocked ? "button-secondary" : "button-ghost"}`}
            data-autofocus={blocked ? true : undefined}
            onClick={onClose}
          >
            {action.keep_label ?? "Go back"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
