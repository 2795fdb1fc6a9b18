/**
 * Paths of the route table: filling redirect targets with the params of the
 * matched path, and the `next` location kept across sign-in.
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
