/** A button that runs a descriptor action and stays disabled while it runs. */
import { type ReactNode, useState } from "react";
import type { Action } from "../../schemas/descriptor/mod.ts";
import { useRunAction } from "./use-run-action.ts";

/** Props of an action button. */
export interface ActionButtonProps {
  action: Action;
  item?: unknown;
  variant?: "primary" | "secondary" | "danger" | "ghost";
  small?: boolean;
  className?: string;
  label?: string;
  children: ReactNode;
}

/** Runs `action` when pressed. */
export function ActionButton(
  { action, item, variant = "secondary", small, className, label, children }: ActionButtonProps,
) {
  const run = useRunAction();
  const [pending, setPending] = useState(false);
  async function press(): Promise<void> {
    setPending(true);
    try {
      await run(action, item);
    } finally {
      setPending(false);
    }
  }
  const classes = ["button", `button-${variant}`, small ? "button-small" : "", className ?? ""]
    .filter(Boolean).join(" ");
  return (
    <button
      type="button"
      className={classes}
      disabled={pending}
      aria-busy={pending || undefined}
      aria-label={label}
      onClick={press}
    >
      {children}
    </button>
  );
}
