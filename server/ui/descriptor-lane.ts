/**
 * The fast lane of the two descriptors every open browser revalidates: a GET of
 * `/ui/shell` or `/ui/routes` whose descriptor is already prepared is answered
 * before the router, with the same prepared bytes (or 304) the router sends. A miss,
 * a query string, or a caller whose token and access are not already known goes to
 * the router, which checks, builds, caches and answers.
 */
import type { KnownCallers } from "../platform/access/known-callers.ts";
import { type FastLane, laneRequestId } from "../platform/http/fast-lanes.ts";
import type { DescriptorCache } from "./descriptor-cache.ts";
import { ROUTES_CACHE_KEY, type ShellKeys } from "./routes.ts";

/** What the lane needs. */
export interface DescriptorLaneDeps {
  cache: DescriptorCache;
  clock: () => number;
  /** The caller's access when already verified and current, from an Authorization header. */
  knownAccess: KnownCallers;
  /** The shell key the router last answered each access with. */
  shellKeys: ShellKeys;
}

/** The descriptor lane. */
export function descriptorLane(deps: DescriptorLaneDeps): FastLane {
  const year = utcYear(deps.clock);
  return (lane) => {
    const { target, request } = lane;
    if (target !== "/ui/shell" && target !== "/ui/routes") return null;
    if (lane.method !== "GET") return null;
    let key = ROUTES_CACHE_KEY;
    if (target === "/ui/shell") {
      const access = deps.knownAccess(request.headers.get("authorization"));
      if (!access) return null;
      const known = deps.shellKeys.recall(access, year());
      if (known === undefined) return null;
      key = known;
    }
    const entry = deps.cache.peek(key);
    return entry ? entry.answer(request.headers.get("if-none-match"), laneRequestId(lane)) : null;
  };
}

/** The current UTC year, recomputed only when the clock leaves the year last seen. */
function utcYear(clock: () => number): () => number {
  let year = NaN, from = Infinity, until = -Infinity;
  return () => {
    const now = clock();
    if (now < from || now >= until) {
      year = new Date(now).getUTCFullYear();
      from = Date.UTC(year, 0, 1);
      until = Date.UTC(year + 1, 0, 1);
    }
    return year;
  };
}
