/**
 * How deep JSON a caller may send. No request of the product nests deeper than a
 * few levels, while a body of 7,000 `[` costs every recursive consumer (a walk,
 * a validator, `JSON.stringify`) time and stack in proportion to its depth, and
 * 100,000 of them overflow the stack. So the text is measured before it is parsed,
 * by one linear scan that allocates nothing, and anything deeper than the limit is
 * refused as a 400 before any other work.
 */

/** The deepest nesting of arrays and objects a JSON text may have. */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \
const OPEN_ARRAY = 0x5b; // [
const OPEN_OBJECT = 0x7b; // {
const CLOSE_ARRAY = 0x5d; // ]
const CLOSE_OBJECT = 0x7d; // }

/**
 * Whether a JSON text nests arrays and objects deeper than `max`, read in one pass
 * (brackets inside strings do not count). The text need not be valid JSON: it is
 * answered without parsing, so a malformed text is left to the parser to refuse.
 */
export function nestsDeeperThan(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) depth--;
  }
  return false;
}

/** The message naming the limit, for a field or a body. */
export const TOO_DEEP = `Must not nest arrays and objects deeper than ${MAX_JSON_DEPTH} levels`;
