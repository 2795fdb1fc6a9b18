/** The audit log and its filter values (spec §7). */
import {
  AuditFiltersRequest,
  AuditFiltersResponse,
  AuditLogsRequest,
  AuditLogsResponse,
} from "../../../schemas/api/records.ts";
import type { Database, SqlValue } from "../../db/database.ts";
import { isoDatePlus } from "../../db/dialect.ts";
import type { Api } from "../../platform/http/api.ts";

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

/** Declares the audit endpoints. */
export function auditRoutes(api: Api, db: Database): void {
  for (const path of ["/audit/logs/", "/audit/logs"]) {
    api.route({
      method: "post",
      path,
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
      const logs = rows.map(({ before_value, after_value, ...rest }) => ({
        ...rest,
        before: before_value === null ? null : JSON.parse(before_value),
        after: after_value === null ? null : JSON.parse(after_value),
      }));
      return c.json({ logs, total: total?.n ?? 0 });
    });
  }

  api.route({
    method: "post",
    path: "/api/audit/filters",
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
    return c.json({
      actors,
      actions: actions.map((a) => a.v),
      resource_types: types.map((t) => t.v),
    });
  });
}
