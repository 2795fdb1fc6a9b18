/**
 * What counts as an internal when it reaches a screen as text: a record's id (one
 * of the ids the database holds, or one shaped like a generated id), and an
 * enumerated value shown as its stored code where its field has a label for it.
 */

/** An id the product generates: a short kind prefix and 20 base32 characters. */
const GENERATED_ID = /\b[a-z]{2,6}_[0-9a-hjkmnp-tv-z]{20}\b/;
/** The words of a text that could be ids (ids are lower case, digits and `_`). */
const WORDS = /[a-z0-9_]+/g;

/** What the checks know: the ids of the data, and the codes of enumerated values. */
export interface Vocabulary {
  /** Every id held by the database's records, people and organisations. */
  ids: ReadonlySet<string>;
  /** Enumerated codes known to be shown by label (snake_case ones: a `todo` is not a word). */
  codes: ReadonlySet<string>;
}

/** The id a text shows, if any. */
export function idShownIn(shown: string, ids: ReadonlySet<string>): string | undefined {
  // A web address (a link in a mail's text) is where a link leads, not a value shown as words.
  const text = shown.replace(/https?:\/\/\S+/g, " ");
  const generated = GENERATED_ID.exec(text);
  if (generated) return generated[0];
  for (const word of text.match(WORDS) ?? []) if (ids.has(word)) return word;
  return undefined;
}

/**
 * The problem of a text shown for a value of an enumerated field: its stored code
 * where a label exists (`labels`: the field's codes and their labels), or an id.
 */
export function shownTextProblem(
  text: string,
  ids: ReadonlySet<string>,
  labels?: ReadonlyMap<string, string>,
): string | undefined {
  const id = idShownIn(text, ids);
  if (id !== undefined) return `id "${id}" is shown`;
  const label = labels?.get(text);
  if (label !== undefined && label !== text) {
    return `code "${text}" is shown instead of its label "${label}"`;
  }
  return undefined;
}
