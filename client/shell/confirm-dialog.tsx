/**
 * The product's own confirmation dialog, in place of the browser's `confirm()`:
 * it asks in the page's style, names the action on its button and the way out on
 * the other ("Cancel invoice" / "Keep invoice", never OK / Cancel), and focuses
 * the way out of a dangerous action so that Enter never destroys by accident.
 * Escape, the close button and the way out all answer no. Questions asked while
 * one is open wait their turn.
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

/** The dialog loads with the first question, keeping it and its modal off the first screen. */
const ConfirmDialog = lazy(() =>
  import("./confirm-dialog-view.tsx").then((m) => ({ default: m.ConfirmDialog }))
);

/** A question with the words of its two buttons. */
export interface ConfirmRequest {
  question: string;
  /** The button that goes ahead, naming the action ("Delete task"); default "Continue". */
  confirmLabel?: string;
  /** The button that leaves things as they are ("Keep task"); default "Go back". */
  keepLabel?: string;
  /** A danger action's button is red, and the way out takes the focus. */
  tone?: "danger" | "primary";
}

/** A question alone, or with its buttons' words. */
export type Confirmation = string | ConfirmRequest;

/** Asks `confirmation`; resolves true when the person goes ahead. */
export type Confirm = (confirmation: Confirmation) => Promise<boolean>;

/** A question waiting for its answer. */
export interface Asked {
  id: number;
  request: ConfirmRequest;
  answer(yes: boolean): void;
}

const ConfirmContext = createContext<Confirm | null>(null);

/** The request a confirmation stands for. */
export function confirmRequestOf(confirmation: Confirmation): ConfirmRequest {
  return typeof confirmation === "string" ? { question: confirmation } : confirmation;
}

/** Provides `useConfirm` to everything below it and shows its questions. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Asked[]>([]);
  const nextId = useRef(1);
  const confirm = useCallback<Confirm>(
    (confirmation) =>
      new Promise<boolean>((resolve) => {
        const asked: Asked = {
          id: nextId.current++,
          request: confirmRequestOf(confirmation),
          answer: (yes) => {
            setQueue((all) => all.filter((a) => a !== asked));
            resolve(yes);
          },
        };
        setQueue((all) => [...all, asked]);
      }),
    [],
  );
  const current = queue[0];
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {current
        ? (
          <Suspense fallback={null}>
            <ConfirmDialog key={current.id} asked={current} />
          </Suspense>
        )
        : null}
    </ConfirmContext.Provider>
  );
}

/** The app's confirmation; outside a provider every question is answered no. */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  return useMemo(() => confirm ?? (() => Promise.resolve(false)), [confirm]);
}
