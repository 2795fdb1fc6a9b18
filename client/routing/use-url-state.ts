/**
 * Keeps the screen state keys a descriptor lists in `urlState` in the location's
 * search params, so a reload or Back returns to the same place (the project and
 * tab of the analytics screen, for one). A key at its initial value is left out of
 * the URL; values are kept as text. Each change is a history entry.
 */
import { useCallback, useMemo, useRef } from "react";
import { useSearchParams } from "react-router-dom";
import type { ScreenDescriptor } from "../../schemas/descriptor/mod.ts";
import type { Json } from "../renderer/screen-runtime.tsx";

const NONE: readonly string[] = [];

/** The URL's values for a screen's `urlState` keys, and the writer of state changes. */
export function useUrlState(descriptor: ScreenDescriptor | undefined) {
  const [search, setSearch] = useSearchParams();
  const keys = descriptor?.urlState ?? NONE;
  const initial = (descriptor?.state ?? {}) as Record<string, Json>;
  const initialRef = useRef(initial);
  initialRef.current = initial;
  const searchRef = useRef(search);
  searchRef.current = search;

  const values = useMemo(() => {
    if (keys.length === 0) return undefined;
    return Object.fromEntries(
      keys.map((key) => [key, search.get(key) ?? initialRef.current[key] ?? null]),
    ) as Record<string, Json>;
  }, [keys, search]);

  const onStateChange = useCallback((state: Readonly<Record<string, Json>>) => {
    if (keys.length === 0) return;
    const current = searchRef.current;
    const next = new URLSearchParams(current);
    for (const key of keys) {
      const value = state[key];
      if (
        value === null || value === undefined || value === "" || value === initialRef.current[key]
      ) {
        next.delete(key);
      } else {
        next.set(key, typeof value === "string" ? value : JSON.stringify(value));
      }
    }
    if (next.toString() !== current.toString()) setSearch(next);
  }, [keys, setSearch]);

  return { values, onStateChange };
}
