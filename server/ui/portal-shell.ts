/** The client portal's shell: the staff frame's texts with only the portal's own entries. */
import type { ShellDescriptor } from "../../schemas/descriptor/mod.ts";
import type { Access } from "../platform/access/access.ts";
import { buildStaffShell, type SessionPolicy } from "./shell-descriptor.ts";

/** Builds the portal shell for a portal user. */
export function buildPortalShell(
  access: Access,
  policy: SessionPolicy,
  year: number,
): ShellDescriptor {
  const staff = buildStaffShell(
    { ...access, permissions: new Set(), enabledModules: new Set() },
    policy,
    year,
  );
  return {
    ...staff,
    audience: "portal",
    sidebar: {
      ...staff.sidebar,
      categories: [{
        name: "Client Portal",
        priority: 1,
        items: [{
          id: "portal-dashboard",
          name: "Overview",
          path: "/client-portal/dashboard",
          icon: "home",
          description: "Your projects with the firm",
        }],
      }],
    },
    header: {
      ...staff.header,
      userMenu: [{ id: "sign-out", label: "Sign Out", action: { kind: "sign-out" } }],
    },
  };
}
