/**
 * Serialised descriptors, built once per key (organisation, permission fingerprint,
 * catalogue and settings versions, screen and params) and answered as prebuilt
 * responses with a strong ETag. A revalidation with a matching If-None-Match is a
 * 304 with no rebuilding and no serialising.
 */

import type { Context } from "hono";
import type { AppEnv } from "../platform/http/app-env.ts";
import { PreparedResponse } from "../platform/http/prepared-response.ts";

const VALIDATOR_HEADERS = (etag: string): [string, string][] => [
  ["ETag", etag],
  ["Cache-Control", "private, no-cache"],
  ["Vary", "Authorization"],
];

/**
 * One cached descriptor: its bytes, ETag, and the prepared 200 (or 403) and 304
 * answers. The 304 carries the validators and the request id only: it has no
 * content for the security headers to govern, and the browser keeps the stored
 * response's own (RFC 9111 §4.3.4).
 */
export class CachedDescriptor {
  readonly body: Uint8Array;
  readonly etag: string;
  readonly status: number;
  readonly #full: PreparedResponse;
  readonly #notModified: PreparedResponse;

  constructor(body: Uint8Array, etag: string, status: number) {
    this.body = body;
    this.etag = etag;
    this.status = status;
    this.#full = new PreparedResponse(body, status, [
      ...VALIDATOR_HEADERS(etag),
      ["Content-Type", "application/json; charset=UTF-8"],
    ]);
    this.#notModified = new PreparedResponse(null, 304, VALIDATOR_HEADERS(etag), {
      secure: false,
    });
  }

  /** Whether an If-None-Match header names this descriptor's ETag (weak or strong). */
  matches(ifNoneMatch: string | null | undefined): boolean {
    if (!ifNoneMatch) return false;
    return ifNoneMatch === this.etag ||
      ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === this.etag);
  }

  /** The answer for one request: 304 when the client's ETag matches, else the document. */
  answer(ifNoneMatch: string | null | undefined, requestId: string): Response {
    return (this.matches(ifNoneMatch) ? this.#notModified : this.#full).answer(requestId);
  }
}

/** A bounded map of cached descriptors (oldest entry dropped first). */
export class DescriptorCache {
  readonly #entries = new Map<string, CachedDescriptor>();
  readonly #max: number;

  constructor(max = 5000) {
    this.#max = max;
  }

  /** The cached entry for key, if there is one (a hit answers without waiting). */
  peek(key: string): CachedDescriptor | undefined {
    return this.#entries.get(key);
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
    const entry = new CachedDescriptor(body, etag, built.status ?? 200);
    if (this.#entries.size >= this.#max) {
      this.#entries.delete(this.#entries.keys().next().value!);
    }
    this.#entries.set(key, entry);
    return entry;
  }

  /** How many descriptors are held. */
  get size(): number {
    return this.#entries.size;
  }

  /** Forgets everything (tests, catalogue redefinition). */
  clear(): void {
    this.#entries.clear();
  }
}

/** The answer for a cached descriptor: its prepared bytes, or a 304. */
export function descriptorResponse(c: Context<AppEnv>, entry: CachedDescriptor): Response {
  return entry.answer(c.req.header("if-none-match"), c.get("requestId"));
}
