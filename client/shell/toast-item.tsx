/** One toast's view, and how long it stays. */
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";
import type { Tone } from "../../schemas/descriptor/mod.ts";
import type { Toast, ToastOptions } from "./toasts.tsx";

/** The least time a toast stays, and the time a reader takes per character besides. */
const LEAST_MS = 6_000;
const PER_CHARACTER_MS = 60;
const MOST_MS = 15_000;
const LEAST_MS_DANGER = 10_000;

/** How long a toast of `text` stays, unless it says. */
export function toastDuration(text: string, tone: Tone, options: ToastOptions = {}): number {
  if (options.durationMs !== undefined) return options.durationMs;
  const reading = Math.min(MOST_MS, Math.max(LEAST_MS, 3_000 + text.length * PER_CHARACTER_MS));
  return tone === "danger" ? Math.max(LEAST_MS_DANGER, reading) : reading;
}

/** One toast: its text, link and action, gone after its time (paused while looked at). */
export function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss(): void }) {
  const [paused, setPaused] = useState(false);
  const left = useRef(toastDuration(toast.text, toast.tone, toast));
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;

  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => dismiss.current(), left.current);
    return () => {
      clearTimeout(timer);
      left.current -= Date.now() - started;
    };
  }, [paused]);

  return (
    <li
      className={`toast tone-${toast.tone}`}
      role={toast.tone === "danger" ? "alert" : undefined}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <span className="toast-text">
        {toast.text}
        {toast.link
          ? (
            <>
              {" "}
              <Link className="toast-link" to={toast.link.to} onClick={onDismiss}>
                {toast.link.label}
              </Link>
            </>
          )
          : null}
      </span>
      {toast.action
        ? (
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => {
              onDismiss();
              toast.action!.run();
            }}
          >
            {toast.action.label}
          </button>
        )
        : null}
      <button
        type="button"
        className="icon-button"
        aria-label="Dismiss notification"
        onClick={onDismiss}
      >
        ×
      </button>
    </li>
  );
}
