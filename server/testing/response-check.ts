/**
 * Test support: every JSON answer of a declared endpoint is checked against the
 * response schema it declares, so the OpenAPI document cannot promise what the
 * server does not send. A mismatch throws from the request itself, naming the
 * call and the failing paths, which fails the test that made it.
 */
import type { Api } from "../platform/http/api.ts";
import { findEndpoint } from "./endpoint-paths.ts";

type Fetch = (request: Request, info?: Deno.ServeHandlerInfo) => Response | Promise<Response>;

/** `fetch` that checks each successful JSON answer against its endpoint's response schema. */
export function checkingResponses(api: Api, fetch: Fetch): Fetch {
  return async (request, info) => {
    const response = await fetch(request, info);
    if (response.status < 200 || response.status > 299) return response;
    if (!(response.headers.get("content-type") ?? "").startsWith("application/json")) {
      return response;
    }
    const url = new URL(request.url);
    const endpoint = findEndpoint(api.endpoints, request.method, url.pathname);
    if (!endpoint?.response) return response;
    const body = await response.clone().json();
    const result = endpoint.response.safeParse(body);
    if (!result.success) {
      const problems = result.error.issues.slice(0, 5)
        .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
        .join("; ");
      throw new Error(
        `${request.method} ${url.pathname} answered ${response.status} with a body that does not match its declared response schema (${endpoint.method.toUpperCase()} ${endpoint.path}): ${problems}`,
      );
    }
    return response;
  };
}
