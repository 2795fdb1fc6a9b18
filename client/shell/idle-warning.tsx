/** The idle warning dialog: a countdown, 'Stay Logged In' and 'Logout Now'. */
import type { ShellDescriptor } from "../../schemas/descriptor/mod.ts";
import { Modal } from "../ui/modal.tsx";

/** Props of the idle warning. */
export interface IdleWarningProps {
  policy: ShellDescriptor["session"];
  secondsLeft: number;
  onStay(): void;
  onLogout(): void;
}

/** The idle warning. */
export function IdleWarning({ policy, secondsLeft, onStay, onLogout }: IdleWarningProps) {
  const countdown = `${Math.floor(secondsLeft / 60)}:${String(secondsLeft % 60).padStart(2, "0")}`;
  return (
    <Modal
      title={policy.warningTitle}
      onClose={onStay}
      role="alertdialog"
      describedBy="idle-warning-text"
      closable={false}
    >
      <p id="idle-warning-text">{policy.warningText}</p>
      <p className="idle-countdown" aria-live="off">
        Signing out in <strong>{countdown}</strong>
      </p>
      <div className="modal-actions">
        <button type="button" className="button button-secondary" onClick={onLogout}>
          {policy.logoutText}
        </button>
        {/* Stay is focused: Enter or Space keeps the session, never ends it by accident. */}
        <button type="button" className="button button-primary" onClick={onStay} data-autofocus>
          {policy.stayText}
        </button>
      </div>
    </Modal>
  );
}
