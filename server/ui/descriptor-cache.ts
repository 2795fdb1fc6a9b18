/**
 * Serialised descriptors, built once per key (organisation, permission fingerprint,
 * catalogue and settings versions, screen and params) and answered as prebuilt bytes
 * with a strong ETag. A revalidation with a matching If-None-Match is a 304 with no
 * rebuilding and no serialising.
 */

import type { Context } from "hono";

/** One cached descriptor. */
export interface CachedDescriptor {
  body: Uint8Array;
  etag: string;
  status: number;
}

/** A bounded map of cached descriptors (oldest entry dropped first). */
export class DescriptorCache {
  readonly #entries = new Map<string, CachedDescriptor>();
  readonly #max: number;

  constructor(max = 5000) {
    this.#max = max;
  }

  /** The cached entry for key, building it with `build` on a miss. */
  async get(
    key: string,
    build: () => Promise<{ value: unknown; status?: number }>,
  ): Promise<CachedDescriptor> {
    const hit = this.#entries.get(key);
    if (hit) return hit;
    const built = await build();
    const body = new TextEncoder().encode(JSON.stringify(built.value));
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-1", body));
    const etag = `"${
      Array.from(digest.slice(0, 12), (b) => b.toString(16).padStart(2, "0")).join("")
    }"`;
    const entry = { body, etag, status: built.status ?? 200 };
    if (this.#entries.size >= this.#max) {
      this.#entries.delete(this.#entries.keys().next().value!);
    }
    this.#entries.set(key, entry);
    return entry;
  }

  /** The cached entry for key, without building. */
  peek(key: string): CachedDescriptor | undefined {
    return this.#entries.get(key);
  }

  /** Forgets everything (tests, catalogue redefinition). */
  clear(): void {
    this.#entries.clear();
  }
}

/** The answer for a cached descriptor: 304 when the client's ETag matches. */
export function descriptorResponse(
  c: Context,
  entry: CachedDescriptor,
  headers: Record<string, string> = {},
): Response {
  const common = {
    ETag: entry.etag,
    "Cache-Control": "private, no-cache",
    Vary: "Authorization",
    ...headers,
  };
  const ifNoneMatch = c.req.header("if-none-match");
  if (
    ifNoneMatch &&
    ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === entry.etag)
  ) {
    return c.body(null, 304, common);
  }
  return c.body(entry.body as Uint8Array<ArrayBuffer>, entry.status as 200, {
    "Content-Type": "application/json; charset=UTF-8",
    ...common,
  });
}
