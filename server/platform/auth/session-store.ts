/**
 * The server-side session store. A session is one sign-in: its user, its own
 * current organisation and its last activity. Every authenticated request asks
 * `live()`, which answers from memory until the change signal says sessions or
 * access changed (a revocation through this process at once; one by another
 * instance as soon as it is heard), and otherwise reads the row.
 *
 * Activity is not announced (it would flush every instance's caches every few
 * seconds), so a remembered `last_seen_at` may be older than the truth when the
 * person's requests went to another instance: a session that looks idle is read
 * again before it is ended.
 *
 * The organisation's idle time-out is enforced here: a session whose last activity
 * is older than the time-out is ended and answered 401 `session_idle`. Activity is
 * written at most once per `SESSION_TOUCH_INTERVAL_MS` per session, to spare writes.
 */
import type { Database } from "../../db/database.ts";
import type { ChangeTopic } from "../../db/change-signal.ts";
import { readSessionPolicy, type SessionPolicy } from "../orgs/session-policy.ts";
import { AppError } from "../errors/app-error.ts";
import * as repo from "./repo.ts";

/** What remembered sessions and policies are derived from (policies are settings). */
const SESSION_TOPICS: readonly ChangeTopic[] = ["sessions", "access", "settings"];

/** Activity is recorded at most this often per session. */
export const SESSION_TOUCH_INTERVAL_MS = 30_000;

/** Why a session ended, as stored in `revoked_reason`. */
export type SessionEndReason =
  | "signed_out"
  | "signed_out_everywhere"
  | "idle"
  | "refresh_reuse"
  | "membership_ended"
  | "user_deactivated";

const END_MESSAGES: Record<SessionEndReason, string> = {
  idle: "Your session ended after a period without activity. Sign in again.",
  signed_out: "You signed out. Sign in again to continue.",
  signed_out_everywhere: "Your session was ended. Sign in again to continue.",
  refresh_reuse: "Your session was ended because its sign-in was used twice. Sign in again.",
  membership_ended: "You no longer have an active membership in any organization.",
  user_deactivated: "Your account has been deactivated.",
};

/**
 * What a person is told after the idle time-out, by the server's 401 and by the
 * client's own guard alike: "You were signed out after 30 minutes without activity."
 */
export function idleSignedOutText(idleTimeoutSeconds: number): string {
  const minutes = idleTimeoutSeconds / 60;
  const span = Number.isInteger(minutes)
    ? `${minutes} ${minutes === 1 ? "minute" : "minutes"}`
    : `${idleTimeoutSeconds} ${idleTimeoutSeconds === 1 ? "second" : "seconds"}`;
  return `You were signed out after ${span} without activity.`;
}

/** The 401 of an idle session, saying after how long. */
export function sessionIdle(idleTimeoutSeconds: number): AppError {
  return new AppError(401, "session_idle", idleSignedOutText(idleTimeoutSeconds), {
    details: { reason: "idle", idle_timeout_seconds: idleTimeoutSeconds },
  });
}

/**
 * How stale the recorded last activity may be: at most `SESSION_TOUCH_INTERVAL_MS`,
 * and a quarter of the idle time-out when that is shorter, so that a session in use
 * is never taken for idle.
 */
function touchIntervalMs(idleTimeoutSeconds: number): number {
  return Math.min(SESSION_TOUCH_INTERVAL_MS, (idleTimeoutSeconds * 1000) / 4);
}

/** The 401 of a session that was ended. */
export function sessionEnded(reason: string): AppError {
  const message = END_MESSAGES[reason as keyof typeof END_MESSAGES] ?? END_MESSAGES.signed_out;
  return new AppError(401, "session_ended", message, { details: { reason } });
}

/** Sessions, cached until the change signal moves, with idle time-out and in-process end notices. */
export class SessionStore {
  readonly #db: Database;
  readonly #clock: () => number;
  readonly #defaults: SessionPolicy;
  readonly #rows = new Map<string, repo.SessionRow>();
  readonly #policies = new Map<string, SessionPolicy>();
  readonly #watchers = new Map<string, Set<(reason: string) => void>>();
  #stamp = "";

  constructor(db: Database, clock: () => number, defaults: SessionPolicy) {
    this.#db = db;
    this.#clock = clock;
    this.#defaults = defaults;
  }

  /**
   * The live session `id` of `userId`, or a 401 that says why not. With `touch`, the
   * request counts as activity.
   */
  async live(id: string, userId: string, options: { touch: boolean }): Promise<repo.SessionRow> {
    // A remembered session and policy are answered without waiting on anything.
    let row = this.#remembered(id) ?? await this.#read(id);
    const now = this.#clock();
    let idleSeconds = row ? this.#knownIdleSeconds(row) ?? await this.#idleSecondsOf(row) : 0;
    let since = row ? now - Date.parse(row.last_seen_at) : 0;
    if (row && row.revoked_at === null && since > idleSeconds * 1000) {
      // The remembered activity may be older than the truth (another instance's): read again.
      row = await repo.findSession(this.#db, id);
      if (row) {
        this.#rows.set(id, row);
        idleSeconds = await this.#idleSecondsOf(row);
        since = now - Date.parse(row.last_seen_at);
      }
    }
    if (!row || row.user_id !== userId) {
      throw new AppError(401, "unauthenticated", "Session is not valid");
    }
    if (row.revoked_at !== null) {
      if (row.revoked_reason === "idle") throw sessionIdle(idleSeconds);
      throw sessionEnded(row.revoked_reason ?? "signed_out");
    }
    if (since > idleSeconds * 1000) {
      await this.revoke(id, "idle");
      throw sessionIdle(idleSeconds);
    }
    if (options.touch && since >= touchIntervalMs(idleSeconds)) {
      const seen = new Date(now).toISOString();
      await repo.touchSession(this.#db, id, seen);
      this.#sync();
      const touched = { ...row, last_seen_at: seen };
      this.#rows.set(id, touched);
      return touched;
    }
    return row;
  }

  /** Ends a session and its refresh tokens; streams of it in this process hear at once. */
  async revoke(id: string, reason: SessionEndReason): Promise<void> {
    await this.#db.transaction((tx) =>
      repo.revokeSession(tx, id, reason, new Date(this.#clock()).toISOString())
    );
    this.#rows.delete(id);
    for (const watcher of this.#watchers.get(id) ?? []) watcher(reason);
  }

  /** Calls `onEnd` when this process ends the session; returns the unsubscribe function. */
  watch(id: string, onEnd: (reason: string) => void): () => void {
    let set = this.#watchers.get(id);
    if (!set) this.#watchers.set(id, set = new Set());
    set.add(onEnd);
    return () => {
      set!.delete(onEnd);
      if (set!.size === 0) this.#watchers.delete(id);
    };
  }

  #sync(): void {
    const stamp = this.#db.signal.stamp(SESSION_TOPICS);
    if (stamp !== this.#stamp) {
      this.#stamp = stamp;
      this.#rows.clear();
      this.#policies.clear();
    }
  }

  /** The remembered session, while the change signal has not moved. */
  #remembered(id: string): repo.SessionRow | undefined {
    this.#sync();
    return this.#rows.get(id);
  }

  /** Reads a session, remembering it unless the signal moved meanwhile. */
  async #read(id: string): Promise<repo.SessionRow | undefined> {
    const stamp = this.#stamp;
    const row = await repo.findSession(this.#db, id);
    if (row && stamp === this.#db.signal.stamp(SESSION_TOPICS)) {
      if (this.#rows.size > 10_000) this.#rows.clear();
      this.#rows.set(id, row);
    }
    return row;
  }

  /** The idle time-out of a session's organisation, when its policy is remembered. */
  #knownIdleSeconds(row: repo.SessionRow): number | undefined {
    return this.#policies.get(row.organization_id)?.idleTimeoutSeconds;
  }

  async #idleSecondsOf(row: repo.SessionRow): Promise<number> {
    let policy = this.#policies.get(row.organization_id);
    if (!policy) {
      policy = await readSessionPolicy(this.#db, row.organization_id, this.#defaults);
      this.#policies.set(row.organization_id, policy);
    }
    return policy.idleTimeoutSeconds;
  }
}
