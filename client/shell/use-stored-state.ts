/** React state mirrored in local storage as JSON, under an exact key. */
import { useCallback, useState } from "react";

/** Reads a stored JSON value, or `fallback` when missing, unreadable or of the wrong shape. */
export function readStored<T>(key: string, fallback: T, accept: (value: unknown) => value is T): T {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return fallback;
    const value: unknown = JSON.parse(raw);
    return accept(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

/** State kept in local storage under `key`. */
export function useStoredState<T>(
  key: string,
  fallback: T,
  accept: (value: unknown) => value is T,
): [T, (update: T | ((current: T) => T)) => void] {
  const [value, setValue] = useState<T>(() => readStored(key, fallback, accept));
  const update = useCallback((next: T | ((current: T) => T)) => {
    setValue((current) => {
      const resolved = typeof next === "function" ? (next as (c: T) => T)(current) : next;
      try {
        localStorage.setItem(key, JSON.stringify(resolved));
      } catch {
        // Not remembered across reloads, but the state still changes.
      }
      return resolved;
    });
  }, [key]);
  return [value, update];
}

/** Accepts booleans. */
export function isBoolean(value: unknown): value is boolean {
  return typeof value === "boolean";
}

/** Accepts arrays of strings. */
export function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === "string");
}
