/**
 * The keys keeping a board's cards in order within a column, highest first: text
 * compared byte by byte (as both databases compare it), so between any two different
 * keys there is always another and a card put between two others changes no one else.
 */

/** The lowest and highest characters a key is made of (printable ASCII). */
const LOWEST = 33;
const HIGHEST = 126;

/** A key strictly between `below` and `above` (`below` < key < `above`; either may be absent). */
export function keyBetween(below: string | undefined, above: string | undefined): string {
  const lo = below ?? "";
  let bounded = above !== undefined;
  let out = "";
  for (let i = 0;; i++) {
    const a = i < lo.length ? lo.charCodeAt(i) : LOWEST - 1;
    const b = bounded && i < above!.length ? above!.charCodeAt(i) : HIGHEST + 1;
    if (a === b) {
      out += String.fromCharCode(a);
      continue;
    }
    const middle = Math.floor((a + b) / 2);
    // A key never ends in the lowest character, so there is always room below it.
    if (middle > a && middle > LOWEST) return out + String.fromCharCode(middle);
    if (a >= LOWEST) {
      // Adjacent characters: keep `below`'s and find room after it, with no bound above.
      out += String.fromCharCode(a);
      bounded = false;
    } else {
      // `below` has ended: take the lowest character, still bounded when `above` has it too.
      out += String.fromCharCode(LOWEST);
      bounded = b === LOWEST;
    }
  }
}

/**
 * The key of a card put at `index` among a column's cards whose keys are `keys` (in
 * the column's order, highest first, the card itself left out). Where the cards around
 * that place share a key (records no one has placed yet) the card goes just above them.
 */
export function keyAt(keys: readonly string[], index: number): string {
  const below = keys[index];
  let j = index - 1;
  while (j >= 0 && below !== undefined && keys[j] <= below) j--;
  const above = j >= 0 ? keys[j] : undefined;
  return keyBetween(below === "" ? undefined : below, above);
}
