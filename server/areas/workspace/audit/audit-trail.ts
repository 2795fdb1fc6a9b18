/**
 * The organisation's audit trail as the caller may read it: the entries meeting the
 * filters (actor, action, kind of record, one record, who made them — people or
 * automation runs — and dates), newest first, each through the records' own
 * visibility (entries about records the caller may not read are left out; of the
 * audited values only the fields the caller may see are kept), worded for people.
 * The screen and the CSV export read it here, so they list the same entries.
 */
import type {
  AuditEntry as AuditEntryShape,
  AuditFilters,
} from "../../../../schemas/api/records.ts";
import type { z } from "zod";
import type { SqlValue } from "../../../db/database.ts";
import { isoDatePlus } from "../../../db/dialect.ts";
import type { MembershipAccess } from "../../../platform/access/access.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import {
  mayReadType,
  readableClause,
  readsEveryRecord,
  visibleRecord,
} from "../../../records/engine/record-access.ts";
import { auditWords } from "./audit-words.ts";
import { auditChanges } from "./audit-changes.ts";

/** An entry of the trail as the API answers it. */
export type AuditTrailEntry = z.infer<typeof AuditEntryShape>;

/** The request id an automation run writes under: `automation:<run id>`. */
export const AUTOMATION_REQUEST = "automation:";

/** Where an automation run opens in the app. */
export function automationRunPath(runId: string): string {
  return `/app/automation/executions/${encodeURIComponent(runId)}`;
}

interface Row {
  id: string;
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  resource_type: string;
  resource_id: string | null;
  before_value: string | null;
  after_value: string | null;
  request_id: string | null;
  created_at: string;
}

/** Where a page of the trail starts: after this entry, or skipping this many. */
export type TrailPage =
  & { limit: number }
  & (
    | { skip?: number; after?: undefined }
    | { after: { created_at: string; id: string }; skip?: undefined }
  );

/** The entries about records the caller may not read, as a condition that leaves them out. */
function readableEntries(
  records: RecordEngine,
  access: MembershipAccess,
): { sql: string; params: SqlValue[] } {
  const parts: string[] = [];
  const params: SqlValue[] = [];
  for (const type of records.types.values()) {
    if (!mayReadType(type, access)) {
      parts.push("a.resource_type <> ?");
      params.push(type.id);
      continue;
    }
    if (readsEveryRecord(type, access)) continue;
    const readable = readableClause(records, access, type, "r");
    parts.push(
      `(a.resource_type <> ? OR a.resource_id IN (SELECT r.id FROM ${type.table} r WHERE ${readable.sql}))`,
    );
    params.push(type.id, ...readable.params);
  }
  return { sql: parts.join(" AND ") || "1 = 1", params };
}

/** The condition of the filters and of the caller's visibility. */
function trailWhere(
  records: RecordEngine,
  access: MembershipAccess,
  f: AuditFilters,
): { sql: string; params: SqlValue[] } {
  const where = ["a.organization_id = ?"];
  const params: SqlValue[] = [access.organizationId];
  const add = (sql: string, ...values: SqlValue[]) => (where.push(sql), params.push(...values));
  if (f.actor_id) add("a.actor_id = ?", f.actor_id);
  if (f.action) add("a.action = ?", f.action);
  if (f.resource_type) add("a.resource_type = ?", f.resource_type);
  if (f.record_id) add("a.resource_id = ?", f.record_id);
  if (f.made_by === "automation") add("a.request_id LIKE ?", `${AUTOMATION_REQUEST}%`);
  if (f.made_by === "people") {
    add("(a.request_id IS NULL OR a.request_id NOT LIKE ?)", `${AUTOMATION_REQUEST}%`);
  }
  if (f.from) add("a.created_at >= ?", f.from);
  if (f.to) add("a.created_at < ?", isoDatePlus(f.to, 1));
  const readable = readableEntries(records, access);
  add(readable.sql, ...readable.params);
  return { sql: where.join(" AND "), params };
}

/** How many entries meet the filters. */
export async function countTrail(
  records: RecordEngine,
  access: MembershipAccess,
  filters: AuditFilters,
): Promise<number> {
  const { sql, params } = trailWhere(records, access, filters);
  const row = await records.db.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM audit_logs a WHERE ${sql}`,
    params,
  );
  return Number(row?.n ?? 0);
}

/** One page of the trail, newest first. */
export async function readTrail(
  records: RecordEngine,
  access: MembershipAccess,
  filters: AuditFilters,
  page: TrailPage,
): Promise<AuditTrailEntry[]> {
  const where = trailWhere(records, access, filters);
  let sql = where.sql;
  const params = [...where.params];
  if (page.after) {
    sql += " AND (a.created_at < ? OR (a.created_at = ? AND a.id < ?))";
    params.push(page.after.created_at, page.after.created_at, page.after.id);
  }
  const rows = await records.db.all<Row>(
    `SELECT a.id, a.actor_id, CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS actor_name,
            a.action, a.resource_type, a.resource_id, a.before_value, a.after_value, a.request_id, a.created_at
       FROM audit_logs a LEFT JOIN users u ON u.id = a.actor_id
      WHERE ${sql} ORDER BY a.created_at DESC, a.id DESC LIMIT ? OFFSET ?`,
    [...params, page.limit, page.skip ?? 0],
  );
  const shown = rows.map(({ before_value, after_value, request_id, ...rest }) => ({
    ...rest,
    request_id,
    before: shownValue(records, access, rest.resource_type, before_value),
    after: shownValue(records, access, rest.resource_type, after_value),
  }));
  const words = await auditWords(records.db, records, shown);
  const changes = await auditChanges(records, access, shown);
  return shown.map(({ request_id, ...entry }, i) => {
    const runId = request_id?.startsWith(AUTOMATION_REQUEST)
      ? request_id.slice(AUTOMATION_REQUEST.length)
      : null;
    const who = entry.actor_name ?? "System";
    return {
      ...entry,
      ...words[i],
      actor_text: runId === null ? who : `${who} via automation`,
      made_by: runId === null ? "person" as const : "automation" as const,
      automation_run_id: runId,
      automation_path: runId === null ? null : automationRunPath(runId),
      changes: changes[i],
      change_lines: changes[i].map((c) => `${c.label}: ${c.from} → ${c.to}`),
    };
  });
}

/** An audited value as the caller may see it (a record's fields of their level). */
function shownValue(
  records: RecordEngine,
  access: MembershipAccess,
  resourceType: string,
  text: string | null,
): unknown {
  if (text === null) return null;
  const value = JSON.parse(text);
  const type = records.types.get(resourceType);
  if (!type || typeof value !== "object" || value === null || Array.isArray(value)) return value;
  return visibleRecord(type, access, value);
}
