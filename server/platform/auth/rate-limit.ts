/**
 * Failed sign-in limits per account and per client address in a sliding window
 * (defaults 10 and 50 in 15 minutes). Once a key is over its limit, sign-in is
 * refused with 429 and Retry-After until the oldest counted failure leaves the
 * window, even with the right password: that is what stops guessing.
 */

/** Limits of the login throttle. */
export interface LoginLimits {
  maxPerAccount: number;
  maxPerAddress: number;
  windowMs: number;
}

/** The throttle: check before verifying, record failures, clear an account on success. */
export class LoginThrottle {
  readonly #limits: LoginLimits;
  readonly #clock: () => number;
  readonly #failures = new Map<string, number[]>();

  constructor(limits: LoginLimits, clock: () => number) {
    this.#limits = limits;
    this.#clock = clock;
  }

  #recent(key: string): number[] {
    const cutoff = this.#clock() - this.#limits.windowMs;
    const times = (this.#failures.get(key) ?? []).filter((t) => t > cutoff);
    if (times.length) this.#failures.set(key, times);
    else this.#failures.delete(key);
    return times;
  }

  /** Seconds to wait before trying again, or 0 when sign-in may proceed. */
  retryAfterSeconds(account: string, address: string): number {
    let wait = 0;
    for (
      const [key, max] of [[`account:${account}`, this.#limits.maxPerAccount], [
        `address:${address}`,
        this.#limits.maxPerAddress,
      ]] as const
    ) {
      const times = this.#recent(key);
      if (times.length >= max) {
        const freeAt = times[times.length - max] + this.#limits.windowMs;
        wait = Math.max(wait, Math.ceil((freeAt - this.#clock()) / 1000));
      }
    }
    return wait;
  }

  /** Counts one failed attempt. */
  recordFailure(account: string, address: string): void {
    const now = this.#clock();
    for (const key of [`account:${account}`, `address:${address}`]) {
      const times = this.#recent(key);
      times.push(now);
      this.#failures.set(key, times);
    }
    if (this.#failures.size > 100_000) this.#failures.clear();
  }

  /** Forgets an account's failures after a successful sign-in. */
  recordSuccess(account: string): void {
    this.#failures.delete(`account:${account}`);
  }
}
