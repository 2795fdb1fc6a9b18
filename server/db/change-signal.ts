/**
 * The change signal: what changed, for which organisation, heard from this
 * instance's commits at once and from every other writer (another server
 * instance, the admin command) as soon as the database tells. Caches of derived
 * data compare `stamp(topics)`; the event streams subscribe.
 *
 * Drivers feed a `ChangeHub`: SQLite with its own commits plus `PRAGMA
 * data_version` for other processes' commits; PostgreSQL with `LISTEN/NOTIFY` on
 * one channel, the notification sent in the same transaction as the write.
 */

/** What may change. */
export const CHANGE_TOPICS = [
  /** Users, memberships, roles and permissions, modules, organisations, settings. */
  "access",
  /** An organisation's enabled modules (its catalogue version moved). */
  "catalogue",
  /** An organisation's roles, permissions or memberships (its permission version moved). */
  "permissions",
  /** An organisation's settings (its settings version moved). */
  "settings",
  /** A session ended or moved to another organisation. */
  "sessions",
  /** Business records (projects, tasks, leads, …). */
  "data",
] as const;

/** One of the topics. */
export type ChangeTopic = (typeof CHANGE_TOPICS)[number];

/**
 * A record that changed: its type and id (null: many records of the type, too many
 * to name), and its version after the change (absent when it was deleted).
 */
export interface RecordChange {
  type: string;
  id: string | null;
  version?: number;
}

/** Most records one change names; beyond, it says "many of this type". */
export const RECORD_CHANGES_MAX = 50;

/**
 * A change: its organisation (null when it concerns several or is unknown), its
 * topics and, for record writes, which records (open forms and lists refresh).
 */
export interface Change {
  organizationId: string | null;
  topics: readonly ChangeTopic[];
  records?: readonly RecordChange[];
}

/** Where a change was heard from. */
export type ChangeOrigin = "local" | "remote";

/** A subscriber. */
export type ChangeListener = (change: Change, origin: ChangeOrigin) => void;

/** The consumers' side of the signal. */
export interface ChangeSignal {
  /** A stamp that moves whenever any of `topics` is heard to change. Cheap: call per request. */
  stamp(topics: readonly ChangeTopic[]): string;
  /** Subscribes to every change heard; returns the unsubscribe function. */
  subscribe(listener: ChangeListener): () => void;
}

/** A change concerning everything: what a writer that says nothing more is taken to mean. */
export const EVERYTHING: Change = { organizationId: null, topics: CHANGE_TOPICS };

/** Counters per topic and the subscribers; drivers call `hear`. */
export class ChangeHub implements ChangeSignal {
  readonly #counts = new Map<ChangeTopic, number>(CHANGE_TOPICS.map((t) => [t, 0]));
  readonly #listeners = new Set<ChangeListener>();
  readonly #refresh: () => void;

  /** `refresh` runs before each stamp: a driver's chance to look for other writers. */
  constructor(refresh: () => void = () => {}) {
    this.#refresh = refresh;
  }

  stamp(topics: readonly ChangeTopic[]): string {
    this.#refresh();
    let stamp = "";
    for (const topic of topics) stamp += `${this.#counts.get(topic)}.`;
    return stamp;
  }

  subscribe(listener: ChangeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Records a change and tells the subscribers; a failing subscriber does not stop the rest. */
  hear(change: Change, origin: ChangeOrigin): void {
    if (change.topics.length === 0) return;
    for (const topic of change.topics) this.#counts.set(topic, this.#counts.get(topic)! + 1);
    for (const listener of this.#listeners) {
      try {
        listener(change, origin);
      } catch (error) {
        console.error("change listener failed", error);
      }
    }
  }
}

/**
 * The changes of one transaction (or one statement outside a transaction), merged
 * per organisation, to be sent when it commits.
 */
export class PendingChanges {
  readonly #byOrganization = new Map<string | null, Set<ChangeTopic>>();
  readonly #records = new Map<string | null, Map<string, RecordChange>>();

  add(change: Change): void {
    let topics = this.#byOrganization.get(change.organizationId);
    if (!topics) this.#byOrganization.set(change.organizationId, topics = new Set());
    for (const topic of change.topics) topics.add(topic);
    if (!change.records?.length) return;
    let records = this.#records.get(change.organizationId);
    if (!records) this.#records.set(change.organizationId, records = new Map());
    for (const record of change.records) {
      if (records.has(`${record.type}\u0000*`)) continue;
      records.set(`${record.type}\u0000${record.id ?? "*"}`, record);
    }
    if (records.size > RECORD_CHANGES_MAX) {
      const types = new Set([...records.values()].map((r) => r.type));
      records.clear();
      for (const type of types) records.set(`${type}\u0000*`, { type, id: null });
    }
  }

  /**
   * The merged changes; topics announced without an organisation are not repeated
   * per organisation, save with the records an organisation's writes named.
   */
  changes(): Change[] {
    const global = this.#byOrganization.get(null);
    const out: Change[] = [];
    for (const [organizationId, topics] of this.#byOrganization) {
      const own = organizationId === null
        ? [...topics]
        : [...topics].filter((t) => !global?.has(t) || isOrganizationTopic(t));
      const records = this.#records.get(organizationId);
      // The records an organisation's writes name are kept even when a change without
      // an organisation already covers their topic: listeners wait for those records
      // (the automation runner for its queued runs, open forms for theirs).
      if (own.length || records?.size) {
        out.push({
          organizationId,
          topics: own.length ? own : ["data"],
          ...(records?.size ? { records: [...records.values()] } : {}),
        });
      }
    }
    return out;
  }
}

/** Topics whose subscribers care which organisation changed (the event streams). */
function isOrganizationTopic(topic: ChangeTopic): boolean {
  return topic === "catalogue" || topic === "permissions" || topic === "settings";
}
