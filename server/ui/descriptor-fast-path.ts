/**
 * The hot path of the two descriptors every open browser revalidates: a GET of
 * `/ui/shell` or `/ui/routes` whose descriptor is already serialised is answered
 * before the router, with the prebuilt bytes (or a 304) and the same headers the
 * router would send. Anything else — a miss, a query string, no valid token — falls
 * through to the router, which builds, caches and answers it, so both paths serve
 * the very same bytes and ETag.
 */
import type { Access } from "../platform/access/access.ts";
import { SECURITY_HEADERS } from "../platform/http/security-headers.ts";
import { QUIET } from "../platform/http/log.ts";
import type { CachedDescriptor, DescriptorCache } from "./descriptor-cache.ts";
import { ROUTES_CACHE_KEY, shellCacheKey } from "./routes.ts";

/** What the fast path needs. */
export interface FastPathDeps {
  cache: DescriptorCache;
  clock: () => number;
  /** The caller's access from an Authorization header, or null. */
  accessFor: (authorization: string | null) => Promise<Access | null>;
}

const COMMON: [string, string][] = [
  ["Cache-Control", "private, no-cache"],
  ["Vary", "Authorization"],
  ...SECURITY_HEADERS,
];

function respond(entry: CachedDescriptor, request: Request, path: string): Response {
  const requestId = crypto.randomUUID();
  if (!QUIET) {
    console.log(
      JSON.stringify({
        time: new Date().toISOString(),
        level: "info",
        request_id: requestId,
        message: "request",
        method: "GET",
        path,
        cached: true,
      }),
    );
  }
  const ifNoneMatch = request.headers.get("if-none-match");
  if (
    ifNoneMatch &&
    ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === entry.etag)
  ) {
    // A 304 carries no document: the validators and the request id are enough.
    return new Response(null, {
      status: 304,
      headers: {
        ETag: entry.etag,
        "Cache-Control": "private, no-cache",
        Vary: "Authorization",
        "X-Request-Id": requestId,
      },
    });
  }
  const headers = new Headers(COMMON);
  headers.set("ETag", entry.etag);
  headers.set("X-Request-Id", requestId);
  headers.set("Content-Type", "application/json; charset=UTF-8");
  return new Response(entry.body as Uint8Array<ArrayBuffer>, { status: entry.status, headers });
}

/** A handler answering cached descriptors, or null to let the router answer. */
export function createDescriptorFastPath(deps: FastPathDeps) {
  return async function descriptorFastPath(request: Request): Promise<Response | null> {
    if (request.method !== "GET") return null;
    const url = request.url;
    const pathStart = url.indexOf("/", url.indexOf("//") + 2);
    const path = url.slice(pathStart);
    if (path === "/ui/routes") {
      const entry = deps.cache.peek(ROUTES_CACHE_KEY);
      return entry ? respond(entry, request, path) : null;
    }
    if (path !== "/ui/shell") return null;
    const access = await deps.accessFor(request.headers.get("authorization"));
    if (!access) return null;
    const entry = deps.cache.peek(shellCacheKey(access, new Date(deps.clock()).getUTCFullYear()));
    return entry ? respond(entry, request, path) : null;
  };
}
