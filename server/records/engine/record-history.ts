/**
 * A record's timeline: its audited changes (who, when, which field from what to
 * what: the type's fields, its name, state and document status, nothing else an
 * entry may carry), actions with their comments, what other records did to it (a
 * payment applied, named and linked), and comments, newest first. Each entry's
 * values go through the record's own visibility (record-access.ts), so fields the
 * caller may not see — of child rows too, which are audited whole — are left out.
 */
import type { Queryable } from "../../db/database.ts";
import type { MembershipAccess } from "../../platform/access/access.ts";
import { readsEveryRecord, visibleRecord } from "./record-access.ts";
import type { RecordType } from "../define.ts";
import { titlesOf } from "./link-titles.ts";

const KINDS: Record<string, "created" | "changed" | "deleted" | "imported" | undefined> = {
  create: "created",
  update: "changed",
  bulk_update: "changed",
  bulk_undo: "changed",
  delete: "deleted",
  import: "imported",
};

/** The timeline entries of one record. */
export async function recordHistory(
  q: Queryable,
  type: RecordType,
  access: MembershipAccess,
  id: string,
  findType: (id: string) => RecordType | undefined,
) {
  const audits = await q.all<{
    id: string;
    action: string;
    before_value: string | null;
    after_value: string | null;
    created_at: string;
    actor_id: string | null;
    first_name: string | null;
    last_name: string | null;
  }>(
    `SELECT a.id, a.action, a.before_value, a.after_value, a.created_at, a.actor_id, u.first_name, u.last_name
     FROM audit_logs a LEFT JOIN users u ON u.id = a.actor_id
     WHERE a.organization_id = ? AND a.resource_type = ? AND a.resource_id = ?
     ORDER BY a.created_at, a.id`,
    [access.organizationId, type.id, id],
  );
  const comments = await q.all<{
    id: string;
    body: string;
    created_at: string;
    created_by: string | null;
    first_name: string | null;
    last_name: string | null;
  }>(
    `SELECT c.id, c.body, c.created_at, c.created_by, u.first_name, u.last_name
     FROM record_comments c LEFT JOIN users u ON u.id = c.created_by
     WHERE c.organization_id = ? AND c.record_type = ? AND c.record_id = ?
     ORDER BY c.created_at, c.id`,
    [access.organizationId, type.id, id],
  );
  const who = (actor: string | null, first: string | null, last: string | null) => ({
    id: actor,
    name: actor ? `${first ?? ""} ${last ?? ""}`.trim() || "Someone" : "System",
  });
  const label = (field: string) => type.field.get(field)?.label ?? standardLabel(type, field)!;
  const entries = [
    ...audits.map((a) => {
      const before = visibleRecord(type, access, a.before_value ? JSON.parse(a.before_value) : {});
      const after = visibleRecord(type, access, a.after_value ? JSON.parse(a.after_value) : {});
      const comment = typeof after.comment === "string" ? after.comment : undefined;
      const cause = causeOf(after.cause, access, findType);
      // Only what the type shows is told: an audit entry may carry bookkeeping of its own.
      const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])]
        .filter((f) => type.field.has(f) || standardLabel(type, f) !== undefined);
      const kind: "created" | "changed" | "deleted" | "imported" | "action" = KINDS[a.action] ??
        "action";
      return {
        id: a.id,
        kind,
        at: a.created_at,
        by: who(a.actor_id, a.first_name, a.last_name),
        ...(kind === "action" ? { action: a.action } : {}),
        ...(comment ? { comment } : {}),
        ...cause,
        changes: fields.map((f) => ({
          field: f,
          label: label(f),
          from: before[f] ?? null,
          to: after[f] ?? null,
          // Document statuses read as words: Draft → Submitted, never 0 → 1.
          ...(f === "docstatus"
            ? { from_title: docstatusTitle(before[f]), to_title: docstatusTitle(after[f]) }
            : {}),
        })),
      };
    }),
    ...comments.map((c) => ({
      id: c.id,
      kind: "comment" as const,
      at: c.created_at,
      by: who(c.created_by, c.first_name, c.last_name),
      comment: c.body,
    })),
  ];
  entries.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.id < b.id ? 1 : -1));
  await nameLinks(q, type, access, entries as { changes?: LinkChange[] }[], findType);
  return { entries };
}

const DOCSTATUS_TITLES = ["Draft", "Submitted", "Cancelled"];

function docstatusTitle(value: unknown): string | null {
  return typeof value === "number" ? DOCSTATUS_TITLES[value] ?? null : null;
}

/**
 * The summary of an entry another record caused (a payment applied to an
 * invoice), naming and linking that record for callers who may read every record
 * of its type; others read what happened without its name ("Payment applied
 * $400.00"), or nothing when the entry has no such wording.
 */
function causeOf(
  cause: unknown,
  access: MembershipAccess,
  findType: (id: string) => RecordType | undefined,
): { summary?: string; link?: { label: string; path: string } } {
  if (typeof cause !== "object" || cause === null) return {};
  const { type, id, name, summary, unnamed_summary: unnamed } = cause as Record<string, unknown>;
  const target = typeof type === "string" ? findType(type) : undefined;
  if (
    typeof summary !== "string" || !target || typeof id !== "string" ||
    typeof name !== "string" || !readsEveryRecord(target, access)
  ) {
    return typeof unnamed === "string" ? { summary: unnamed } : {};
  }
  const route = target.declaration.form_route ?? `${target.module}/:id`;
  return {
    summary,
    link: { label: name, path: `/app/${route.replace(":id", encodeURIComponent(id))}` },
  };
}

/** The label of a column every record of the type has besides its fields, if it is one. */
function standardLabel(type: RecordType, field: string): string | undefined {
  if (field === "name") return "Name";
  if (field === "status" && type.declaration.states) return "Status";
  if (field === "docstatus" && type.declaration.submittable) return "Document status";
  return undefined;
}

/** Adds the titles of linked records to the changes of link fields (one query per target). */
async function nameLinks(
  q: Queryable,
  type: RecordType,
  access: MembershipAccess,
  entries: { changes?: LinkChange[] }[],
  findType: (id: string) => RecordType | undefined,
): Promise<void> {
  const changes = entries.flatMap((e) => e.changes ?? []);
  const byTarget = new Map<string, Set<string>>();
  for (const change of changes) {
    const target = type.field.get(change.field)?.link;
    if (!target) continue;
    const ids = byTarget.get(target) ?? new Set<string>();
    for (const value of [change.from, change.to]) if (typeof value === "string") ids.add(value);
    byTarget.set(target, ids);
  }
  const titles = new Map<string, Map<string, string>>();
  for (const [target, ids] of byTarget) {
    titles.set(target, await titlesOf(q, access.organizationId, target, [...ids], findType));
  }
  for (const change of changes) {
    const known = titles.get(type.field.get(change.field)?.link ?? "");
    if (!known) continue;
    change.from_title = typeof change.from === "string" ? known.get(change.from) ?? null : null;
    change.to_title = typeof change.to === "string" ? known.get(change.to) ?? null : null;
  }
}

interface LinkChange {
  field: string;
  from: unknown;
  to: unknown;
  from_title?: string | null;
  to_title?: string | null;
}
