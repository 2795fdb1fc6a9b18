/**
 * Creates an organisation with its default roles, every catalogue module enabled,
 * its default lookup lists (type masters) and its lead pipeline stages: used by
 * registration and by the demo seed alike.
 */
import type { Queryable } from "../../db/database.ts";
import { productDefaultRoles } from "../access/default-roles.ts";
import { moduleDefinitions } from "../catalogue/module-definitions.ts";
import { newId } from "../ids.ts";
import { DEFAULT_TYPE_MASTERS } from "../../areas/workspace/types/type-master-defaults.ts";
import { DEFAULT_LEAD_STAGES } from "../../areas/sales/types/lead-stage-defaults.ts";

/** What a new organisation starts with. */
export interface NewOrganization {
  id?: string;
  name: string;
  description?: string;
  website?: string;
  industry?: string;
  size?: string;
  email?: string;
}

/** Inserts the organisation, its roles and module switches; returns its id. */
export async function createOrganization(
  tx: Queryable,
  org: NewOrganization,
  options: { now: string; random?: () => number },
): Promise<string> {
  const id = org.id ?? newId("org", options.random);
  await tx.run(
    `INSERT INTO organizations (id, name, description, website, industry, size, email, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      id,
      org.name,
      org.description ?? "",
      org.website ?? "",
      org.industry ?? "",
      org.size ?? "",
      org.email ?? "",
      options.now,
      options.now,
    ],
  );
  for (const [name, role] of Object.entries(productDefaultRoles())) {
    const roleId = newId("rol", options.random);
    await tx.run(
      "INSERT INTO roles (id, organization_id, name, description, created_at) VALUES (?, ?, ?, ?, ?)",
      [roleId, id, name, role.description, options.now],
    );
    for (const permission of role.permissions) {
      await tx.run(
        "INSERT INTO role_permissions (organization_id, role_id, permission) VALUES (?, ?, ?)",
        [id, roleId, permission],
      );
    }
  }
  for (const module of moduleDefinitions()) {
    await tx.run(
      "INSERT INTO organization_modules (organization_id, module_id, enabled, updated_at) VALUES (?, ?, 1, ?)",
      [id, module.id, options.now],
    );
  }
  // Ids as migration 012 gave the organisations existing then.
  for (const [index, row] of DEFAULT_TYPE_MASTERS.entries()) {
    await tx.run(
      `INSERT INTO type_masters (id, organization_id, name, created_at, updated_at, kind, code, label, tone, position, active)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
      [
        `tym_${id}_${index + 1}`,
        id,
        row.code,
        options.now,
        options.now,
        row.kind,
        row.code,
        row.label,
        row.tone,
        row.position,
      ],
    );
  }
  // Ids as migration 029 gave the organisations existing then.
  for (const [index, stage] of DEFAULT_LEAD_STAGES.entries()) {
    await tx.run(
      `INSERT INTO lead_stages (id, organization_id, name, created_at, updated_at, code, label, tone, position, probability, kind, required_fields)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '')`,
      [
        `lst_${id}_${index + 1}`,
        id,
        stage.code,
        options.now,
        options.now,
        stage.code,
        stage.label,
        stage.tone,
        index + 1,
        stage.probability,
        stage.kind,
      ],
    );
  }
  return id;
}

/** Makes sure the modules table holds the catalogue as defined in code. */
export async function syncModuleCatalogue(tx: Queryable): Promise<void> {
  for (const [position, module] of moduleDefinitions().entries()) {
    await tx.run(
      `INSERT INTO modules (id, name, category, description, endpoints, read_permission_id, icon, position)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, category = excluded.category,
         description = excluded.description, endpoints = excluded.endpoints,
         read_permission_id = excluded.read_permission_id, icon = excluded.icon, position = excluded.position`,
      [
        module.id,
        module.name,
        module.category,
        module.description,
        JSON.stringify(module.endpoints),
        module.readPermissionId,
        module.icon,
        position,
      ],
    );
  }
  // Organisations created before a module existed get it switched on (once, also
  // when several instances start at the same time).
  await tx.run(
    `INSERT INTO organization_modules (organization_id, module_id, enabled, updated_at)
     SELECT o.id, m.id, 1, o.updated_at FROM organizations o CROSS JOIN modules m
      WHERE NOT EXISTS (SELECT 1 FROM organization_modules om WHERE om.organization_id = o.id AND om.module_id = m.id)
     ON CONFLICT (organization_id, module_id) DO NOTHING`,
  );
}
