/**
 * The roles every new organisation starts with and the permissions each grants:
 * the read permissions of the modules it works in, the writes of hand-written
 * endpoints it needs (see permission-catalogue.ts), what each record type's
 * declaration gives it (`roles`), and what those imply (`<module>.comment` wherever
 * it holds `<module>.update`). The administrator holds every permission of the
 * catalogue. Deny by default: a permission not listed here is not granted, and a
 * role created later starts with none. Organisations that exist already receive a
 * permission newly listed here once, at start (permission-rollout.ts).
 */
import { moduleDefinitions } from "../catalogue/module-definitions.ts";
import type { Category } from "../catalogue/categories.ts";
import { recordTypes } from "../../records/catalogue.ts";
import type { RecordType } from "../../records/define.ts";
import { ADMIN_ROLE, PORTAL_ROLE } from "./access.ts";
import { permissionOf } from "./authorize.ts";
import { impliedGrants, permissionCatalogue, withImpliedGrants } from "./permission-catalogue.ts";

/** A default role: what it is for and what it grants. */
export interface DefaultRole {
  description: string;
  permissions: string[];
}

function readsOf(categories: Category[], extraModules: string[] = []): string[] {
  return moduleDefinitions()
    .filter((m) => categories.includes(m.category) || extraModules.includes(m.id))
    .map((m) => m.readPermissionId);
}

/** The permissions the record types' declarations give a role. */
function declaredFor(role: string, types: readonly RecordType[]): string[] {
  return types.flatMap((type) =>
    (type.declaration.roles[role] ?? []).map((action) => permissionOf(type.module, action))
  );
}

/** The default roles, given the product's record types. */
export function defaultRoles(
  types: readonly RecordType[] = recordTypes(),
): Record<string, DefaultRole> {
  const base: Record<string, DefaultRole> = {
    [ADMIN_ROLE]: {
      description: "Administers the organisation: every screen, modules, roles and users.",
      permissions: permissionCatalogue(types).flatMap((row) =>
        row.actions.map((a) => a.permission)
      ),
    },
    project_manager: {
      description: "Runs projects and their teams.",
      permissions: [
        ...readsOf(["Core", "Operations", "Analytics", "Reports", "Tools"], ["organization"]),
        "clients.message",
        "clients.portal_invite",
        "clients.portal_revoke",
        "projects.update",
        "projects.approve",
      ],
    },
    sales: {
      description: "Works leads and proposals.",
      permissions: [
        ...readsOf(["Core", "Sales"], [
          "clients",
          "proposals",
          "proposals/new",
          "proposal-templates",
          "proposal-templates/create",
          "report-builder",
        ]),
        "clients.message",
      ],
    },
    finance: {
      description: "Invoices, expenses, budgets and tax.",
      permissions: readsOf(["Core", "Finance", "Reports"], [
        "clients",
        "organization",
        "report-builder",
        "real-time-alerts",
      ]),
    },
    member: {
      description: "Works on tasks.",
      permissions: readsOf(["Core"], ["organization", "discussion", "documents", "report-builder"]),
    },
    [PORTAL_ROLE]: {
      description: "An external client using the client portal; grants nothing staff-side.",
      permissions: [],
    },
  };
  const implied = impliedGrants(permissionCatalogue(types));
  return Object.fromEntries(
    Object.entries(base).map(([name, role]) => [name, {
      description: role.description,
      permissions: name === PORTAL_ROLE ? [] : withImpliedGrants(
        [...new Set([...role.permissions, ...declaredFor(name, types)])],
        implied,
      ),
    }]),
  );
}

let product: Record<string, DefaultRole> | undefined;

/** Role name → description and granted permissions, for the product's record types (made on first use). */
export function productDefaultRoles(): Record<string, DefaultRole> {
  return product ??= defaultRoles();
}
