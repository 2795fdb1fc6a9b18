/**
 * What a write changes, read from the table it writes. Drivers announce it with the
 * commit, so no write can leave another instance's caches stale by forgetting to
 * say so. Organisation-precise announcements (the versions an event stream shows)
 * are made by the services in addition, through `Queryable.announce`.
 */
import type { ChangeTopic } from "./change-signal.ts";

/** Tables whose rows decide who may do what (the access caches follow them). */
const ACCESS_TABLES = new Set([
  "organizations",
  "organization_modules",
  "modules",
  "roles",
  "role_permissions",
  "user_organizations",
  "users",
  "settings",
]);

/**
 * Tables no cache of derived data reads: bookkeeping of sign-ins, invitations, mail,
 * audit and anonymous submissions, naming series counters, users' saved list views and
 * the bulk edits kept for undo.
 */
const QUIET_TABLES = new Set([
  "refresh_tokens",
  "password_resets",
  "invitations",
  "invitation_counts",
  "audit_logs",
  "mail_outbox",
  "mail_attachments",
  "client_errors",
  "chat_feedback",
  "contact_requests",
  "meta",
  "schema_migrations",
  "naming_series",
  "saved_views",
  "bulk_edits",
]);

/**
 * A session's activity is written on many requests (at most every 30 s per session)
 * and a new session is no cached one: neither flushes anything. Every other write
 * of a session (its end, its move to another organisation) is a change of sessions.
 */
const SESSION_QUIET = /^\s*(?:UPDATE\s+sessions\s+SET\s+last_seen_at\s*=\s*\?\s+WHERE\b|INSERT\b)/i;

/** Statements that refresh statistics or storage and change no row anyone reads. */
const MAINTENANCE = /^\s*(?:ANALYZE|VACUUM|PRAGMA\s+optimize)\b/i;

const WRITE = /^\s*(?:WITH\b[\s\S]*?\)\s*)?(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)"?/i;

const known = new Map<string, readonly ChangeTopic[]>();

const NONE: readonly ChangeTopic[] = [];
const ACCESS: readonly ChangeTopic[] = ["access"];
const DATA: readonly ChangeTopic[] = ["data"];
const SESSIONS: readonly ChangeTopic[] = ["sessions"];

/** The topics a write statement changes (remembered per statement text). */
export function topicsOfWrite(sql: string): readonly ChangeTopic[] {
  let topics = known.get(sql);
  if (topics) return topics;
  const table = WRITE.exec(sql)?.[1]?.toLowerCase();
  topics = MAINTENANCE.test(sql)
    ? NONE
    : table === undefined
    ? DATA
    : table === "sessions"
    ? (SESSION_QUIET.test(sql) ? NONE : SESSIONS)
    : ACCESS_TABLES.has(table)
    ? ACCESS
    : QUIET_TABLES.has(table)
    ? NONE
    : DATA;
  if (known.size < 10_000) known.set(sql, topics);
  return topics;
}
