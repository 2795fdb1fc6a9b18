/**
 * Toasts: short messages in the top-right corner, at most `max` at once (the oldest
 * goes first), each dismissible and gone after a few seconds.
 */
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from "react";
import type { Tone } from "../../schemas/descriptor/mod.ts";

interface Toast {
  id: number;
  text: string;
  tone: Tone;
}

interface ToastApi {
  show(text: string, tone?: Tone): void;
  setMax(max: number): void;
}

/** The spec's limit; the shell descriptor may restate it. */
const DEFAULT_MAX = 5;
const VISIBLE_MS = 5_000;
const VISIBLE_MS_DANGER = 8_000;

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
  const show = useCallback((text: string, tone: Tone = "info") => {
    const id = nextId.current++;
    setToasts((all) => [...all, { id, text, tone }].slice(-maxRef.current));
    setTimeout(() => dismiss(id), tone === "danger" ? VISIBLE_MS_DANGER : VISIBLE_MS);
  }, [dismiss]);
  const api = useMemo(() => ({ show, setMax }), [show]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toast-viewport" aria-live="polite" aria-relevant="additions">
        {toasts.slice(-max).map((toast) => (
          <div
            key={toast.id}
            className={`toast tone-${toast.tone}`}
            role={toast.tone === "danger" ? "alert" : "status"}
          >
            <span className="toast-text">{toast.text}</span>
            <button
              type="button"
              className="icon-button"
              aria-label="Dismiss notification"
              onClick={() => dismiss(toast.id)}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/** Shows a toast, and sets the limit. */
export function useToasts(): ToastApi {
  return useContext(ToastContext);
}
