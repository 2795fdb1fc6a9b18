/**
 * The change feed: notices when an organisation's catalogue, permission or settings
 * version moves in the database — whether the change came through this process, the
 * admin command or another server instance — and tells that organisation's
 * subscribers. It follows the database's change signal: when access is heard to
 * change, the organisations' versions are read (one query) and compared with the
 * last known.
 */
import type { Database } from "../../db/database.ts";
import type { Change, RecordChange } from "../../db/change-signal.ts";
import { logLine } from "../http/log.ts";

/** What a subscriber hears when an organisation's versions move. */
export interface ChangeEvent {
  type: "catalogue" | "permissions" | "settings";
  organization_id: string;
  versions: { catalogue: number; permission: number; settings: number };
  at: string;
}

/** What a subscriber hears when records of the organisation change (open forms and lists refresh). */
export interface RecordsEvent {
  type: "records";
  organization_id: string;
  records: readonly RecordChange[];
  at: string;
}

interface VersionRow {
  id: string;
  catalogue_version: number;
  permission_version: number;
  settings_version: number;
}

type Listener = (event: ChangeEvent | RecordsEvent) => void;

/** The first pause before a failed look is tried again; it doubles up to the most. */
const RETRY_FIRST_MS = 50;
const RETRY_MAX_MS = 1000;

/** Whether a change may have moved an organisation's versions. */
function concernsVersions(change: Change): boolean {
  return change.topics.some((t) =>
    t === "access" || t === "catalogue" || t === "permissions" || t === "settings"
  );
}

/** Watches organisation versions and fans changes out per organisation. */
export class ChangeFeed {
  readonly #db: Database;
  readonly #clock: () => number;
  readonly #listeners = new Map<string, Set<Listener>>();
  #known = new Map<string, VersionRow>();
  #unsubscribe: (() => void) | undefined;
  #polling: Promise<void> | undefined;
  #next: Promise<void> | undefined;
  #retry: ReturnType<typeof setTimeout> | undefined;

  constructor(db: Database, clock: () => number) {
    this.#db = db;
    this.#clock = clock;
  }

  /**
   * Starts following the change signal (the first subscription does). A
   * look that fails (the database busy or gone for a moment) is logged and tried
   * again shortly: it must never end the process, nor lose the change.
   */
  start(): void {
    if (this.#unsubscribe !== undefined) return;
    this.#unsubscribe = this.#db.signal.subscribe((change) => {
      if (concernsVersions(change)) this.#look(RETRY_FIRST_MS);
      if (change.records?.length && change.organizationId) {
        this.#emit({
          type: "records",
          organization_id: change.organizationId,
          records: change.records,
          at: new Date(this.#clock()).toISOString(),
        });
      }
    });
    this.#look(RETRY_FIRST_MS);
  }

  #look(retryMs: number): void {
    this.poke().catch((error) => {
      logLine(null, "warn", "change feed look failed", { error: String(error) });
      if (this.#unsubscribe === undefined) return;
      clearTimeout(this.#retry);
      this.#retry = setTimeout(() => this.#look(Math.min(retryMs * 2, RETRY_MAX_MS)), retryMs);
      Deno.unrefTimer(this.#retry as unknown as number);
    });
  }

  /** Stops following the signal. */
  stop(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    clearTimeout(this.#retry);
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
  /**
   * Subscribes to an organisation's changes; returns the unsubscribe function. The
   * feed follows the change signal while anyone listens, and does nothing otherwise.
   */
  subscribe(organizationId: string, listener: Listener): () => void {
    let set = this.#listeners.get(organizationId);
    if (!set) this.#listeners.set(organizationId, set = new Set());
    set.add(listener);
    this.start();
    return () => {
      set!.delete(listener);
      if (set!.size === 0) this.#listeners.delete(organizationId);
      if (this.#listeners.size === 0) this.stop();
    };
  }

  /** Number of open subscriptions (for the health of the feed). */
  get subscribers(): number {
    let n = 0;
    for (const set of this.#listeners.values()) n += set.size;
    return n;
  }

  /**
   * Looks at the database now. A poke while a look is under way is answered by one
   * more look after it (the first may have read before the change committed); any
   * further pokes meanwhile share that one.
   */
  poke(): Promise<void> {
    if (!this.#polling) {
      this.#polling = this.#poll().finally(() => (this.#polling = undefined));
      return this.#polling;
    }
    this.#next ??= this.#polling.catch(() => {}).then(() => {
      this.#next = undefined;
      return this.poke();
    });
    return this.#next;
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

  #emit(event: ChangeEvent | RecordsEvent): void {
    for (const listener of this.#listeners.get(event.organization_id) ?? []) listener(event);
  }
}
