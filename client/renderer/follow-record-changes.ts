/**
 * Screen sources that follow record changes: a figure card counting leads reloads
 * when leads change, on the same live `records` events that reload a list of them
 * (here, in another browser, by an import of a thousand rows). A source follows
 * the record types its descriptor names (`follows`), and the type of a record API
 * path it reads (`/api/records/<type>/…`). Events coalesce: a burst of them (an
 * import announces every chunk) reloads each source once, after a short quiet
 * moment, and never while its previous reload is still running.
 */
import { useEffect, useRef } from "react";
import type { Source } from "../../schemas/descriptor/mod.ts";
import { onRecordChange } from "../api/record-events.ts";

/** How long after a change its sources reload, gathering the changes that follow. */
export const FOLLOW_WAIT_MS = 500;

const RECORD_API = /^\/api\/records\/([a-z][a-z0-9_]*)(?:\/|$)/;

/** The record types whose changes reload `source`. */
export function followedTypes(source: Source): string[] {
  const types = new Set(source.follows ?? []);
  const own = RECORD_API.exec(source.path)?.[1];
  if (own !== undefined) types.add(own);
  return [...types];
}

/**
 * Gathers the names of sources to reload and reloads them together, at most one
 * reload at a time: names asked for during a reload wait for the next one.
 */
export class ReloadGatherer {
  readonly #waitMs: number;
  readonly #reload: (names: string[]) => Promise<unknown>;
  #pending = new Set<string>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running = false;
  #stopped = false;

  constructor(reload: (names: string[]) => Promise<unknown>, waitMs = FOLLOW_WAIT_MS) {
    this.#reload = reload;
    this.#waitMs = waitMs;
  }

  /** Asks for `names` to be reloaded soon. */
  add(names: readonly string[]): void {
    for (const name of names) this.#pending.add(name);
    this.#schedule();
  }

  /** Forgets what is pending; nothing more is reloaded. */
  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#pending.clear();
  }

  #schedule(): void {
    if (this.#stopped || this.#running || this.#timer !== undefined) return;
    if (this.#pending.size === 0) return;
    this.#timer = setTimeout(() => void this.#flush(), this.#waitMs);
  }

  async #flush(): Promise<void> {
    this.#timer = undefined;
    const names = [...this.#pending];
    this.#pending.clear();
    this.#running = true;
    try {
      await this.#reload(names);
    } catch {
      // A failed reload shows in its source's own error state.
    } finally {
      this.#running = false;
      this.#schedule();
    }
  }
}

/** Reloads the sources that follow a record type whenever records of it change. */
export function useFollowRecordChanges(
  sources: Readonly<Record<string, Source>> | undefined,
  reload: (names: string[]) => Promise<unknown>,
): void {
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  useEffect(() => {
    const byType = new Map<string, string[]>();
    for (const [name, source] of Object.entries(sources ?? {})) {
      for (const type of followedTypes(source)) byType.set(type, [...byType.get(type) ?? [], name]);
    }
    if (byType.size === 0) return;
    const gatherer = new ReloadGatherer((names) => reloadRef.current(names));
    const unsubscribe = onRecordChange((change) => {
      const names = byType.get(change.recordType);
      if (names !== undefined) gatherer.add(names);
    });
    return () => {
      unsubscribe();
      gatherer.stop();
    };
  }, [sources]);
}
