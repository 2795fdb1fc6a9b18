/**
 * Screen sources that follow record changes: a figure card counting leads reloads
 * when leads change, on the same live `records` events that reload a list of them
 * (here, in another browser, by an import of a thousand rows). A source follows
 * the record types its descriptor names (`follows`), and the type of a record API
 * path it reads (`/api/records/<type>/…`). Events coalesce: a burst of them (an
 * import announces every chunk) reloads each source once, after a short quiet
 * moment, and never while its previous reload is still running
 * (reload-gatherer.ts).
 */
import { useEffect, useRef } from "react";
import type { Source } from "../../schemas/descriptor/mod.ts";
import { onRecordChange } from "../api/record-events.ts";
import type { ReloadGatherer } from "./reload-gatherer.ts";

const RECORD_API = /^\/api\/records\/([a-z][a-z0-9_]*)(?:\/|$)/;

/** The record types whose changes reload `source`. */
export function followedTypes(source: Source): string[] {
  const types = new Set(source.follows ?? []);
  const own = RECORD_API.exec(source.path)?.[1];
  if (own !== undefined) types.add(own);
  return [...types];
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
    // The gatherer loads with the first change that concerns this screen.
    let gatherer: ReloadGatherer | undefined;
    let loading = false;
    let stopped = false;
    const early: string[] = [];
    const unsubscribe = onRecordChange((change) => {
      const names = byType.get(change.recordType);
      if (names === undefined) return;
      if (gatherer !== undefined) return gatherer.add(names);
      early.push(...names);
      if (loading) return;
      loading = true;
      void import("./reload-gatherer.ts").then((loaded) => {
        if (stopped) return;
        gatherer = new loaded.ReloadGatherer((all) => reloadRef.current(all));
        gatherer.add(early.splice(0));
      });
    });
    return () => {
      stopped = true;
      unsubscribe();
      gatherer?.stop();
    };
  }, [sources]);
}
