/**
 * The audit log and its filter values (spec §7). Entries about records go through
 * the records' own visibility: only records the caller may read, and of their
 * audited values only the fields the caller may see (a level-1 budget stays out
 * for a role without the level).
 */
import {
  AuditFiltersRequest,
  AuditFiltersResponse,
  AuditLogsRequest,
  AuditLogsResponse,
} from "../../../../schemas/api/records.ts";
import type { SqlValue } from "../../../db/database.ts";
import { isoDatePlus } from "../../../db/dialect.ts";
import type { Api } from "../../../platform/http/api.ts";
import type { MembershipAccess } from "../../../platform/access/access.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import { actionLabel, auditWords, resourceLabel } from "./audit-words.ts";
import {
  mayReadType,
  readableClause,
  readsEveryRecord,
  visibleRecord,
} from "../../../records/engine/record-access.ts";

interface Row {
  id: string;
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  resource_type: string;
  resource_id: string | null;
  before_value: string | null;
  after_value: string | null;
  created_at: string;
}

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

/** An action's label whatever type it was taken on: the first type that names it, else the engine's word. */
function labelOfAction(records: RecordEngine, action: string): string {
  const namer = [...records.types.values()].find((type) =>
    [...(type.declaration.states?.transitions ?? []), ...(type.declaration.actions ?? [])]
      .some((a) => a.action === action)
  );
  return actionLabel(records, namer?.id ?? "", action);
}

/** Declares the audit endpoints. */
export function auditRoutes(api: Api, records: RecordEngine): void {
  const db = records.db;
  for (const path of ["/audit/logs/", "/audit/logs"]) {
    api.route({
      method: "post",
      path,
      reads: true,
      tag: "Audit",
      summary: "Audit entries of the organisation, newest first",
      audience: "staff",
      body: AuditLogsRequest,
      response: AuditLogsResponse,
    }, async (c, { access, body }) => {
      const f = body.filters ?? {};
      const where = ["a.organization_id = ?"];
      const params: SqlValue[] = [access.organizationId];
      if (f.actor_id) (where.push("a.actor_id = ?"), params.push(f.actor_id));
      if (f.action) (where.push("a.action = ?"), params.push(f.action));
      if (f.resource_type) (where.push("a.resource_type = ?"), params.push(f.resource_type));
      if (f.from) (where.push("a.created_at >= ?"), params.push(f.from));
      if (f.to) (where.push("a.created_at < ?"), params.push(isoDatePlus(f.to, 1)));
      const readable = readableEntries(records, access);
      where.push(readable.sql);
      params.push(...readable.params);
      const clause = where.join(" AND ");
      const total = await db.get<{ n: number }>(
        `SELECT COUNT(*) AS n FROM audit_logs a WHERE ${clause}`,
        params,
      );
      const rows = await db.all<Row>(
        `SELECT a.id, a.actor_id, CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS actor_name,
                a.action, a.resource_type, a.resource_id, a.before_value, a.after_value, a.created_at
           FROM audit_logs a LEFT JOIN users u ON u.id = a.actor_id
          WHERE ${clause} ORDER BY a.created_at DESC, a.id LIMIT ? OFFSET ?`,
        [...params, f.limit ?? 100, f.skip ?? 0],
      );
      const shown = rows.map(({ before_value, after_value, ...rest }) => ({
        ...rest,
        before: shownValue(records, access, rest.resource_type, before_value),
        after: shownValue(records, access, rest.resource_type, after_value),
      }));
      const words = await auditWords(db, records, shown);
      const logs = shown.map((entry, i) => ({ ...entry, ...words[i] }));
      return c.json({ logs, total: total?.n ?? 0 });
    });
  }

  api.route({
    method: "post",
    path: "/api/audit/filters",
    reads: true,
    tag: "Audit",
    summary: "The actors, actions and resource types present in the audit log",
    audience: "staff",
    body: AuditFiltersRequest,
    response: AuditFiltersResponse,
  }, async (c, { access }) => {
    const org = [access.organizationId];
    const actors = await db.all<{ id: string; name: string }>(
      `SELECT DISTINCT u.id, u.first_name || ' ' || u.last_name AS name
         FROM audit_logs a JOIN users u ON u.id = a.actor_id WHERE a.organization_id = ? ORDER BY name`,
      org,
    );
    const actions = await db.all<{ v: string }>(
      "SELECT DISTINCT action AS v FROM audit_logs WHERE organization_id = ? ORDER BY v",
      org,
    );
    const types = await db.all<{ v: string }>(
      "SELECT DISTINCT resource_type AS v FROM audit_logs WHERE organization_id = ? ORDER BY v",
      org,
    );
    // Actions are offered by their labels; one label may cover the same action of several types.
    const offered = new Map<string, string>();
    for (const { v } of actions) offered.set(v, labelOfAction(records, v));
    return c.json({
      actors,
      actions: actions.map((a) => a.v),
      resource_types: types.map((t) => t.v),
      action_options: [...offered].map(([value, label]) => ({ value, label })),
      resource_type_options: types.map((t) => ({
        value: t.v,
        label: resourceLabel(records, t.v),
      })),
    });
  });
}
