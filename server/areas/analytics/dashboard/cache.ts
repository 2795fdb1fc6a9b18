/**
 * The dashboard analytics cache (document 2, §9): entries live 300 seconds from
 * when they were stored; expired entries are purged every 600 seconds; when the
 * entries exceed the maximum size setting (100, at most 1000) the oldest-accessed
 * 20% are removed. Time comes from an injected clock, and the periodic purge runs
 * lazily on the first use of the cache after each interval, so there is no timer
 * to leak or to clear.
 */
import { DASHBOARD_ANALYTICS } from "../../../../schemas/api/dashboard-analytics.ts";

/** Settings of a cache; every one has the spec's default. */
export interface CacheOptions {
  clock: () => number;
  ttlMs?: number;
  cleanupIntervalMs?: number;
  maxSize?: number;
  evictFraction?: number;
}

/** A hit: the value and when it was stored and expires (ms). */
export interface CacheHit<T> {
  value: T;
  storedAt: number;
  expiresAt: number;
}

interface Entry<T> extends CacheHit<T> {
  accessedAt: number;
}

/** A TTL cache with periodic purge and oldest-accessed eviction. */
export class TtlCache<T> {
  readonly ttlMs: number;
  readonly cleanupIntervalMs: number;
  readonly maxSize: number;
  readonly evictFraction: number;
  readonly #clock: () => number;
  readonly #entries = new Map<string, Entry<T>>();
  #lastCleanup: number;

  constructor(options: CacheOptions) {
    this.#clock = options.clock;
    this.ttlMs = options.ttlMs ?? DASHBOARD_ANALYTICS.cacheTtlSeconds * 1000;
    this.cleanupIntervalMs = options.cleanupIntervalMs ??
      DASHBOARD_ANALYTICS.cacheCleanupSeconds * 1000;
    this.maxSize = options.maxSize ?? DASHBOARD_ANALYTICS.cacheMaxSize;
    this.evictFraction = options.evictFraction ?? DASHBOARD_ANALYTICS.cacheEvictFraction;
    const limit = DASHBOARD_ANALYTICS.cacheMaxSizeLimit;
    if (!Number.isInteger(this.maxSize) || this.maxSize < 1 || this.maxSize > limit) {
      throw new RangeError(`Cannot create cache: maxSize must be 1–${limit}, got ${this.maxSize}`);
    }
    this.#lastCleanup = this.#clock();
  }

  /** Entries held now (expired ones included until they are purged or read). */
  get size(): number {
    return this.#entries.size;
  }

  /**
   * The live entry under key, marking it accessed; undefined when absent or expired.
   * A hit is the stored entry itself (read-only to callers), not a copy: this is on
   * the path of every cached dashboard answer.
   */
  get(key: string): Readonly<CacheHit<T>> | undefined {
    const now = this.#tick();
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.#entries.delete(key);
      return undefined;
    }
    entry.accessedAt = now;
    return entry;
  }

  /** Stores a value; evicts the oldest-accessed share when over the maximum size. */
  set(key: string, value: T): CacheHit<T> {
    const now = this.#tick();
    const entry = { value, storedAt: now, expiresAt: now + this.ttlMs, accessedAt: now };
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    if (this.#entries.size > this.maxSize) this.#evict();
    return { value, storedAt: entry.storedAt, expiresAt: entry.expiresAt };
  }

  /** Removes the entries whose key starts with prefix (all with ""); returns how many. */
  forget(prefix: string): number {
    let forgotten = 0;
    for (const key of this.#entries.keys()) {
      if (key.startsWith(prefix)) {
        this.#entries.delete(key);
        forgotten++;
      }
    }
    return forgotten;
  }

  /** Removes every expired entry; returns how many. */
  purgeExpired(): number {
    const now = this.#clock();
    this.#lastCleanup = now;
    let purged = 0;
    for (const [key, entry] of this.#entries) {
      if (entry.expiresAt <= now) {
        this.#entries.delete(key);
        purged++;
      }
    }
    return purged;
  }

  #tick(): number {
    const now = this.#clock();
    if (now - this.#lastCleanup >= this.cleanupIntervalMs) this.purgeExpired();
    return now;
  }

  #evict(): void {
    const count = Math.ceil(this.#entries.size * this.evictFraction);
    // Map order is insertion order, so equal access times evict the older entry first.
    const oldest = [...this.#entries].sort((a, b) => a[1].accessedAt - b[1].accessedAt)
      .slice(0, count);
    for (const [key] of oldest) this.#entries.delete(key);
  }
}
