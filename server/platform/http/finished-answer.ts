/**
 * Answers that leave a handler finished: they already carry the request's
 * `X-Request-Id` and, unless a 304, every security header (prepared-response.ts
 * builds them so). The router's middleware adds those headers to every other
 * answer, and leaves a finished one as it is instead of setting the same values
 * again. An answer the router copies (Hono does when a middleware read the response
 * before the handler) is a new object, unmarked, and gets the headers set as usual.
 */

const FINISHED = new WeakSet<Response>();

/** Marks an answer as carrying its request id and its security headers; answers it. */
export function finished(response: Response): Response {
  FINISHED.add(response);
  return response;
}

/** Whether an answer was marked finished. */
export function isFinished(response: Response): boolean {
  return FINISHED.has(response);
}
