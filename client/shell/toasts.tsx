/**
 * Toasts: the one way an action tells its result ("Invoice INV-2026-00012
 * submitted", "12 updated, 1 failed: …"). They stack at the bottom of the screen,
 * beside the chat button, so they never cover the header or a form's action bar,
 * at most `max` at once (the oldest goes first). Each stays long enough to read —
 * longer for longer text, for errors, and for one that offers an action (Undo) —
 * and its time stops while the pointer or the focus is on it (WCAG 2.2.1). A
 * toast may link to a record and offer one action. Screen readers hear each one
 * as it is added to the list, a polite live region that is always in the page (a
 * region inserted with its text is not announced reliably); an error is an
 * alert. The text is in the page once, so finding it by its words finds one.
 */
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { Link } from "react-router-dom";
import type { Tone } from "../../schemas/descriptor/mod.ts";

/** What a toast may offer besides its text. */
export interface ToastOptions {
  /** A link to what the result concerns ("client Fabrikam"). */
  link?: { label: string; to: string };
  /** One action on the result (Undo); the toast closes when it is taken. */
  action?: { label: string; run(): void };
  /** How long it stays, when it must stay a given time (an Undo's window). */
  durationMs?: number;
}

interface Toast extends ToastOptions {
  id: number;
  text: string;
  tone: Tone;
}

/** Shows toasts and sets how many show at once. */
export interface ToastApi {
  show(text: string, tone?: Tone, options?: ToastOptions): void;
  setMax(max: number): void;
}

/** The spec's limit; the shell descriptor may restate it. */
const DEFAULT_MAX = 5;
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

const ToastContext = createContext<ToastApi>({
  show: (text) => console.info(text),
  setMax: () => undefined,
});

/** Shows toasts raised anywhere below it. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [max, setMax] = useState(DEFAULT_MAX);
  const nextId = useRef(1);
  const maxRef = useRef(max);
  maxRef.current = max;

  const dismiss = useCallback(
    (id: number) => setToasts((all) => all.filter((t) => t.id !== id)),
    [],
  );
  const show = useCallback((text: string, tone: Tone = "info", options: ToastOptions = {}) => {
    const id = nextId.current++;
    setToasts((all) => [...all, { id, text, tone, ...options }].slice(-maxRef.current));
  }, []);
  const api = useMemo(() => ({ show, setMax }), [show]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section className="toast-viewport" aria-label="Notices">
        <ol className="toast-list" aria-live="polite" aria-relevant="additions">
          {toasts.slice(-max).map((toast) => (
            <ToastItem
              key={toast.id}
              toast={toast}
              onDismiss={() => dismiss(toast.id)}
            />
          ))}
        </ol>
      </section>
    </ToastContext.Provider>
  );
}

/** One toast: its text, link and action, gone after its time (paused while looked at). */
function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss(): void }) {
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

/** Shows a toast, and sets the limit. */
export function useToasts(): ToastApi {
  return useContext(ToastContext);
}
