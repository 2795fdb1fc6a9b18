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
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from "react";
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

/** A toast on screen. */
export interface Toast extends ToastOptions {
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
/** A toast's own view loads with the first toast, keeping it off the first screen. */
const ToastItem = lazy(() => import("./toast-item.tsx").then((m) => ({ default: m.ToastItem })));

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
          <Suspense fallback={null}>
            {toasts.slice(-max).map((toast) => (
              <ToastItem
                key={toast.id}
                toast={toast}
                onDismiss={() => dismiss(toast.id)}
              />
            ))}
          </Suspense>
        </ol>
      </section>
    </ToastContext.Provider>
  );
}

/** Shows a toast, and sets the limit. */
export function useToasts(): ToastApi {
  return useContext(ToastContext);
}
