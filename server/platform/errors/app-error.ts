/**
 * Typed errors thrown by services and mapped to the JSON error shape
 * `{ error: { code, message, details? } }` by the one error handler.
 */

/** An error with an HTTP status, a stable code and a message safe to show. */
export class AppError extends Error {
  readonly status: 400 | 401 | 403 | 404 | 405 | 408 | 409 | 413 | 415 | 429 | 500 | 503;
  readonly code: string;
  readonly details?: unknown;
  readonly headers?: Record<string, string>;

  constructor(
    status: AppError["status"],
    code: string,
    message: string,
    options: { details?: unknown; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.status = status;
    this.code = code;
    this.details = options.details;
    this.headers = options.headers;
  }
}

/** 400: the input is invalid; details name the fields. */
export function invalidInput(message: string, fields?: Record<string, string>): AppError {
  return new AppError(400, "invalid_input", message, fields ? { details: { fields } } : {});
}

/** 401: not signed in, or the token is not valid. */
export function unauthenticated(message = "Authentication required"): AppError {
  return new AppError(401, "unauthenticated", message);
}

/** 403: signed in but not allowed; the message names the permission or module. */
export function forbidden(message: string, details?: unknown): AppError {
  return new AppError(403, "forbidden", message, { details });
}

/** 404: no such record for this caller (also what another tenant's ids answer). */
export function notFound(what: string): AppError {
  return new AppError(404, "not_found", `${what} not found`);
}

/** 409: the write was made against a stale version. */
export function conflict(message: string, details?: unknown): AppError {
  return new AppError(409, "conflict", message, { details });
}

/** 408: the client did not send the whole request in time (the server then closes the connection). */
export function requestTimeout(): AppError {
  return new AppError(408, "request_timeout", "The request body did not arrive in time");
}

/** 415: the body is not in a format this call reads. */
export function unsupportedMediaType(expected: string): AppError {
  return new AppError(415, "unsupported_media_type", `Send the request body as ${expected}`);
}
