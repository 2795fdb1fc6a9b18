/**
 * Fast lanes: requests whose answer is already prepared — a cached descriptor, a
 * cached dashboard — are answered before the router and its middleware. A lane
 * looks at the method and request target (path with query) and either answers or
 * returns null, and the router takes the request. A lane answers only what the
 * router would answer the same way: it uses the same caches, the same access checks
 * and the same prepared bytes, and anything it is unsure of goes to the router.
 *
 * When a lane answers synchronously the server gets a `Response`, not a promise,
 * which saves Deno a turn of the event loop per request.
 */
import { logRequest, QUIET } from "./log.ts";
import { requestIdFor } from "./request-id.ts";

/** What answers requests no lane takes; `info` is Deno's connection info (the socket address). */
export type Router = (
  request: Request,
  info?: Deno.ServeHandlerInfo,
) => Response | Promise<Response>;

/** One request as a lane sees it. */
export interface LaneRequest {
  request: Request;
  method: string;
  /** Path and query, as sent. */
  target: string;
  /** The router, for a lane that consumed the body and then declines. */
  router: Router;
}

/** A lane: an answer, or null to pass the request on. */
export type FastLane = (lane: LaneRequest) => Response | Promise<Response> | null;

/** The request handler: each lane in turn, then the router. */
export function withFastLanes(lanes: FastLane[], router: Router) {
  return function serve(
    request: Request,
    info?: Deno.ServeHandlerInfo,
  ): Response | Promise<Response> {
    const url = request.url;
    const target = url.slice(url.indexOf("/", url.indexOf("//") + 2));
    const lane: LaneRequest = { request, method: request.method, target, router };
    for (const take of lanes) {
      const answer = take(lane);
      if (answer) {
        if (!QUIET) void Promise.resolve(answer).then((response) => log(lane, response), () => {});
        return answer;
      }
    }
    return router(request, info);
  };
}

/** The request id of a lane's answer: the caller's well-formed one, or a fresh one. */
export function laneRequestId(lane: LaneRequest): string {
  return requestIdFor(lane.request.headers.get("x-request-id"));
}

function log(lane: LaneRequest, response: Response): void {
  logRequest(response.headers.get("x-request-id") ?? "", {
    method: lane.method,
    path: lane.target,
    status: response.status,
    lane: true,
  });
}
