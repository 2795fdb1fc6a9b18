/**
 * The last descriptors a signed-in person was shown — their shell, their user and
 * the screens they opened — kept in local storage for their session (user and
 * organisation: a session has one organisation at a time, and switching clears
 * the store), so a repeat visit paints at once and then revalidates. Entries of
 * another session, or written by another build of the client, are never read.
 * Signing out, a session ending and a new sign-in clear it; nothing is kept for a
 * signed-out browser. The bytes and their ETags stay in the browser's HTTP cache,
 * which the revalidation asks with If-None-Match.
 */
import { sessionOf, snapshotKey } from "../boot/first-requests.ts";
import { readAccessToken } from "./tokens.ts";

const PREFIX = "opsuite.descriptor:";
/** The screens kept at most (the most recently shown). */
export const MAX_STORED = 40;
/** The update time given to stored data put into the query cache (never a real one). */
export const STORED_AT = 1;

/** The build that wrote an entry: the URL of this module's chunk changes with every build. */
const BUILD = import.meta.url;

interface StoredEntry {
  build: string;
  session: string;
  at: number;
  data: unknown;
}

function storageKey(queryKey: readonly unknown[]): string {
  return PREFIX + JSON.stringify(queryKey);
}

function storedKeys(prefix = PREFIX): string[] {
  const keys: string[] = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(prefix)) keys.push(key);
    }
  } catch {
    // No storage: nothing is kept.
  }
  return keys;
}

/** The stored data of a query for the current session, or undefined. */
export function readStored(queryKey: readonly unknown[]): unknown {
  const session = sessionOf(readAccessToken());
  if (session === null) return undefined;
  try {
    const text = localStorage.getItem(storageKey(queryKey));
    if (text === null) return undefined;
    const entry = JSON.parse(text) as StoredEntry;
    return entry.build === BUILD && entry.session === session ? entry.data : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps a query's data for the current session; the oldest screens go beyond MAX_STORED. */
export function writeStored(queryKey: readonly unknown[], data: unknown): void {
  const session = sessionOf(readAccessToken());
  if (session === null) return;
  const entry: StoredEntry = { build: BUILD, session, at: Date.now(), data };
  try {
    localStorage.setItem(storageKey(queryKey), JSON.stringify(entry));
    const keys = storedKeys();
    if (keys.length <= MAX_STORED) return;
    const ages = keys.map((key) => {
      try {
        return [
          key,
          (JSON.parse(localStorage.getItem(key) ?? "{}") as StoredEntry).at ?? 0,
        ] as const;
      } catch {
        return [key, 0] as const;
      }
    });
    ages.sort((a, b) => a[1] - b[1]);
    for (const [key] of ages.slice(0, keys.length - MAX_STORED)) localStorage.removeItem(key);
  } catch {
    // Storage full or refused: the next visit revalidates from the network as before.
  }
}

/**
 * Forgets every stored descriptor and snapshot (`first-paint.ts`): sign-in,
 * sign-out, session end, organisation switch.
 */
export function clearStored(): void {
  try {
    for (const key of [...storedKeys(), ...storedKeys(snapshotKey(""))]) {
      localStorage.removeItem(key);
    }
  } catch {
    // Nothing stored.
  }
}
