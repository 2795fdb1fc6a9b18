/**
 * The one error type of the API client. The server answers errors as
 * `{ "error": { "code", "message", "details"? } }`; network failures and
 * time-outs become an ApiError with status 0.
 */

/** A failed API call, with the server's status, code, message and details. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  /** The parsed answer body, when there was one (e.g. a refused screen's descriptor). */
  readonly body: unknown;
  /** The HTTP status text of the answer ("" for network failures). */
  readonly statusText: string;

  constructor(
    status: number,
    code: string,
    message: string,
    options: { details?: unknown; body?: unknown; statusText?: string } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.details = options.details;
    this.body = options.body;
    this.statusText = options.statusText ?? "";
  }
}

/** Builds the ApiError of a non-OK answer from its parsed body. */
export function apiErrorFromAnswer(status: number, statusText: string, body: unknown): ApiError {
  const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  const code = typeof error?.code === "string" ? error.code : `http_${status}`;
  const message = typeof error?.message === "string"
    ? error.message
    : `Request failed: ${status} ${statusText}`.trim();
  return new ApiError(status, code, message, { details: error?.details, body, statusText });
}

/** True for a plain object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Whether a 409 says the caller's copy is stale (someone saved since: the answer
 * carries `current_version`). Any other 409 refuses because of the record's state
 * ("Only a draft can be changed: …"), and the server's message says so.
 */
export function isStaleVersion(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && isRecord(error.details) &&
    error.details.current_version !== undefined;
}
