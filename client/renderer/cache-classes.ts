/**
 * How long descriptors and source data stay fresh, by cache class. The spec's
 * values are the defaults; the shell descriptor may restate them.
 */
import type { CacheClass } from "../../schemas/descriptor/mod.ts";

const minutes: Record<CacheClass, number> = { "static": 60, "semi-static": 15, "dynamic": 5 };

/** Takes the cache minutes announced by the shell. */
export function configureCacheClasses(
  cache: { staticMinutes: number; semiStaticMinutes: number; dynamicMinutes: number },
): void {
  minutes.static = cache.staticMinutes;
  minutes["semi-static"] = cache.semiStaticMinutes;
  minutes.dynamic = cache.dynamicMinutes;
}

/** Milliseconds a value of this cache class stays fresh. */
export function freshForMs(cache: CacheClass | undefined): number {
  return (minutes[cache ?? "dynamic"] ?? minutes.dynamic) * 60_000;
}
