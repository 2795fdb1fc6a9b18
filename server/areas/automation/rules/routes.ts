/**
 * The automation calls besides the engine's own: running a manual rule on a
 * record (the button on its form), the manual rules a record's form offers, and
 * the incoming webhook of a rule, at its secret address.
 */
import { z } from "zod";
import type { Database } from "../../../db/database.ts";
import type { Api } from "../../../platform/http/api.ts";
import { conflict, invalidInput, notFound } from "../../../platform/errors/app-error.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import { loadRecord } from "../../../records/engine/record-store.ts";
import { AUTOMATION_RULE } from "../types/automation-rule.ts";
import { ruleColumn } from "./rule-columns.ts";
import { recordTitle } from "./rule-queue.ts";
import { queueRun } from "./run-queue.ts";
import { HOOK_PREFIX } from "./webhook-path.ts";

const RunRequest = z.object({ record_id: z.string().min(1).max(64) }).strict();
/** An incoming webhook names the record to run on, or none (a rule that acts without one). */
const HookRequest = z.object({ record_id: z.string().min(1).max(64).optional() }).strict();
const Queued = z.object({ queued: z.boolean(), rule: z.string() }).strict();
const ManualRules = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string() }).strict()),
}).strict();

interface ManualRule {
  id: string;
  organization_id: string;
  name: string;
  record_type: string;
}

/** Declares the automation calls. */
export function automationRoutes(api: Api, db: Database, engine: RecordEngine): void {
  api.route({
    method: "get",
    path: "/api/automation/manual-rules",
    reads: true,
    tag: "Automation",
    summary: "The active manual rules a record type's form offers the caller",
    audience: "staff",
    query: z.object({ type: z.string().min(1).max(64) }).strict(),
    response: ManualRules,
  }, async (c, { access, query }) => {
    const type = engine.typeFor(access, query.type, "update");
    const rows = await db.all<{ id: string; name: string }>(
      `SELECT id, name FROM ${AUTOMATION_RULE.table}
        WHERE organization_id = ? AND ${ruleColumn("record_type")} = ? AND ${
        ruleColumn("trigger")
      } = 'manual' AND ${ruleColumn("active")} = 1 ORDER BY name`,
      [access.organizationId, type.id],
    );
    return c.json({ items: rows });
  });

  api.route({
    method: "post",
    path: "/api/automation/rules/:id/run",
    tag: "Automation",
    summary: "Runs a manual rule on a record the caller may change",
    audience: "staff",
    body: RunRequest,
    response: Queued,
    status: 202,
  }, async (c, { access, body }) => {
    const rule = await db.get<ManualRule & { rule_trigger: string; rule_active: number | boolean }>(
      `SELECT id, organization_id, name, ${ruleColumn("record_type")} AS record_type, ${
        ruleColumn("trigger")
      } AS rule_trigger, ${ruleColumn("active")} AS rule_active
         FROM ${AUTOMATION_RULE.table}
        WHERE organization_id = ? AND id = ?`,
      [access.organizationId, c.req.param("id")!],
    );
    if (!rule) throw notFound("Manual rule");
    const type = engine.typeFor(access, rule.record_type, "update");
    if (rule.rule_trigger !== "manual") {
      throw invalidInput(`Rule "${rule.name}" is not run by a button`, {
        rule: "Not a manual rule",
      });
    }
    if (!Number(rule.rule_active)) throw conflict(`Rule "${rule.name}" is switched off`);
    // The caller must be able to read the record: a 404 otherwise, as its own GET.
    const { record } = await engine.get(access, type.id, body.record_id);
    const now = new Date(engine.clock()).toISOString();
    await db.transaction((tx) =>
      queueRun(tx, {
        organizationId: access.organizationId,
        ruleId: rule.id,
        recordType: type.id,
        recordId: String(record.id),
        recordName: recordTitle(type, record),
        trigger: "manual",
        depth: 1,
        dueAt: now,
        now,
        actorId: access.user.id,
      })
    );
    return c.json({ queued: true, rule: rule.name }, 202);
  });

  api.route({
    method: "post",
    path: `${HOOK_PREFIX}:secret`,
    tag: "Automation",
    summary: "Runs an incoming-webhook rule (its secret address is its key)",
    audience: "public",
    body: HookRequest,
    response: Queued,
    status: 202,
  }, async (c, { body }) => {
    const secret = c.req.param("secret")!;
    if (!/^[0-9a-f]{64}$/.test(secret)) throw notFound("Webhook");
    const rule = await db.get<ManualRule>(
      `SELECT id, organization_id, name, ${ruleColumn("record_type")} AS record_type
         FROM ${AUTOMATION_RULE.table}
        WHERE ${ruleColumn("webhook_path")} = ? AND ${ruleColumn("trigger")} = 'webhook' AND ${
        ruleColumn("active")
      } = 1`,
      [`${HOOK_PREFIX}${secret}`],
    );
    if (!rule) throw notFound("Webhook");
    const type = engine.findType(rule.record_type);
    if (!type) throw notFound("Webhook");
    let record: Record<string, unknown> | undefined;
    if (body.record_id) {
      record = await loadRecord(db, type, rule.organization_id, body.record_id);
      if (!record) {
        throw invalidInput(`No ${type.declaration.label.toLowerCase()} has this id`, {
          record_id: "Not found",
        });
      }
    }
    const now = new Date(engine.clock()).toISOString();
    await db.transaction((tx) =>
      queueRun(tx, {
        organizationId: rule.organization_id,
        ruleId: rule.id,
        recordType: type.id,
        recordId: record ? String(record.id) : null,
        recordName: record ? recordTitle(type, record) : "",
        trigger: "webhook",
        depth: 1,
        dueAt: now,
        now,
      })
    );
    return c.json({ queued: true, rule: rule.name }, 202);
  });
}
