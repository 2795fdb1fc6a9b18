/**
 * Finding duplicates without comparing every pair: each contact gets a few
 * blocking keys (its normalised email, its phone's last digits, a phonetic key
 * of its name's words, its company with its name's initial) and only contacts
 * sharing a key are compared. A key shared by very many contacts (a shared
 * switchboard, a common name) is walked as a sorted neighbourhood, each contact
 * compared with the next few, so no block costs more than linear time.
 */
import {
  compareContacts,
  type Comparison,
  type NormalisedContact,
  PHONE_TAIL,
} from "./similarity.ts";

/** A block larger than this is compared as a sorted neighbourhood rather than pair by pair. */
export const MAX_BLOCK = 50;

/** In a large block each contact is compared with this many that follow it in name order. */
export const NEIGHBOURHOOD = 10;

/** Pairs from this score up are reported as candidate duplicates. */
export const CANDIDATE_SCORE = 0.8;

/** American Soundex of one folded word (`robert` and `rupert` are both `R163`); digits stay as they are. */
export function soundex(word: string): string {
  if (!word) return "";
  if (!/^[a-z]/.test(word)) return word;
  // deno-fmt-ignore
  const codes: Record<string, string> = {
    b: "1", f: "1", p: "1", v: "1",
    c: "2", g: "2", j: "2", k: "2", q: "2", s: "2", x: "2", z: "2",
    d: "3", t: "3", l: "4", m: "5", n: "5", r: "6",
  };
  let key = word[0].toUpperCase();
  let last = codes[word[0]] ?? "";
  for (const letter of word.slice(1)) {
    const code = codes[letter] ?? "";
    if (code && code !== last) key += code;
    if (letter !== "h" && letter !== "w") last = code;
    if (key.length === 4) break;
  }
  return key.padEnd(4, "0");
}

/** The keys a contact is blocked under; contacts sharing none are never compared. */
export function blockingKeys(contact: NormalisedContact): string[] {
  const keys: string[] = [];
  if (contact.email) keys.push(`e:${contact.email}`);
  if (contact.phone.length >= 7) keys.push(`p:${contact.phone.slice(-PHONE_TAIL)}`);
  const words = contact.name.split(" ").filter(Boolean);
  if (words.length) keys.push(`n:${words.map(soundex).sort().join(" ")}`);
  if (contact.company) keys.push(`c:${contact.company}:${words[0]?.[0] ?? ""}`);
  return keys;
}

/** A candidate duplicate: two contacts (by their index in the input) and how alike they are. */
export interface CandidatePair extends Comparison {
  a: number;
  b: number;
}

/** What a scan found and what it cost. */
export interface ScanResult {
  pairs: CandidatePair[];
  /** Distinct pairs actually compared. */
  compared: number;
}

/**
 * Compares the contacts sharing a blocking key, each pair once, and returns
 * those scoring at least `minScore`, best first. `comparable(a, b)` may refuse
 * a pair before it is compared (two clients, when only leads may duplicate them).
 */
export function scanContacts(
  contacts: readonly NormalisedContact[],
  options: { minScore?: number; comparable?: (a: number, b: number) => boolean } = {},
): ScanResult {
  const minScore = options.minScore ?? CANDIDATE_SCORE;
  const blocks = new Map<string, number[]>();
  contacts.forEach((contact, index) => {
    for (const key of blockingKeys(contact)) {
      const block = blocks.get(key);
      if (block) block.push(index);
      else blocks.set(key, [index]);
    }
  });
  const seen = new Set<number>();
  const pairs: CandidatePair[] = [];
  let compared = 0;
  const n = contacts.length;
  const consider = (i: number, j: number) => {
    const [a, b] = i < j ? [i, j] : [j, i];
    const id = a * n + b;
    if (seen.has(id)) return;
    seen.add(id);
    if (options.comparable && !options.comparable(a, b)) return;
    compared++;
    const comparison = compareContacts(contacts[a], contacts[b]);
    if (comparison.score >= minScore) pairs.push({ a, b, ...comparison });
  };
  for (const block of blocks.values()) {
    if (block.length < 2) continue;
    if (block.length <= MAX_BLOCK) {
      for (let x = 0; x < block.length; x++) {
        for (let y = x + 1; y < block.length; y++) consider(block[x], block[y]);
      }
      continue;
    }
    const ordered = [...block].sort((x, y) =>
      contacts[x].name.localeCompare(contacts[y].name) || x - y
    );
    for (let x = 0; x < ordered.length; x++) {
      const end = Math.min(ordered.length, x + 1 + NEIGHBOURHOOD);
      for (let y = x + 1; y < end; y++) consider(ordered[x], ordered[y]);
    }
  }
  pairs.sort((p, q) => q.score - p.score || p.a - q.a || p.b - q.b);
  return { pairs, compared };
}

/** Contacts among `existing` that look like `candidate`, best first (the warning on create). */
export function lookAlikes(
  candidate: NormalisedContact,
  existing: readonly NormalisedContact[],
  minScore = CANDIDATE_SCORE,
): { index: number; comparison: Comparison }[] {
  const keys = new Set(blockingKeys(candidate));
  const found: { index: number; comparison: Comparison }[] = [];
  existing.forEach((other, index) => {
    if (other.id === candidate.id) return;
    if (!blockingKeys(other).some((key) => keys.has(key))) return;
    const comparison = compareContacts(candidate, other);
    if (comparison.score >= minScore) found.push({ index, comparison });
  });
  return found.sort((p, q) => q.comparison.score - p.comparison.score);
}
