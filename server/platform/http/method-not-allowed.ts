/**
 * 405 for a known path called with a method it does not take, for every route of
 * the app without declaring anything: the router's own route table says which
 * methods a path answers. A path names one resource, the most specific route
 * pattern it matches (compared segment by segment from the left: a literal segment
 * beats a parameter, a parameter beats a wildcard), so `GET /enterprise-projects/export`
 * is a wrong method on the export call, not a project named "export" that is not
 * found. The answer carries `Allow` (RFC 9110 §15.5.6); a path no route matches
 * stays a 404. The check runs before authentication and before the body is read.
 */
import type { Context } from "hono";
import { AppError } from "../errors/app-error.ts";
import type { AppEnv } from "./app-env.ts";

/** A route as the router lists it (`app.routes`). */
export interface ListedRoute {
  method: string;
  path: string;
}

interface CompiledRoute {
  method: string;
  pattern: RegExp;
  /** Per segment: 2 literal, 1 parameter, 0 wildcard. */
  rank: number[];
}

/** How many paths' answers are remembered before the memory starts again. */
const REMEMBERED_PATHS = 10_000;

/**
 * The methods the resource a path names answers (empty when no route matches),
 * from a live route list read on first use, so routes added after this is made count.
 * The route list is fixed once read, so each path's answer is worked out once and
 * remembered (a bounded number of paths): a busy path costs one map lookup.
 */
export function allowedMethodsOf(
  routes: () => readonly ListedRoute[],
): (path: string) => readonly string[] {
  let compiled: Map<string, CompiledRoute[]> | undefined;
  const wildcards: CompiledRoute[] = [];
  const remembered = new Map<string, readonly string[]>();
  const workOut = (path: string): readonly string[] => {
    if (!compiled) {
      compiled = new Map();
      // Middleware is listed as ALL; it answers nothing by itself.
      for (const route of routes()) {
        if (route.method === "ALL") continue;
        const entry = compile(route);
        if (entry.rank.includes(0)) wildcards.push(entry);
        else {
          const key = bucketOf(route.path);
          compiled.set(key, [...(compiled.get(key) ?? []), entry]);
        }
      }
    }
    const candidates = [
      ...(compiled.get(bucketOf(path)) ?? []),
      ...(compiled.get(bucketOf(path, { anyFirst: true })) ?? []),
      ...wildcards,
    ].filter((r) => r.pattern.test(path));
    if (candidates.length === 0) return [];
    const best = candidates.reduce((a, b) => (compareRanks(a.rank, b.rank) >= 0 ? a : b)).rank;
    const methods = new Set(
      candidates.filter((r) => compareRanks(r.rank, best) === 0).map((r) => r.method),
    );
    // The router answers HEAD wherever it answers GET.
    if (methods.has("GET")) methods.add("HEAD");
    return [...methods].sort();
  };
  return (path) => {
    let allowed = remembered.get(path);
    if (allowed === undefined) {
      allowed = workOut(path);
      if (remembered.size >= REMEMBERED_PATHS) remembered.clear();
      remembered.set(path, allowed);
    }
    return allowed;
  };
}

/** 405 naming the methods the path takes. */
export function methodNotAllowed(method: string, allowed: readonly string[]): AppError {
  return new AppError(
    405,
    "method_not_allowed",
    `${method} is not allowed here; use ${allowed.join(", ")}`,
    { details: { allowed: [...allowed] }, headers: { Allow: allowed.join(", ") } },
  );
}

/**
 * The check that answers 405 before routing when the path's resource does not take
 * the method (it throws); `exempt` requests (a browser navigation the client
 * serves) pass on. The app runs it with the other checks before authentication.
 */
export function wrongMethodCheck(
  routes: () => readonly ListedRoute[],
  options: { exempt?: (c: Context<AppEnv>) => boolean } = {},
): (c: Context<AppEnv>) => void {
  const allowedMethods = allowedMethodsOf(routes);
  return (c) => {
    const allowed = allowedMethods(c.req.path);
    if (allowed.length > 0 && !allowed.includes(c.req.method) && !options.exempt?.(c)) {
      throw methodNotAllowed(c.req.method, allowed);
    }
  };
}

/**
 * Routes without wildcards are looked up by segment count and first segment (a
 * route whose first segment is a parameter sits in its count's `anyFirst` bucket).
 */
function bucketOf(path: string, options: { anyFirst?: boolean } = {}): string {
  const segments = path.split("/");
  const first = segments[1] ?? "";
  return `${segments.length}/${options.anyFirst || first.startsWith(":") ? ":" : first}`;
}

function compile(route: ListedRoute): CompiledRoute {
  const rank: number[] = [];
  const segments = route.path.split("/").map((segment) => {
    if (segment === "*") {
      rank.push(0);
      return ".*";
    }
    const param = /^:[A-Za-z0-9_]+(?:\{(.+)\})?$/.exec(segment);
    if (param) {
      rank.push(1);
      return param[1] ? `(?:${param[1]})` : "[^/]+";
    }
    rank.push(2);
    return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  });
  return { method: route.method, pattern: new RegExp(`^${segments.join("/")}$`), rank };
}

/** Lexicographic from the left; a longer pattern wins a tie on the shared segments. */
function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i] - b[i];
  }
  return a.length - b.length;
}
