/**
 * The validated JSON bodies of one call, by their text: the same bytes sent again
 * (a dashboard asked for the same range) give the same validated value without
 * being parsed and checked again. Validation is a function of the text and the
 * call's schema alone, so the value is the one a fresh check would give; a body
 * that fails is never kept, and is refused each time. Kept for calls that only
 * read (`reads: true`). Each value is frozen, on its first use as on a repeat, so
 * a handler can never see another request's changes to it.
 */

/** The most bodies a call keeps; the memory starts again when full. */
const KEPT_BODIES = 64;

/** The longest body text kept. */
const KEPT_TEXT_CHARS = 1024;

/** Validated bodies of one call by text. */
export class BodyMemory {
  readonly #values = new Map<string, unknown>();

  /** The value validated for this text before, if kept. */
  recall(text: string): unknown {
    return this.#values.get(text);
  }

  /** Freezes a value validated from `text`, keeps it when short enough, and answers it. */
  keep<T>(text: string, value: T): T {
    freezeDeeply(value);
    if (text.length <= KEPT_TEXT_CHARS) {
      if (this.#values.size >= KEPT_BODIES) this.#values.clear();
      this.#values.set(text, value);
    }
    return value;
  }
}

function freezeDeeply(value: unknown): void {
  if (!value || typeof value !== "object" || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const item of Object.values(value)) freezeDeeply(item);
}
