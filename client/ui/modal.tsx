/**
 * A modal dialog: rendered over the page, focus moves into it (to the element
 * marked `data-autofocus`, else the first focusable one) and stays there (Tab and
 * Shift+Tab wrap), Escape closes it, and focus returns where it was on close. A
 * form inside it submits only itself, never a form around where it was opened.
 */
import { type ReactNode, useId, useLayoutEffect, useRef } from "react";
import { createPortal } from "react-dom";

const FOCUSABLE =
  "a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), " +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Props of a modal dialog. */
export interface ModalProps {
  title: string;
  onClose(): void;
  children: ReactNode;
  /** `alertdialog` for dialogs that need an answer (e.g. the idle warning). */
  role?: "dialog" | "alertdialog";
  describedBy?: string;
  /** Shows a close button in the header (default true). */
  closable?: boolean;
  /** An extra class on the dialog panel. */
  className?: string;
}

/** A modal dialog with a title. */
export function Modal(
  { title, onClose, children, role = "dialog", describedBy, closable = true, className }:
    ModalProps,
) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  // Before the dialog is painted (a layout effect), so no one sees or reaches it unfocused.
  useLayoutEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = panel.current?.querySelector<HTMLElement>("[data-autofocus]") ??
      panel.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel.current)?.focus();
    return () => previous?.focus();
  }, []);

  function onKeyDown(event: React.KeyboardEvent<HTMLDivElement>): void {
    if (event.key === "Escape") {
      event.stopPropagation();
      close.current();
      return;
    }
    if (event.key !== "Tab" || panel.current === null) return;
    const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (focusable.length === 0) {
      event.preventDefault();
      return;
    }
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (
      event.shiftKey &&
      (document.activeElement === first || document.activeElement === panel.current)
    ) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    // React carries a portal's events up its component tree, not the page's: a
    // dialog's own form, submitted, must not submit the form it was opened from too
    // (a record's form would save the record behind the action being taken).
    <div className="modal-backdrop" onSubmit={(event) => event.stopPropagation()}>
      <div
        ref={panel}
        className={className ? `modal ${className}` : "modal"}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="modal-header">
          <h2 id={titleId} className="modal-title">{title}</h2>
          {closable
            ? (
              <button
                type="button"
                className="icon-button"
                aria-label="Close dialog"
                onClick={() => close.current()}
              >
                ×
              </button>
            )
            : null}
        </div>
        <div className="modal-body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
