/**
 * The roles every new organisation starts with and the read permissions each
 * grants. Deny by default: a permission not listed here is not granted, and a role
 * created later starts with none.
 */
import { MODULE_DEFINITIONS } from "../catalogue/module-definitions.ts";
import type { Category } from "../catalogue/categories.ts";
import { ADMIN_ROLE, PORTAL_ROLE } from "./access.ts";

function readsOf(categories: Category[], extraModules: string[] = []): string[] {
  return MODULE_DEFINITIONS
    .filter((m) => categories.includes(m.category) || extraModules.includes(m.id))
    .map((m) => m.readPermissionId);
}

/** Role name → description and granted permissions. */
export const DEFAULT_ROLES: Record<string, { description: string; permissions: string[] }> = {
  [ADMIN_ROLE]: {
    description: "Administers the organisation: every screen, modules, roles and users.",
    permissions: MODULE_DEFINITIONS.map((m) => m.readPermissionId),
  },
  project_manager: {
    description: "Runs projects and their teams.",
    permissions: readsOf(["Core", "Operations", "Analytics", "Reports", "Tools"], ["organization"]),
  },
  sales: {
    description: "Works leads and proposals.",
    permissions: readsOf(["Core", "Sales"], [
      "clients",
      "proposals",
      "proposals/new",
      "proposal-templates",
      "proposal-templates/create",
    ]),
  },
  finance: {
    description: "Invoices, expenses, budgets and tax.",
    permissions: readsOf(["Core", "Finance", "Reports"], ["clients", "organization"]),
  },
  member: {
    description: "Works on tasks.",
    permissions: readsOf(["Core"], ["organization", "discussion", "documents"]),
  },
  [PORTAL_ROLE]: {
    description: "An external client using the client portal; grants nothing staff-side.",
    permissions: [],
  },
};
