/**
 * Dot paths into JSON values (`data.items.0.name`), as descriptors name them.
 */

/** The value at a dot path, or undefined when any step is missing. An empty path or "." is the value itself. */
export function valueAt(value: unknown, path: string | undefined): unknown {
  if (path === undefined || path === "" || path === ".") return value;
  let current: unknown = value;
  for (const step of path.split(".")) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[step];
  }
  return current;
}

/** True for values a user would call empty: nothing, "", [], {}. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null || value === "") return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object") return Object.keys(value).length === 0;
  return false;
}

/** The value as a list of items: arrays as they are, anything else as no items. */
export function asItems(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/**
 * An object's entries as items `{ key, value }`, in the object's own order (for a
 * chart of counts by status); anything that is not a plain object is no items.
 */
export function recordItems(value: unknown): { key: string; value: unknown }[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [];
  return Object.entries(value).map(([key, entry]) => ({ key, value: entry }));
}
