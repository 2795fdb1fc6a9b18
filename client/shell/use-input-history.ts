/**
 * Input history of the chat box: sent messages (the latest `size` kept) recalled
 * with ArrowUp (older) and ArrowDown (newer, then back to the unsent draft).
 */
import { useCallback, useRef } from "react";

/** The history and how to move through it. */
export function useInputHistory(size: number) {
  const entries = useRef<string[]>([]);
  const index = useRef<number | null>(null);
  const draft = useRef("");

  const record = useCallback((text: string) => {
    entries.current = [...entries.current, text].slice(-size);
    index.current = null;
  }, [size]);

  /** The older entry, or undefined at the start of the history. */
  const older = useCallback((current: string): string | undefined => {
    if (entries.current.length === 0) return undefined;
    if (index.current === null) {
      draft.current = current;
      index.current = entries.current.length - 1;
    } else if (index.current > 0) index.current -= 1;
    return entries.current[index.current];
  }, []);

  /** The newer entry, the draft after the newest, or undefined when not browsing. */
  const newer = useCallback((): string | undefined => {
    if (index.current === null) return undefined;
    if (index.current < entries.current.length - 1) {
      index.current += 1;
      return entries.current[index.current];
    }
    index.current = null;
    return draft.current;
  }, []);

  return { record, older, newer };
}
