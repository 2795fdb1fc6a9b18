/**
 * The audit log and its filter values (spec §7), for the administrators' audit
 * screen (module `audit`) and for the automation audit log (module
 * `automation/audit-log`, whose read permission its calls need), with its CSV
 * export. Both read the one trail (audit-trail.ts): entries about records go
 * through the records' own visibility — only records the caller may read, and of
 * their audited values only the fields the caller may see (a level-1 budget stays
 * out for a role without the level).
 */
import type { Context } from "hono";
import type { z } from "zod";
import {
  AuditExportQuery,
  AuditFiltersRequest,
  AuditFiltersResponse,
  AuditLogsRequest,
  AuditLogsResponse,
} from "../../../../schemas/api/records.ts";
import type { Api, EndpointSpec } from "../../../platform/http/api.ts";
import type { AppEnv } from "../../../platform/http/app-env.ts";
import type { Access } from "../../../platform/access/access.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import { actionLabel, resourceLabel } from "./audit-words.ts";
import { countTrail, readTrail } from "./audit-trail.ts";
import { auditFileName, exportTrail } from "./audit-export.ts";
import { AUTOMATION_AUDIT_MODULE, AUTOMATION_AUDIT_PATHS } from "./automation-audit-paths.ts";

/** The entries a call answers when it names no limit. */
const DEFAULT_LIMIT = 100;

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
  const automation = { module: AUTOMATION_AUDIT_MODULE, actions: ["read"] as const };

  async function logs(c: Context<AppEnv>, access: Access, body: z.infer<typeof AuditLogsRequest>) {
    const { skip, limit, ...filters } = body.filters ?? {};
    const total = await countTrail(records, access, filters);
    const entries = await readTrail(records, access, filters, {
      limit: limit ?? DEFAULT_LIMIT,
      skip: skip ?? 0,
    });
    return c.json({ logs: entries, total });
  }

  const logsSpec = {
    method: "post",
    reads: true,
    tag: "Audit",
    summary: "Audit entries of the organisation, newest first, with their field changes",
    audience: "staff",
    body: AuditLogsRequest,
    response: AuditLogsResponse,
  } satisfies Omit<EndpointSpec<"staff", typeof AuditLogsRequest, undefined>, "path">;
  for (const path of ["/audit/logs/", "/audit/logs"]) {
    api.route({ ...logsSpec, path }, (c, { access, body }) => logs(c, access, body));
  }
  api.route(
    {
      ...logsSpec,
      path: AUTOMATION_AUDIT_PATHS.logs,
      summary:
        "The automation audit log: audit entries of the organisation, newest first, by people or automation runs",
      permission: automation,
    },
    (c, { access, body }) => logs(c, access, body),
  );

  api.route({
    method: "get",
    path: AUTOMATION_AUDIT_PATHS.export,
    tag: "Audit",
    summary:
      "The filtered audit trail as a CSV file, streamed: the entries and words of the automation audit log",
    audience: "staff",
    query: AuditExportQuery,
    permission: automation,
  }, async (c, { access, query }) => {
    const body = await exportTrail(records, access, query);
    return c.body(body, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${
        auditFileName(new Date(records.clock()).toISOString())
      }"`,
      "Cache-Control": "no-store",
    });
  });

  async function filterValues(c: Context<AppEnv>, access: Access) {
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
  }

  const filtersSpec = {
    method: "post",
    reads: true,
    tag: "Audit",
    summary: "The actors, actions and resource types present in the audit log",
    audience: "staff",
    body: AuditFiltersRequest,
    response: AuditFiltersResponse,
  } satisfies Omit<EndpointSpec<"staff", typeof AuditFiltersRequest, undefined>, "path">;
  api.route(
    { ...filtersSpec, path: "/api/audit/filters" },
    (c, { access }) => filterValues(c, access),
  );
  api.route(
    { ...filtersSpec, path: AUTOMATION_AUDIT_PATHS.filters, permission: automation },
    (c, { access }) => filterValues(c, access),
  );
}
