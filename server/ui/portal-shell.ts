/**
 * The client portal's shell: a small frame of its own. A client sees the firm and
 * their company by name, the portal's three pages, a help link to the portal's own
 * help page and a user menu — none of the staff chrome (plan badge, module search,
 * category controls, staff menus or the staff help assistant).
 */
import type { PortalShellDescriptor } from "../../schemas/descriptor/mod.ts";
import { SCHEMA_VERSION } from "../../schemas/descriptor/mod.ts";
import type { Access } from "../platform/access/access.ts";
import { buildStaffShell } from "./shell-descriptor.ts";
import type { SessionPolicy } from "../platform/orgs/session-policy.ts";

/** The path of the portal's help page. */
export const PORTAL_HELP_PATH = "/client-portal/help";

/** What the portal shell is built from besides the caller. */
export interface PortalShellOptions {
  policy: SessionPolicy;
  year: number;
  /** The portal user's client, or null when the account is not linked to one. */
  client: { id: string; name: string } | null;
  /** How the firm is reached: its email and website ("" when not set). */
  firm: { email: string; website: string };
}

/** Builds the portal shell for a portal user. */
export function buildPortalShell(
  access: Access,
  { policy, year, client, firm }: PortalShellOptions,
): PortalShellDescriptor {
  // The frame's session, cache, error and event settings are the staff shell's own:
  // one session policy per organisation, whoever signs in.
  const common = buildStaffShell(
    { ...access, permissions: new Set(), enabledModules: new Set() },
    policy,
    year,
  );
  return {
    schemaVersion: SCHEMA_VERSION,
    audience: "portal",
    title: "Client Portal",
    organization: { id: access.organizationId, name: access.organizationName },
    client,
    navigation: {
      label: "Portal navigation",
      links: [
        { id: "portal-dashboard", label: "Your projects", path: "/client-portal/dashboard" },
        { id: "portal-proposals", label: "Proposals", path: "/client-portal/proposals" },
        { id: "portal-invoices", label: "Invoices", path: "/client-portal/invoices" },
        { id: "portal-messages", label: "Messages", path: "/client-portal/messages" },
        { id: "portal-profile", label: "Profile", path: "/client-portal/profile" },
      ],
    },
    header: {
      userMenu: [
        {
          id: "profile",
          label: "My Profile",
          action: { kind: "navigate", to: "/client-portal/profile" },
        },
        { id: "sign-out", label: "Sign Out", action: { kind: "sign-out" } },
      ],
      help: { label: "Help", to: PORTAL_HELP_PATH },
    },
    // A client's questions go to the firm, not to the software's vendor.
    footer: {
      ...common.footer,
      copyright: `© ${year} ${access.organizationName}`,
      ...(firm.website ? { website: { label: hostOf(firm.website), href: firm.website } } : {}),
      ...(firm.email ? { support: { label: firm.email, href: `mailto:${firm.email}` } } : {}),
    },
    session: common.session,
    cache: common.cache,
    toasts: common.toasts,
    errors: common.errors,
    events: common.events,
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}
