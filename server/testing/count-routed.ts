/** Test support: counts the requests that reach the router, the rest being answered by a fast lane. */
import type { TestApp } from "./test-app.ts";

/** Wraps the app's router; `count` is how many requests it has taken since. */
export function countRouted(t: TestApp): { count: number } {
  const routed = { count: 0 };
  const router = t.app.fetch.bind(t.app);
  t.app.fetch = (request, ...rest) => {
    routed.count++;
    return router(request, ...rest);
  };
  return routed;
}
