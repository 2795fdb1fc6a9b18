/**
 * Reloads a screen's sources after record changes, together: names asked for
 * during a short quiet moment are reloaded at once, and never while the previous
 * reload still runs.
 */

/** How long after a change its sources reload, gathering the changes that follow. */
export const FOLLOW_WAIT_MS = 500;

/**
 * Gathers the names of sources to reload and reloads them together, at most one
 * reload at a time: names asked for during a reload wait for the next one.
 */
export class ReloadGatherer {
  readonly #waitMs: number;
  readonly #reload: (names: string[]) => Promise<unknown>;
  #pending = new Set<string>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running = false;
  #stopped = false;

  constructor(reload: (names: string[]) => Promise<unknown>, waitMs = FOLLOW_WAIT_MS) {
    this.#reload = reload;
    this.#waitMs = waitMs;
  }

  /** Asks for `names` to be reloaded soon. */
  add(names: readonly string[]): void {
    for (const name of names) this.#pending.add(name);
    this.#schedule();
  }

  /** Forgets what is pending; nothing more is reloaded. */
  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#pending.clear();
  }

  #schedule(): void {
    if (this.#stopped || this.#running || this.#timer !== undefined) return;
    if (this.#pending.size === 0) return;
    this.#timer = setTimeout(() => void this.#flush(), this.#waitMs);
  }

  async #flush(): Promise<void> {
    this.#timer = undefined;
    const names = [...this.#pending];
    this.#pending.clear();
    this.#running = true;
    try {
      await this.#reload(names);
    } catch {
      // A failed reload shows in its source's own error state.
    } finally {
      this.#running = false;
      this.#schedule();
    }
  }
}
