/**
 * Paths of the route table: filling redirect targets with the params of the
 * matched path, the params a screen is asked for, and the `next` location kept
 * across sign-in.
 */

/** Replaces `:name` and `*` in a react-router path with matched params. */
export function fillRoutePath(
  pattern: string,
  params: Readonly<Record<string, string | undefined>>,
): string {
  return pattern
    .replace(/:([A-Za-z0-9_]+)\??/g, (_m, name: string) => encodeURIComponent(params[name] ?? ""))
    .replace(/\*$/, params["*"] ?? "")
    .replace(/\/+$/, "") || "/";
}

/**
 * The params sent with a screen request: the route params, with the rest of a
 * catch-all path (`*`) sent as `id`.
 */
export function screenParamsOf(
  params: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (name === "*") {
      if (params.id === undefined && value !== "") result.id = value;
    } else result[name] = value;
  }
  return result;
}

/** A `next` location that stays inside the app, or undefined. */
export function safeNext(next: string | null | undefined): string | undefined {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) {
    return undefined;
  }
  return next;
}

/** The sign-in path keeping `from` (path, query and hash) as `next`. */
export function signInWithNext(signIn: string, from: string): string {
  const separator = signIn.includes("?") ? "&" : "?";
  return `${signIn}${separator}next=${encodeURIComponent(from)}`;
}
