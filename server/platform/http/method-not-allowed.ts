/**
 * 405 for a known path called with a method it does not take: the router's own
 * route table says which methods a path answers, so every route gets this without
 * declaring anything. The answer carries `Allow` (RFC 9110 §15.5.6); a path no
 * route matches stays a 404.
 */
import { AppError } from "../errors/app-error.ts";

/** A route as the router lists it (`app.routes`). */
export interface ListedRoute {
  method: string;
  path: string;
}

/** The methods a path answers, from a live route list read on first use. */
export function allowedMethodsOf(routes: readonly ListedRoute[]): (path: string) => string[] {
  let compiled: { method: string; pattern: RegExp }[] | undefined;
  return (path) => {
    // Middleware is listed as ALL; it answers nothing by itself.
    compiled ??= routes.filter((route) => route.method !== "ALL").map((route) => ({
      method: route.method,
      pattern: patternOf(route.path),
    }));
    const methods = new Set(compiled.filter((r) => r.pattern.test(path)).map((r) => r.method));
    // The router answers HEAD wherever it answers GET.
    if (methods.has("GET")) methods.add("HEAD");
    return [...methods].sort();
  };
}

/** 405 naming the methods the path takes. */
export function methodNotAllowed(method: string, allowed: string[]): AppError {
  return new AppError(
    405,
    "method_not_allowed",
    `${method} is not allowed here; use ${allowed.join(", ")}`,
    { details: { allowed }, headers: { Allow: allowed.join(", ") } },
  );
}

function patternOf(path: string): RegExp {
  const segments = path.split("/").map((segment) => {
    if (segment === "*") return ".*";
    const param = /^:[A-Za-z0-9_]+(?:\{(.+)\})?$/.exec(segment);
    if (param) return param[1] ? `(?:${param[1]})` : "[^/]+";
    return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  });
  return new RegExp(`^${segments.join("/")}$`);
}
