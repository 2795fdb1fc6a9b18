/**
 * A header dropdown: a button that opens a panel below it. Escape or a click
 * outside closes it; Escape returns focus to the button.
 */
import { type ReactNode, useEffect, useId, useRef, useState } from "react";

/** Props of a dropdown. */
export interface DropdownProps {
  /** Accessible name of the button (and the panel). */
  label: string;
  button: ReactNode;
  buttonClassName?: string;
  /** `menu` when the panel is a menu of actions. */
  kind?: "menu" | "dialog";
  children(close: () => void): ReactNode;
  onOpen?(panel: HTMLDivElement): void;
}

/** A button with a panel. */
export function Dropdown(
  { label, button, buttonClassName = "icon-button", kind = "dialog", children, onOpen }:
    DropdownProps,
) {
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    if (panel.current) onOpen?.(panel.current);
    function onPointerDown(event: MouseEvent): void {
      if (!container.current?.contains(event.target as globalThis.Node)) setOpen(false);
    }
    document.addEventListener("mousedown", onPointerDown);
    return () => document.removeEventListener("mousedown", onPointerDown);
  }, [open, onOpen]);

  function close(): void {
    setOpen(false);
  }

  return (
    <div
      className="dropdown"
      ref={container}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          event.stopPropagation();
          setOpen(false);
          trigger.current?.focus();
        }
      }}
    >
      <button
        ref={trigger}
        type="button"
        className={buttonClassName}
        aria-label={label}
        aria-expanded={open}
        aria-haspopup={kind === "menu" ? "menu" : "dialog"}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {button}
      </button>
      {open
        ? (
          <div
            ref={panel}
            id={panelId}
            className="dropdown-panel"
            role={kind === "menu" ? "menu" : "dialog"}
            aria-label={label}
          >
            {children(close)}
          </div>
        )
        : null}
    </div>
  );
}
