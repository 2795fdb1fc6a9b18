/**
 * Every query parameter of every request, declared by its call or not, is checked
 * before routing as a body's text is: percent-encoding that does not decode to
 * UTF-8 (`%FF`, a lone `%E2%82`, an encoded surrogate), a NUL character or an
 * unpaired surrogate answers 400 naming the parameter. The router's own decoding
 * keeps such text as it came (`%FF` stays the three characters), so without this
 * a handler would read something other than what was sent. Which parameters a
 * call takes is decided by its declaration (api.ts refuses the others).
 */
import type { Context } from "hono";
import { invalidInput } from "../errors/app-error.ts";
import type { AppEnv } from "./app-env.ts";
import { unsafeTextFields } from "./unsafe-text.ts";

const NOT_UTF8 = "Must be valid percent-encoded UTF-8";

/** Parameter name → why it is refused, for every refused parameter of a URL. */
export function queryProblems(url: string): Record<string, string> {
  const start = url.indexOf("?");
  if (start < 0) return {};
  const end = url.indexOf("#", start);
  const query = url.slice(start + 1, end < 0 ? undefined : end);
  const problems: Record<string, string> = {};
  const decoded: Record<string, string> = {};
  for (const pair of query.split("&")) {
    if (pair === "") continue;
    const split = pair.indexOf("=");
    const rawName = split < 0 ? pair : pair.slice(0, split);
    const name = decodeStrictly(rawName);
    const value = decodeStrictly(split < 0 ? "" : pair.slice(split + 1));
    if (name === undefined) problems[rawName] ??= `Parameter name: ${NOT_UTF8}`;
    else if (value === undefined) problems[name] ??= NOT_UTF8;
    else decoded[name] = value;
  }
  // NUL and unpaired surrogates, in names and values, as in a body.
  return { ...unsafeTextFields(decoded, "query"), ...problems };
}

/**
 * Refuses (throws 400) a request whose query holds text that cannot be read as
 * sent. The app runs it with the other checks before authentication.
 */
export function refuseUnreadableQuery(c: Context<AppEnv>): void {
  const problems = queryProblems(c.req.url);
  const names = Object.keys(problems);
  if (names.length > 0) {
    throw invalidInput(
      `Invalid request query: ${names.map((n) => `${n} (${problems[n]})`).join(", ")}`,
      problems,
    );
  }
}

/**
 * `application/x-www-form-urlencoded` decoding that fails instead of guessing:
 * `decodeURIComponent` throws on a malformed escape and on bytes that are not UTF-8.
 */
function decodeStrictly(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    return undefined;
  }
}
