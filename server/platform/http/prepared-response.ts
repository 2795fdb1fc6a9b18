/**
 * A response built once and answered many times. Constructing a `Response` makes
 * Deno validate and normalise every header name and value, which costs more than
 * everything else a cached answer does; cloning a template copies the already
 * validated header list and shares the body bytes. Each answer is a clone of the
 * template with its own `X-Request-Id`, and carries the same security headers the
 * router's middleware adds, so an answer from the prepared copy and one built by the
 * router are the same bytes; it is marked finished (finished-answer.ts), so the
 * router does not set those headers a second time.
 */
import { SECURITY_HEADERS } from "./security-headers.ts";
import { finished } from "./finished-answer.ts";

/** A reusable answer: status, headers (security headers included) and body bytes. */
export class PreparedResponse {
  readonly status: number;
  readonly #template: Response;
  /** Whether an answer carries every header the router's middleware would add. */
  readonly #complete: boolean;

  constructor(
    body: Uint8Array | null,
    status: number,
    headers: [string, string][],
    options: { secure?: boolean } = {},
  ) {
    this.status = status;
    this.#complete = options.secure !== false || status === 304;
    // Names in lower case (as HTTP/2 sends them), and a request id slot last, so
    // that setting the id per answer replaces an entry instead of growing the list.
    const all = options.secure === false ? headers : [...headers, ...SECURITY_HEADERS];
    this.#template = new Response(body as Uint8Array<ArrayBuffer> | null, {
      status,
      headers: [
        ...all.map(([name, value]): [string, string] => [name.toLowerCase(), value]),
        ["x-request-id", "-"],
      ],
    });
  }

  /** A fresh response for one request. */
  answer(requestId: string): Response {
    const response = this.#template.clone();
    response.headers.set("x-request-id", requestId);
    return this.#complete ? finished(response) : response;
  }
}
