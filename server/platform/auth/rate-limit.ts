/**
 * Sliding-window limits kept in memory, per server process (several instances
 * behind a load balancer each count on their own). A key's recent events are kept
 * as times; once a key holds `max` events inside the window it is refused until
 * the oldest leaves the window. The number of keys is bounded: expired keys are
 * swept, and past the bound the longest-known keys are forgotten first.
 */

/** One limit: at most `max` events per `windowMs`. */
export interface WindowLimit {
  max: number;
  windowMs: number;
}

/** The most keys one limiter remembers. */
export const MAX_KEYS = 100_000;

/** A sliding-window counter per key. */
export class SlidingWindowLimiter {
  readonly limit: WindowLimit;
  readonly #clock: () => number;
  readonly #events = new Map<string, number[]>();

  constructor(limit: WindowLimit, clock: () => number) {
    this.limit = limit;
    this.#clock = clock;
  }

  #recent(key: string): number[] {
    const cutoff = this.#clock() - this.limit.windowMs;
    const times = (this.#events.get(key) ?? []).filter((t) => t > cutoff);
    if (times.length) this.#events.set(key, times);
    else this.#events.delete(key);
    return times;
  }

  /** Seconds until the key may act again, or 0 when it may act now. */
  retryAfterSeconds(key: string): number {
    const times = this.#recent(key);
    if (times.length < this.limit.max) return 0;
    const freeAt = times[times.length - this.limit.max] + this.limit.windowMs;
    return Math.max(1, Math.ceil((freeAt - this.#clock()) / 1000));
  }

  /** Counts one event for the key. */
  record(key: string): void {
    const times = this.#recent(key);
    times.push(this.#clock());
    // Re-inserted last, so the bound below forgets the keys seen longest ago.
    this.#events.delete(key);
    this.#events.set(key, times.slice(-this.limit.max));
    if (this.#events.size > MAX_KEYS) this.#shrink();
  }

  /** Counts the event when the key is under its limit; else the seconds to wait. */
  take(key: string): number {
    const wait = this.retryAfterSeconds(key);
    if (wait === 0) this.record(key);
    return wait;
  }

  /** Forgets a key. */
  forget(key: string): void {
    this.#events.delete(key);
  }

  #shrink(): void {
    for (const key of [...this.#events.keys()]) this.#recent(key);
    for (const key of this.#events.keys()) {
      if (this.#events.size <= MAX_KEYS) break;
      this.#events.delete(key);
    }
  }
}

/** Limits of the login throttle. */
export interface LoginLimits {
  maxPerAccount: number;
  maxPerAddress: number;
  windowMs: number;
}

/**
 * Failed sign-in limits per account and per client address (defaults 10 and 50 in
 * 15 minutes). Once a key is over its limit, sign-in is refused with 429 and
 * Retry-After until the oldest counted failure leaves the window, even with the
 * right password: that is what stops guessing.
 */
export class LoginThrottle {
  readonly #accounts: SlidingWindowLimiter;
  readonly #addresses: SlidingWindowLimiter;

  constructor(limits: LoginLimits, clock: () => number) {
    this.#accounts = new SlidingWindowLimiter(
      { max: limits.maxPerAccount, windowMs: limits.windowMs },
      clock,
    );
    this.#addresses = new SlidingWindowLimiter(
      { max: limits.maxPerAddress, windowMs: limits.windowMs },
      clock,
    );
  }

  /** Seconds to wait before trying again, or 0 when sign-in may proceed. */
  retryAfterSeconds(account: string, address: string): number {
    return Math.max(
      this.#accounts.retryAfterSeconds(account),
      this.#addresses.retryAfterSeconds(address),
    );
  }

  /** Counts one failed attempt. */
  recordFailure(account: string, address: string): void {
    this.#accounts.record(account);
    this.#addresses.record(address);
  }

  /** Forgets an account's failures after a successful sign-in. */
  recordSuccess(account: string): void {
    this.#accounts.forget(account);
  }
}
