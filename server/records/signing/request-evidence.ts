/**
 * Who a request comes from, as evidence: the address (the first entry of
 * X-Forwarded-For when the request carries one, else the connection's) and the
 * user agent. A middleware keeps them for the request, so an event written
 * deep inside a write (a portal user's accept, seen by the signing observer)
 * records them too. Evidence states what was presented; it is never used to
 * decide anything.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { MiddlewareHandler } from "hono";
import { socketAddress } from "../../platform/http/client-address.ts";

/** Where a request came from. */
export interface RequestEvidence {
  ip: string;
  userAgent: string;
}

const scope = new AsyncLocalStorage<RequestEvidence>();

/** The evidence of the request being served (outside a request: "system"). */
export function currentEvidence(): RequestEvidence {
  return scope.getStore() ?? { ip: "system", userAgent: "system" };
}

/** Keeps each request's evidence for what it writes. */
export function requestEvidence(): MiddlewareHandler {
  return async (c, next) => {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    const evidence = {
      ip: (forwarded || socketAddress(c)).slice(0, 200),
      userAgent: (c.req.header("user-agent") ?? "").slice(0, 500),
    };
    await scope.run(evidence, () => next());
  };
}
