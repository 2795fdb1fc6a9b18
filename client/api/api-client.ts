/**
 * The one fetch wrapper of the client. It prefixes the base URL, sends the bearer
 * token, sends and parses JSON, turns failures into ApiError and, when a call with a
 * token answers 401, refreshes the session once and retries; if that does not help
 * the session ends.
 */
import { ApiError, apiErrorFromAnswer, isRecord } from "./api-error.ts";
import { takeBootRequest } from "./boot-requests.ts";
import { apiUrl } from "./config.ts";
import { endSession } from "./session-events.ts";
import { rememberSignOutNotice } from "./sign-out-notice.ts";
import { readAccessToken, readRefreshToken, type SessionTokens, storeTokens } from "./tokens.ts";

/** Options of one request. */
export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON, or as it is when it is FormData (multipart). */
  body?: unknown;
  signal?: AbortSignal;
  /** Aborts the call after this many milliseconds with an ApiError "timeout". */
  timeoutMs?: number;
  /** Browser cache mode; descriptors use "no-cache" so the ETag is revalidated. */
  cache?: RequestCache;
  /** Send the bearer token (default true). */
  auth?: boolean;
  /** On 401, refresh once and retry, then end the session (default: same as auth). */
  refreshOnUnauthorized?: boolean;
}

let refreshing: Promise<boolean> | null = null;
let lastRefreshAt = Date.now();

/** When the tokens were last issued or refreshed (epoch milliseconds). */
export function lastTokenRefreshAt(): number {
  return lastRefreshAt;
}

/** Records that fresh tokens were just stored (sign-in, register, refresh). */
export function markTokensRefreshed(at: number = Date.now()): void {
  lastRefreshAt = at;
}

/** Calls the API and returns the parsed JSON answer (undefined for 204). */
export async function apiRequest<T = unknown>(
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  return await parse<T>(await authorizedResponse(path, options));
}

/** Calls the API for a file (an export) and returns its bytes; failures throw ApiError. */
export async function apiFile(path: string, options: RequestOptions = {}): Promise<Blob> {
  return (await apiNamedFile(path, options)).blob;
}

/** A file answer with the name the server gives it (`Content-Disposition`), if any. */
export async function apiNamedFile(
  path: string,
  options: RequestOptions = {},
): Promise<{ blob: Blob; name: string | null }> {
  const response = await authorizedResponse(path, options);
  if (!response.ok) return await parse<never>(response);
  // Only downloads read the header, so its parser loads with the first one.
  const { dispositionFileName } = await import("./content-disposition.ts");
  const name = dispositionFileName(response.headers.get("content-disposition"));
  return { blob: await response.blob(), name };
}

/** The answer of a call with the token, after one refresh and retry on 401. */
async function authorizedResponse(path: string, options: RequestOptions): Promise<Response> {
  const auth = options.auth ?? true;
  const token = auth ? readAccessToken() : null;
  const first = await send(path, options, token);
  const refresh = options.refreshOnUnauthorized ?? auth;
  if (first.status !== 401 || !refresh || (token === null && readRefreshToken() === null)) {
    return first;
  }
  if (!(await refreshSession())) {
    endSession("expired");
    return first;
  }
  const second = await send(path, options, readAccessToken());
  if (second.status === 401) endSession("expired");
  return second;
}

/**
 * Exchanges the refresh token for new tokens. Concurrent callers share one call.
 * Resolves false when there is no refresh token or the server refuses it.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = readRefreshToken();
    if (refreshToken === null) return false;
    try {
      const response = await send("/auth/refresh", {
        method: "POST",
        body: { refresh_token: refreshToken },
      }, null);
      if (!response.ok) {
        await rememberWhySessionEnded(response);
        return false;
      }
      const answer: unknown = await response.json();
      if (!isSessionTokens(answer)) return false;
      storeTokens(answer);
      markTokensRefreshed();
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** The server's codes for a session it ended (idle, signed out elsewhere, deactivated…). */
const SESSION_END_CODES = new Set(["session_idle", "session_ended"]);

/** Keeps the server's reason for the sign-in page when it ended the session itself. */
async function rememberWhySessionEnded(response: Response): Promise<void> {
  try {
    const error = apiErrorFromAnswer(response.status, response.statusText, await response.json());
    if (SESSION_END_CODES.has(error.code)) rememberSignOutNotice(error.message);
  } catch {
    // No readable reason: the sign-in page gives none.
  }
}

function isSessionTokens(value: unknown): value is SessionTokens {
  return isRecord(value) && typeof value.access_token === "string" &&
    typeof value.refresh_token === "string";
}

async function send(
  path: string,
  options: RequestOptions,
  token: string | null,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: "application/json" };
  // A FormData body (a file upload) sets its own multipart type and boundary.
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers["Content-Type"] = "application/json";
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  const signals = [
    options.signal,
    options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined,
  ]
    .filter((s): s is AbortSignal => s !== undefined);
  const method = options.method ?? (options.body === undefined ? "GET" : "POST");
  try {
    const started = takeBootRequest(method, path, token);
    if (started !== undefined) return await started;
    return await fetch(apiUrl(path), {
      method,
      headers,
      body: options.body === undefined
        ? undefined
        : isForm
        ? options.body as FormData
        : JSON.stringify(options.body),
      signal: signals.length === 0
        ? undefined
        : signals.length === 1
        ? signals[0]
        : AbortSignal.any(signals),
      cache: options.cache,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "TimeoutError") {
      throw new ApiError(0, "timeout", "The request timed out");
    }
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "network_error", "Cannot reach the server");
  }
}

async function parse<T>(response: Response): Promise<T> {
  const text = response.status === 204 ? "" : await response.text();
  let body: unknown = undefined;
  if (text !== "") {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (!response.ok) throw apiErrorFromAnswer(response.status, response.statusText, body);
  return body as T;
}
