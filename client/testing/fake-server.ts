/**
 * A fake API for client tests: `fetch` answers from a table of handlers keyed by
 * "METHOD /path" (query strings ignored unless the key has one), and every request
 * is recorded.
 */
import { vi } from "vitest";

/** A recorded request. */
export interface RecordedRequest {
  method: string;
  path: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

/** What a handler answers (a Response, or JSON with status 200), or that answer itself. */
export type Handler =
  | ((request: RecordedRequest) => unknown)
  | Response
  | Record<string, unknown>
  | unknown[]
  | string
  | number
  | boolean
  | null;

/** A JSON response. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

/** An error response in the server's error shape. */
export function apiError(
  status: number,
  code: string,
  message: string,
  details?: unknown,
): Response {
  return json({ error: { code, message, ...(details === undefined ? {} : { details }) } }, status);
}

/** Installs the fake server as `fetch`; returns the recorded requests and a way to add handlers. */
export function fakeServer(handlers: Record<string, Handler> = {}) {
  const requests: RecordedRequest[] = [];
  const table = { ...handlers };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init.method ?? "GET").toUpperCase();
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = typeof init.body === "string"
      ? JSON.parse(init.body)
      : init.body instanceof FormData
      ? Object.fromEntries(init.body.entries())
      : undefined;
    const request = { method, path: url.pathname, url: url.pathname + url.search, body, headers };
    requests.push(request);
    const handler = table[`${method} ${url.pathname}${url.search}`] ??
      table[`${method} ${url.pathname}`];
    if (handler === undefined) {
      return apiError(404, "not_found", `No fake for ${method} ${url.pathname}`);
    }
    const answer = typeof handler === "function"
      ? await handler(request)
      : handler instanceof Response
      ? handler.clone()
      : handler;
    return answer instanceof Response ? answer : json(answer);
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    requests,
    /** Requests to one path. */
    to: (method: string, path: string) =>
      requests.filter((r) => r.method === method && r.path === path),
    on: (key: string, handler: Handler) => {
      table[key] = handler;
    },
  };
}
