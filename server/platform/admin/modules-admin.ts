/**
 * Turning catalogue modules on and off for an organisation, with optimistic
 * concurrency: the write names the version it saw; a stale version answers 409 and
 * changes nothing. Each success bumps the organisation's catalogue version (so
 * descriptor ETags and caches move) and writes one audit entry.
 */
import { conflict, invalidInput, notFound } from "../errors/app-error.ts";
import { recordAudit } from "../audit/record.ts";
import { findModule, moduleDefinitions } from "../catalogue/module-definitions.ts";
import type { AdminContext } from "./admin-context.ts";
import { advanceVersion } from "../orgs/organization-versions.ts";

/** Modules that cannot be switched off: they are how modules are switched back on. */
export const ALWAYS_ON_MODULES = new Set(["organization-management", "rbac"]);

/** A module's state in an organisation. */
export interface ModuleState {
  id: string;
  name: string;
  category: string;
  description: string;
  enabled: boolean;
  version: number;
  readPermissionId: string;
}

/** Every module with its switch. */
export async function listModules(
  ctx: Pick<AdminContext, "db" | "organizationId">,
): Promise<ModuleState[]> {
  const rows = await ctx.db.all<{ module_id: string; enabled: number; version: number }>(
    "SELECT module_id, enabled, version FROM organization_modules WHERE organization_id = ?",
    [ctx.organizationId],
  );
  const state = new Map(rows.map((r) => [r.module_id, r]));
  return moduleDefinitions().map((m) => ({
    id: m.id,
    name: m.name,
    category: m.category,
    description: m.description,
    enabled: state.get(m.id)?.enabled === 1,
    version: state.get(m.id)?.version ?? 1,
    readPermissionId: m.readPermissionId,
  }));
}

/** Switches a module; returns its new state and the organisation's catalogue version. */
export async function setModuleEnabled(
  ctx: AdminContext,
  input: { moduleId: string; enabled: boolean; version: number },
): Promise<{ module: ModuleState; catalogue_version: number }> {
  const module = findModule(input.moduleId);
  if (!module) throw notFound(`Module "${input.moduleId}"`);
  if (!input.enabled && ALWAYS_ON_MODULES.has(module.id)) {
    throw invalidInput(
      `${module.name} cannot be turned off: it is how administrators manage modules and roles`,
      {
        module_id: "This module cannot be turned off",
      },
    );
  }
  const result = await ctx.db.transaction(async (tx) => {
    const before = await tx.get<{ enabled: number; version: number }>(
      "SELECT enabled, version FROM organization_modules WHERE organization_id = ? AND module_id = ?",
      [ctx.organizationId, module.id],
    );
    if (!before) throw notFound(`Module "${module.id}"`);
    const updated = await tx.run(
      "UPDATE organization_modules SET enabled = ?, version = version + 1, updated_at = ? WHERE organization_id = ? AND module_id = ? AND version = ?",
      [input.enabled ? 1 : 0, ctx.now, ctx.organizationId, module.id, input.version],
    );
    if (updated.changes !== 1) {
      throw conflict(
        `Module "${module.id}" was changed by someone else (version ${before.version}, not ${input.version})`,
        {
          current_version: before.version,
          enabled: before.enabled === 1,
        },
      );
    }
    await advanceVersion(tx, ctx.organizationId, "catalogue");
    await tx.run(
      "UPDATE organizations SET updated_at = ? WHERE id = ?",
      [
        ctx.now,
        ctx.organizationId,
      ],
    );
    await recordAudit(tx, {
      organizationId: ctx.organizationId,
      actorId: ctx.actorId,
      action: input.enabled ? "module.enable" : "module.disable",
      resourceType: "module",
      resourceId: module.id,
      before: { enabled: before.enabled === 1, version: before.version },
      after: { enabled: input.enabled, version: before.version + 1 },
      requestId: ctx.requestId,
      now: ctx.now,
    });
    const org = await tx.get<{ catalogue_version: number }>(
      "SELECT catalogue_version FROM organizations WHERE id = ?",
      [ctx.organizationId],
    );
    return {
      module: {
        id: module.id,
        name: module.name,
        category: module.category,
        description: module.description,
        enabled: input.enabled,
        version: before.version + 1,
        readPermissionId: module.readPermissionId,
      },
      catalogue_version: org!.catalogue_version,
    };
  });
  return result;
}
