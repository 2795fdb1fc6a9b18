/**
 * The change feed: notices when an organisation's catalogue, permission or settings
 * version moves in the database — whether the change came through this process, the
 * admin command or another server instance — and tells that organisation's
 * subscribers. The database is polled every 250 ms (one indexed query for all
 * organisations); a write through this process pokes the feed so its own changes go
 * out at once.
 */
import type { Database } from "../../db/database.ts";
import { logLine } from "../http/log.ts";

/** What a subscriber hears. */
export interface ChangeEvent {
  type: "catalogue" | "permissions" | "settings";
  organization_id: string;
  versions: { catalogue: number; permission: number; settings: number };
  at: string;
}

interface VersionRow {
  id: string;
  catalogue_version: number;
  permission_version: number;
  settings_version: number;
}

type Listener = (event: ChangeEvent) => void;

/** How often the database is looked at. */
export const POLL_MS = 250;

/** Watches organisation versions and fans changes out per organisation. */
export class ChangeFeed {
  readonly #db: Database;
  readonly #clock: () => number;
  readonly #listeners = new Map<string, Set<Listener>>();
  #known = new Map<string, VersionRow>();
  #timer: ReturnType<typeof setInterval> | undefined;
  #polling: Promise<void> | undefined;

  constructor(db: Database, clock: () => number) {
    this.#db = db;
    this.#clock = clock;
  }

  /**
   * Starts polling (the server does; tests poke instead). A poll that fails (the
   * database busy or gone for a moment) is logged and the next one tries again: it
   * must never end the process.
   */
  start(intervalMs = POLL_MS): void {
    if (this.#timer !== undefined) return;
    const timer = setInterval(() => {
      this.poke().catch((error) =>
        logLine(null, "warn", "change feed poll failed", { error: String(error) })
      );
    }, intervalMs);
    Deno.unrefTimer(timer as unknown as number);
    this.#timer = timer;
  }

  /** Stops polling. */
  stop(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** Current versions of an organisation (for resynchronising after a gap). */
  versionsOf(organizationId: string): ChangeEvent["versions"] | undefined {
    const row = this.#known.get(organizationId);
    return row &&
      {
        catalogue: row.catalogue_version,
        permission: row.permission_version,
        settings: row.settings_version,
      };
  }

  /** Subscribes to an organisation's changes; returns the unsubscribe function. */
  subscribe(organizationId: string, listener: Listener): () => void {
    let set = this.#listeners.get(organizationId);
    if (!set) this.#listeners.set(organizationId, set = new Set());
    set.add(listener);
    return () => {
      set!.delete(listener);
      if (set!.size === 0) this.#listeners.delete(organizationId);
    };
  }

  /** Number of open subscriptions (for the health of the feed). */
  get subscribers(): number {
    let n = 0;
    for (const set of this.#listeners.values()) n += set.size;
    return n;
  }

  /** Looks at the database now; concurrent pokes share one look. */
  poke(): Promise<void> {
    this.#polling ??= this.#poll().finally(() => (this.#polling = undefined));
    return this.#polling;
  }

  async #poll(): Promise<void> {
    const rows = await this.#db.all<VersionRow>(
      "SELECT id, catalogue_version, permission_version, settings_version FROM organizations",
    );
    const first = this.#known.size === 0;
    const next = new Map(rows.map((r) => [r.id, r]));
    if (!first) {
      for (const row of rows) {
        const before = this.#known.get(row.id);
        if (!before) continue;
        const versions = {
          catalogue: row.catalogue_version,
          permission: row.permission_version,
          settings: row.settings_version,
        };
        const at = new Date(this.#clock()).toISOString();
        if (before.catalogue_version !== row.catalogue_version) {
          this.#emit({ type: "catalogue", organization_id: row.id, versions, at });
        }
        if (before.permission_version !== row.permission_version) {
          this.#emit({ type: "permissions", organization_id: row.id, versions, at });
        }
        if (before.settings_version !== row.settings_version) {
          this.#emit({ type: "settings", organization_id: row.id, versions, at });
        }
      }
    }
    this.#known = next;
  }

  #emit(event: ChangeEvent): void {
    for (const listener of this.#listeners.get(event.organization_id) ?? []) listener(event);
  }
}
