/**
 * Versions of an enterprise project: snapshot now (`POST /{id}/versions`), the
 * list, a comparison of two versions field by field, rollback to a version (the
 * snapshot restored through the record engine and recorded as a NEW version
 * naming the one it came from and why), and the change history — every field
 * change of the engine's audit trail with who, when and the project version it
 * produced.
 */
import type { z } from "zod";
import * as S from "../../../schemas/api/enterprise-projects/core.ts";
import { requireAuthorized } from "../../platform/access/authorize.ts";
import { invalidInput, notFound } from "../../platform/errors/app-error.ts";
import type { Api } from "../../platform/http/api.ts";
import { PROJECT } from "../work/types/project.ts";
import type { EnterpriseDeps } from "./mod.ts";
import { projectHead, userNames } from "./core-repo.ts";
import { recordVersion, restoreSnapshot } from "./versions-snapshot.ts";
import {
  projectAudit,
  snapshotOf,
  versionOf,
  type VersionRow,
  versionsOf,
} from "./versions-repo.ts";
import { compareVersions } from "./versions-compare.ts";
import { visibleProjectValues, visibleSnapshot } from "./project-visibility.ts";
import type { Snapshot } from "./versions-snapshot.ts";

const TAG = "Enterprise projects";

function versionNumber(text: string | undefined): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) {
    throw invalidInput("v: use a version number", { v: "Use a version number (1, 2, …)" });
  }
  return n;
}

function versionItem(
  row: VersionRow,
  names: Map<string, string>,
  shown?: Snapshot,
): z.infer<typeof S.VersionItem> {
  const snapshot = snapshotOf(row);
  return {
    version_number: Number(row.version_number),
    change_summary: row.change_summary,
    created_at: row.created_at,
    created_by: row.created_by,
    created_by_name: row.created_by ? names.get(row.created_by) ?? null : null,
    rolled_back_from: row.rolled_back_from === null ? null : Number(row.rolled_back_from),
    rollback_reason: row.rollback_reason,
    task_count: snapshot.tasks.length,
    ...(shown ? { snapshot: shown } : {}),
  };
}

/** Declares the version calls. */
export function versionRoutes(api: Api, { db, records, clock }: EnterpriseDeps): void {
  const now = () => new Date(clock()).toISOString();

  api.route({
    method: "post",
    path: "/enterprise-projects/:id/versions",
    tag: TAG,
    summary: "Records a version: a snapshot of the project's fields, phases, tasks and allocations",
    audience: "staff",
    body: S.CreateVersionRequest,
    response: S.VersionResponse,
    status: 201,
  }, async (c, { access, body }) => {
    requireAuthorized(access, "projects", "update");
    const id = c.req.param("id")!;
    await projectHead(db, access.organizationId, id);
    const row = await db.transaction(async (tx) => {
      const n = await recordVersion(tx, {
        organizationId: access.organizationId,
        projectId: id,
        changeSummary: body.change_summary,
        userId: access.user.id,
        now: now(),
      });
      return (await versionOf(tx, access.organizationId, id, n))!;
    });
    const names = await userNames(db, [row.created_by]);
    const shown = await visibleSnapshot(records, access, snapshotOf(row));
    return c.json({ version: versionItem(row, names, shown) }, 201);
  });

  api.route({
    method: "get",
    path: "/enterprise-projects/:id/versions",
    tag: TAG,
    summary: "The project's versions, newest first",
    audience: "staff",
    response: S.VersionsResponse,
  }, async (c, { access }) => {
    requireAuthorized(access, "projects", "read");
    const id = c.req.param("id")!;
    await projectHead(db, access.organizationId, id);
    const rows = await versionsOf(db, access.organizationId, id);
    const names = await userNames(db, rows.map((r) => r.created_by));
    return c.json({ project_id: id, versions: rows.map((r) => versionItem(r, names)) });
  });

  api.route({
    method: "get",
    path: "/enterprise-projects/:id/versions/compare",
    tag: TAG,
    summary: "Two versions side by side: every field, phase, member and task value that differs",
    audience: "staff",
    query: S.VersionsCompareQuery,
    response: S.VersionsCompareResponse,
  }, async (c, { access, query }) => {
    requireAuthorized(access, "projects", "read");
    const id = c.req.param("id")!;
    await projectHead(db, access.organizationId, id);
    const from = await versionOf(db, access.organizationId, id, versionNumber(query.from));
    const to = await versionOf(db, access.organizationId, id, versionNumber(query.to));
    if (!from || !to) throw notFound("Version");
    // Each version as the caller may see it: fields of their level, the tasks they may read.
    const shown = {
      from: await visibleSnapshot(records, access, snapshotOf(from)),
      to: await visibleSnapshot(records, access, snapshotOf(to)),
    };
    const people = [shown.from, shown.to].flatMap((s) => [
      s.fields.manager,
      ...s.members.map((m) => m.user),
      ...s.tasks.map((t) => t.assignee),
    ]) as (string | null)[];
    return c.json(
      compareVersions(id, { from, to }, { snapshots: shown, names: await userNames(db, people) }),
    );
  });

  api.route({
    method: "post",
    path: "/enterprise-projects/:id/versions/:v/rollback",
    tag: TAG,
    summary:
      "Restores a version's snapshot (fields, phases, allocations, tasks) as a new version, with the reason",
    audience: "staff",
    body: S.RollbackRequest,
    response: S.RollbackResponse,
  }, async (c, { access, body }) => {
    requireAuthorized(access, "projects", "update");
    const id = c.req.param("id")!;
    const n = versionNumber(c.req.param("v"));
    await projectHead(db, access.organizationId, id);
    const source = await versionOf(db, access.organizationId, id, n);
    if (!source) throw notFound("Version");
    const row = await db.transaction(async (tx) => {
      const head = await projectHead(tx, access.organizationId, id);
      await restoreSnapshot(tx, records, access, {
        projectId: id,
        version: Number(head.version),
        snapshot: snapshotOf(source),
        now: now(),
      });
      const created = await recordVersion(tx, {
        organizationId: access.organizationId,
        projectId: id,
        changeSummary: `Rolled back to version ${n}`,
        userId: access.user.id,
        now: now(),
        rolledBackFrom: n,
        rollbackReason: body.rollback_reason,
      });
      return (await versionOf(tx, access.organizationId, id, created))!;
    });
    const names = await userNames(db, [row.created_by]);
    return c.json({
      project: (await records.get(access, "project", id)).record,
      version: versionItem(row, names, await visibleSnapshot(records, access, snapshotOf(row))),
    });
  });

  api.route({
    method: "get",
    path: "/enterprise-projects/:id/change-history",
    tag: TAG,
    summary: "Field-level changes of the project: field, from, to, who, when and the version",
    audience: "staff",
    response: S.ChangeHistoryResponse,
  }, async (c, { access }) => {
    requireAuthorized(access, "projects", "read");
    const id = c.req.param("id")!;
    await projectHead(db, access.organizationId, id);
    const entries = await projectAudit(db, access.organizationId, id);
    const names = await userNames(db, entries.map((e) => e.actor_id));
    const changes: z.infer<typeof S.ChangeItem>[] = [];
    // Every audited write of a project bumps its record version by one, from 1 at creation
    // (the enterprise writes audit even a save that changes nothing).
    let version = 0;
    for (const entry of entries) {
      version += 1;
      // The audited values as the project's own GET shows them (no budget below level 1).
      const before = visibleProjectValues(
        records,
        access,
        entry.before_value ? JSON.parse(entry.before_value) : {},
      );
      const after = visibleProjectValues(
        records,
        access,
        entry.after_value ? JSON.parse(entry.after_value) : {},
      );
      for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
        changes.push({
          field,
          label: PROJECT.field.get(field)?.label ?? field,
          from: before[field] ?? null,
          to: after[field] ?? null,
          action: entry.action,
          changed_at: entry.created_at,
          changed_by: entry.actor_id,
          changed_by_name: entry.actor_id ? names.get(entry.actor_id) ?? null : null,
          version,
        });
      }
    }
    return c.json({ project_id: id, changes: changes.reverse() });
  });
}
