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
        items: [
          {
            id: "portal-dashboard",
            name: "Your projects",
            path: "/client-portal/dashboard",
            icon: "house",
            description: "Your projects with the firm",
          },
          {
            id: "portal-messages",
            name: "Messages",
            path: "/client-portal/messages",
            icon: "message-square",
            description: "Your conversation with the firm",
          },
          {
            id: "portal-profile",
            name: "Profile",
            path: "/client-portal/profile",
            icon: "user",
            description: "Your details",
          },
        ],
      }],
    },
    header: {
      ...staff.header,
      userMenu: [
        {
          id: "profile",
          label: "My Profile",
          action: { kind: "navigate", to: "/client-portal/profile" },
        },
        { id: "sign-out", label: "Sign Out", action: { kind: "sign-out" } },
      ],
      notifications: {
        ...staff.header.notifications,
        sources: ["/portal/notifications"],
        viewAllTo: "/client-portal/messages",
      },
      calendar: {
        ...staff.header.calendar,
        source: "/portal/calendar",
        viewFullTo: "/client-portal/dashboard",
      },
      help: { label: "Help", to: "/help" },
    },
  };
}
