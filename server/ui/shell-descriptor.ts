/**
 * The shell descriptor for a caller: sidebar categories in priority order with the
 * items they may see (a category with none is left out), the header's menus, the
 * footer, the chatbot script, the session policy, cache classes and toast limits.
 */
import type { ShellDescriptor, ShellOrganization } from "../../schemas/descriptor/mod.ts";
import { SCHEMA_VERSION } from "../../schemas/descriptor/mod.ts";
import type { Access } from "../platform/access/access.ts";
import { CATEGORY_ORDER, CATEGORY_PRIORITIES } from "../platform/catalogue/categories.ts";
import { visibleModules } from "../platform/catalogue/visibility.ts";
import { authorize } from "../platform/access/authorize.ts";
import { CHATBOT_SCRIPT } from "./chatbot-script.ts";
import { CALENDAR_KIND } from "./value-labels.ts";
import { idleSignedOutText } from "../platform/auth/session-store.ts";
import { PRODUCT_VERSION } from "../config.ts";

import type { SessionPolicy } from "../platform/orgs/session-policy.ts";

/** Shell constants of the spec (§9). */
export const SHELL_CONSTANTS = {
  tokenRefreshMs: 4 * 60 * 1000,
  recentShown: 5,
  recentKept: 10,
  toastsMax: 5,
  cacheMinutes: { static: 60, semiStatic: 15, dynamic: 5 },
  search: { exact: 100, prefix: 80, word: 60, substring: 40, substringMinLength: 5 },
} as const;

/** Builds the staff shell for a caller; `organizations` feeds the header's switcher. */
export function buildStaffShell(
  access: Access,
  policy: SessionPolicy,
  year: number,
  options: { organizations?: ShellOrganization[] } = {},
): ShellDescriptor {
  const modules = visibleModules(access);
  const categories = CATEGORY_ORDER.map((name) => ({
    name,
    priority: CATEGORY_PRIORITIES[name],
    items: modules.filter((m) => m.category === name).map((m) => ({
      id: m.id,
      name: m.name,
      path: `/app/${m.id}`,
      icon: m.icon,
      description: m.description,
    })),
  })).filter((category) => category.items.length > 0);

  const userMenu: ShellDescriptor["header"]["userMenu"] = [
    {
      id: "organization",
      label: "Organization",
      action: { kind: "navigate", to: "/app/organization" },
    },
    { id: "profile", label: "My Profile", action: { kind: "navigate", to: "/app/profile" } },
  ];
  // The System Settings entry needs system.system_settings.read (spec §6): the read of "settings".
  if (authorize(access, "settings", "read")) {
    userMenu.push({
      id: "settings",
      label: "System Settings",
      action: { kind: "navigate", to: "/app/settings" },
    });
  }
  userMenu.push({ id: "sign-out", label: "Sign Out", action: { kind: "sign-out" } });

  return {
    schemaVersion: SCHEMA_VERSION,
    audience: "staff",
    organization: { id: access.organizationId, name: access.organizationName },
    noOrganizationText: "No organization",
    sidebar: {
      badge: "Pro Plan Active",
      searchPlaceholder: "Search modules… (press /)",
      noResultsText: "No modules match",
      search: { ...SHELL_CONSTANTS.search },
      recentShown: SHELL_CONSTANTS.recentShown,
      recentKept: SHELL_CONSTANTS.recentKept,
      categories,
    },
    header: {
      userMenu,
      notifications: {
        label: "Notifications",
        viewAllText: "View all notifications",
        viewAllTo: "/app/notifications",
        sources: ["/notifications/", "/notifications"],
        markReadPath: "/notifications/mark-read",
        failedText: "Failed to load notifications",
        signedOutText: "Please log in",
        emptyText: "You're all caught up",
      },
      calendar: {
        label: "Calendar",
        viewFullText: "View Full Calendar",
        viewFullTo: "/app/calendar",
        source: "/calendar/events",
        emptyText: "Nothing due in the next 30 days",
        kindLabels: CALENDAR_KIND,
      },
      help: { label: "Help", to: "/app/production-documentation" },
      organizationSource: "/organizations/current",
      organizations: options.organizations ?? [],
      organizationSwitch: {
        path: "/user-organizations/switch",
        label: "Switch organization",
        currentText: "Current organization",
      },
    },
    footer: {
      copyright: `© ${year} Opsuite. All rights reserved.`,
      website: { label: "opsuite.example", href: "https://opsuite.example" },
      support: { label: "support@opsuite.example", href: "mailto:support@opsuite.example" },
      version: `v${PRODUCT_VERSION}`,
    },
    chatbot: CHATBOT_SCRIPT,
    session: {
      idleTimeoutMs: policy.idleTimeoutSeconds * 1000,
      warningMs: policy.warningSeconds * 1000,
      refreshIntervalMs: SHELL_CONSTANTS.tokenRefreshMs,
      warningTitle: "Are you still there?",
      warningText: "You will be signed out soon because of inactivity.",
      stayText: "Stay Logged In",
      logoutText: "Logout Now",
      idleSignedOutText: idleSignedOutText(policy.idleTimeoutSeconds),
    },
    cache: {
      staticMinutes: SHELL_CONSTANTS.cacheMinutes.static,
      semiStaticMinutes: SHELL_CONSTANTS.cacheMinutes.semiStatic,
      dynamicMinutes: SHELL_CONSTANTS.cacheMinutes.dynamic,
    },
    toasts: { max: SHELL_CONSTANTS.toastsMax, position: "top-right" },
    errors: {
      renderTitle: "Something went wrong",
      tryAgain: "Try Again",
      reportPath: "/ui/errors",
    },
    events: { path: "/ui/events" },
  };
}
