/**
 * The fast lane of dashboard analytics: a cache hit is answered before the router.
 * The lane takes a request only when the caller is already known (token verified,
 * access current), is staff, may use the endpoint's module, and sent a small body
 * with a Content-Length; it reads and validates the body exactly as the route does
 * (remembering the range each distinct body asks for today).
 * Anything else — a miss, bad input, an unknown caller — goes to the router with the
 * body it sent, and the router answers (and caches) as usual.
 */
import type { Access } from "../../platform/access/access.ts";
import type { KnownCallers } from "../../platform/access/known-callers.ts";
import { moduleOwning, ownerAllows } from "../../platform/catalogue/module-guard.ts";
import { type FastLane, type LaneRequest, laneRequestId } from "../../platform/http/fast-lanes.ts";
import type { DashboardAnswers } from "./routes.ts";

/** Bodies larger than this go to the router (a range request is about 50 bytes). */
const MAX_LANE_BODY = 1024;

/** What the lane needs. */
export interface DashboardLaneDeps {
  path: string;
  answers: DashboardAnswers;
  knownAccess: KnownCallers;
}

/** The dashboard analytics lane. */
export function dashboardLane(deps: DashboardLaneDeps): FastLane {
  const owner = moduleOwning(deps.path);
  return (lane) => {
    if (lane.target !== deps.path || lane.method !== "POST") return null;
    const headers = lane.request.headers;
    const access = deps.knownAccess(headers.get("authorization"));
    if (!access || access.user.is_client_portal_user || !ownerAllows(access, owner)) {
      return null;
    }
    const length = Number(headers.get("content-length"));
    if (!(length > 0 && length <= MAX_LANE_BODY)) return null;
    return answer(lane, access, deps.answers);
  };
}

async function answer(lane: LaneRequest, access: Access, answers: DashboardAnswers) {
  const text = await lane.request.text();
  // Bad input (a null range) is the router's to refuse, with its error envelope.
  const range = answers.rangeOfText(text);
  const hit = range && answers.hit(access, range);
  if (hit) return hit.answer(laneRequestId(lane));
  const { request } = lane;
  return lane.router(
    new Request(request.url, { method: "POST", headers: request.headers, body: text }),
  );
}
