/**
 * Test support: which declared endpoint answers a method and path. Declared paths
 * use Hono's `:param` segments (optionally with a `{regex}`); descriptor paths use
 * `{param}` placeholders. A placeholder matches a parameter segment only; a
 * literal matches a literal or a parameter.
 */
import type { Api } from "../platform/http/api.ts";

/** One declared endpoint, as the registry holds it. */
export type Endpoint = Api["endpoints"][number];

function segments(path: string): string[] {
  return path.split("?")[0].replace(/\/+$/, "").split("/");
}

const isParameter = (segment: string) => segment.startsWith(":");
const isPlaceholder = (segment: string) => /^\{[A-Za-z_]+\}$/.test(segment);

function parameterAccepts(declared: string, value: string): boolean {
  const pattern = declared.match(/^:[A-Za-z_]+\{(.+)\}$/)?.[1];
  return !pattern || isPlaceholder(value) || new RegExp(`^(?:${pattern})$`).test(value);
}

/** Whether a declared path answers a concrete or templated path. */
export function pathMatches(declared: string, path: string): boolean {
  const want = segments(declared);
  const got = segments(path);
  if (want.length !== got.length) return false;
  return want.every((segment, i) =>
    isParameter(segment)
      ? got[i] !== "" && parameterAccepts(segment, got[i])
      : segment === got[i] && !isPlaceholder(got[i])
  );
}

/**
 * The endpoint answering `method path`: a literal declaration wins over a
 * parameterised one (Hono registers literal routes first where both exist).
 */
export function findEndpoint(
  endpoints: readonly Endpoint[],
  method: string,
  path: string,
): Endpoint | undefined {
  const candidates = endpoints.filter((e) =>
    e.method.toUpperCase() === method.toUpperCase() && pathMatches(e.path, path)
  );
  const parameters = (e: Endpoint) => segments(e.path).filter(isParameter).length;
  return candidates.sort((a, b) => parameters(a) - parameters(b))[0];
}
