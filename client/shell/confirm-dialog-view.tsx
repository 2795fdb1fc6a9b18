/** The confirmation dialog itself: a question, the action's button and the way out. */
import { useId } from "react";
import { Modal } from "../ui/modal.tsx";
import type { Asked } from "./confirm-dialog.tsx";

/** Shows `asked` until it is answered. */
export function ConfirmDialog({ asked }: { asked: Asked }) {
  const { request, answer } = asked;
  const questionId = useId();
  const danger = request.tone === "danger";
  const confirmLabel = request.confirmLabel ?? "Continue";
  return (
    <Modal
      title={confirmLabel}
      role="alertdialog"
      describedBy={questionId}
      onClose={() => answer(false)}
      className="confirm-dialog"
    >
      <p id={questionId} className="confirm-question">{request.question}</p>
      <div className="modal-actions">
        <button
          type="button"
          className={`button ${danger ? "button-danger" : "button-primary"}`}
          data-autofocus={danger ? undefined : true}
          onClick={() => answer(true)}
        >
          {confirmLabel}
        </button>
        <button
          type="button"
          className="button button-secondary"
          data-autofocus={danger ? true : undefined}
          onClick={() => answer(false)}
        >
          {request.keepLabel ?? "Go back"}
        </button>
      </div>
    </Modal>
  );
}
