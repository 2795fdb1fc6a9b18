/**
 * The compliance service (spec 000 §7): the summary, the items with filters, and
 * the settings (read, and changed by holders of `compliance.configure`). Every
 * path is under /api/compliance, owned by the Compliance module, so the module
 * guard asks `compliance.read` first. A settings change is audited. Reading the summary also raises the
 * overdue notices due now, so owners hear of them even between daily checks.
 */
import {
  ComplianceItemsRequest,
  ComplianceItemsResponse,
  ComplianceSettings,
  ComplianceSettingsUpdate,
  ComplianceSummary,
  ComplianceSummaryRequest,
} from "../../../../schemas/api/compliance.ts";
import type { Database } from "../../../db/database.ts";
import { requireAuthorized } from "../../../platform/access/authorize.ts";
import type { Api } from "../../../platform/http/api.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import { complianceItems } from "./items.ts";
import { raiseComplianceNotices } from "./notices.ts";
import { complianceSettings, type Settings, updateComplianceSettings } from "./settings.ts";
import { recordAudit } from "../../../platform/audit/record.ts";
import { complianceSummary } from "./summary.ts";

/** What the compliance calls are built on. */
export interface ComplianceDeps {
  db: Database;
  records: RecordEngine;
  clock: () => number;
}

/** Declares the compliance service. */
export function complianceRoutes(api: Api, deps: ComplianceDeps): void {
  const { db, records, clock } = deps;

  api.route({
    method: "post",
    path: "/api/compliance/summary",
    reads: true,
    tag: "Compliance",
    summary: "The organisation's obligations counted by state, overdue, due soon and category",
    description:
      "overdue: open or in progress and due before today; due_soon: open or in progress and due from today to today + due_soon_days (a setting). Reading it raises the overdue notices due now (once per obligation and due date); notified says how many.",
    audience: "staff",
    body: ComplianceSummaryRequest,
    response: ComplianceSummary,
  }, async (c, { access }) => {
    const now = new Date(clock()).toISOString();
    const notified = await raiseComplianceNotices(db, access.organizationId, now);
    const settings = await complianceSettings(db, access.organizationId);
    const summary = await complianceSummary(db, access.organizationId, {
      today: now.slice(0, 10),
      dueSoonDays: settings.due_soon_days,
    });
    return c.json({ as_of: now, ...summary, notified });
  });

  api.route({
    method: "post",
    path: "/api/compliance/items",
    reads: true,
    tag: "Compliance",
    summary: "The organisation's obligations matching the filters, by due date",
    description:
      "Filters combine: status (any of), category, owner_id (`me` for the caller), overdue, due_from and due_to (inclusive), search (title, authority, number). Paged by cursor; total counts every match.",
    audience: "staff",
    body: ComplianceItemsRequest,
    response: ComplianceItemsResponse,
  }, async (c, { access, body }) => {
    const today = new Date(clock()).toISOString().slice(0, 10);
    return c.json(await complianceItems(records, access, body, today));
  });

  api.route({
    method: "get",
    path: "/api/compliance/settings",
    tag: "Compliance",
    summary: "The organisation's compliance settings",
    audience: "staff",
    response: ComplianceSettings,
  }, async (c, { access }) => c.json(await complianceSettings(db, access.organizationId)));

  api.route({
    method: "put",
    path: "/api/compliance/settings",
    tag: "Compliance",
    summary: "Changes the organisation's compliance settings (those given; the others stay)",
    description: "Needs compliance.configure.",
    audience: "staff",
    body: ComplianceSettingsUpdate,
    response: ComplianceSettings,
  }, async (c, { access, body }) => {
    requireAuthorized(access, "compliance", "configure");
    const now = new Date(clock()).toISOString();
    const settings = await db.transaction(async (tx) => {
      const before = await complianceSettings(tx, access.organizationId);
      const after = await updateComplianceSettings(tx, access.organizationId, body, {
        userId: access.user.id,
        now,
      });
      await recordAudit(tx, {
        organizationId: access.organizationId,
        actorId: access.user.id,
        action: "update",
        resourceType: "compliance_settings",
        before: Object.fromEntries(Object.keys(body).map((k) => [k, before[k as keyof Settings]])),
        after: body,
        requestId: c.get("requestId"),
        now,
      });
      return after;
    });
    return c.json(settings);
  });
}
