/**
 * The shell descriptor: the frame every staff screen sits in. Sidebar categories and
 * items are already filtered for the caller; the header, footer, chatbot script,
 * session policy, cache classes and toast limits come from here too.
 */
import { z } from "zod";
import { Action } from "./action.ts";
import { SCHEMA_VERSION } from "./screen.ts";
import { ValueLabels } from "./value.ts";

export const SidebarItem = z.object({
  id: z.string(),
  name: z.string(),
  path: z.string().regex(/^\//, "must start with /"),
  icon: z.string(),
  description: z.string(),
}).strict();
export type SidebarItem = z.input<typeof SidebarItem>;

export const SidebarCategory = z.object({
  name: z.string(),
  priority: z.number().int(),
  items: z.array(SidebarItem).min(1),
}).strict();

export const MenuEntry = z.object({
  id: z.string(),
  label: z.string(),
  action: Action,
}).strict();

/** One of the caller's active memberships, as the header's organisation switcher lists it. */
export const ShellOrganization = z.object({
  id: z.string(),
  name: z.string(),
  roleLabel: z.string(),
  current: z.boolean().describe("the organisation of this session"),
}).strict();
export type ShellOrganization = z.infer<typeof ShellOrganization>;

export const ChatReply = z.object({
  keywords: z.array(z.string()).min(1),
  reply: z.string(),
  category: z.string(),
  suggestions: z.array(z.string()).optional(),
}).strict();

export const ShellDescriptor = z.object({
  schemaVersion: z.literal(SCHEMA_VERSION),
  audience: z.literal("staff"),
  organization: z.object({ id: z.string(), name: z.string() }).strict().nullable(),
  noOrganizationText: z.string(),
  sidebar: z.object({
    badge: z.string(),
    searchPlaceholder: z.string(),
    noResultsText: z.string(),
    search: z.object({
      exact: z.number(),
      prefix: z.number(),
      word: z.number(),
      substring: z.number(),
      substringMinLength: z.number().int(),
    }).strict(),
    recentShown: z.number().int().positive(),
    recentKept: z.number().int().positive(),
    categories: z.array(SidebarCategory),
  }).strict(),
  header: z.object({
    userMenu: z.array(MenuEntry),
    notifications: z.object({
      label: z.string(),
      viewAllText: z.string(),
      viewAllTo: z.string(),
      sources: z.array(z.string()).min(1).describe("POST paths tried in order"),
      markReadPath: z.string().optional().describe(
        "POST path marking notifications read ({ids}); a notification opened from the list is",
      ),
      failedText: z.string(),
      signedOutText: z.string(),
      emptyText: z.string(),
    }).strict(),
    calendar: z.object({
      label: z.string(),
      viewFullText: z.string(),
      viewFullTo: z.string(),
      source: z.string(),
      emptyText: z.string(),
      kindLabels: ValueLabels.describe("what each event kind is called (task, milestone…)"),
    }).strict(),
    help: z.object({ label: z.string(), to: z.string() }).strict(),
    organizationSource: z.string(),
    organizations: z.array(ShellOrganization).optional().describe(
      "the caller's active memberships, for the header's organisation switcher (POST /user-organizations/switch); the staff shell always sends it",
    ),
    organizationSwitch: z.object({
      path: z.string().describe("POST {organization_id} makes that membership current"),
      label: z.string(),
      currentText: z.string(),
    }).strict().optional(),
  }).strict(),
  footer: z.object({
    copyright: z.string(),
    website: z.object({ label: z.string(), href: z.string() }).strict(),
    support: z.object({ label: z.string(), href: z.string() }).strict(),
    version: z.string(),
  }).strict(),
  chatbot: z.object({
    title: z.string(),
    greeting: z.string(),
    placeholder: z.string(),
    replies: z.array(ChatReply),
    fallbackReply: z.string(),
    delayMs: z.object({ min: z.number().int(), max: z.number().int() }).strict(),
    historySize: z.number().int().positive(),
    feedbackPath: z.string(),
  }).strict(),
  session: z.object({
    idleTimeoutMs: z.number().int().positive(),
    warningMs: z.number().int().positive(),
    refreshIntervalMs: z.number().int().positive(),
    warningTitle: z.string(),
    warningText: z.string(),
    stayText: z.string(),
    logoutText: z.string(),
    idleSignedOutText: z.string().optional().describe(
      "shown on the sign-in page after the idle time-out signed the user out",
    ),
  }).strict(),
  cache: z.object({
    staticMinutes: z.number(),
    semiStaticMinutes: z.number(),
    dynamicMinutes: z.number(),
  }).strict(),
  toasts: z.object({ max: z.number().int().positive(), position: z.literal("top-right") }).strict(),
  errors: z.object({
    renderTitle: z.string(),
    tryAgain: z.string(),
    reportPath: z.string(),
  }).strict(),
  events: z.object({ path: z.string() }).strict(),
}).strict();
export type ShellDescriptor = z.input<typeof ShellDescriptor>;

/** A link of the portal's navigation. */
export const PortalLink = z.object({
  id: z.string(),
  label: z.string(),
  path: z.string().regex(/^\//, "must start with /"),
}).strict();

/**
 * The client portal's frame: much smaller than the staff shell. The firm and the
 * client by name, the portal's few links, a help link to the portal's own help page
 * and the user menu; no module search, plan badge, chatbot or staff menus.
 */
export const PortalShellDescriptor = z.object({
  schemaVersion: z.literal(SCHEMA_VERSION),
  audience: z.literal("portal"),
  title: z.string().describe("the portal's name, e.g. Client Portal"),
  organization: z.object({ id: z.string(), name: z.string() }).strict().describe("the firm"),
  client: z.object({ id: z.string(), name: z.string() }).strict().nullable(),
  navigation: z.object({ label: z.string(), links: z.array(PortalLink).min(1) }).strict(),
  header: z.object({
    userMenu: z.array(MenuEntry),
    help: z.object({ label: z.string(), to: z.string() }).strict(),
  }).strict(),
  footer: ShellDescriptor.shape.footer,
  session: ShellDescriptor.shape.session,
  cache: ShellDescriptor.shape.cache,
  toasts: ShellDescriptor.shape.toasts,
  errors: ShellDescriptor.shape.errors,
  events: ShellDescriptor.shape.events,
}).strict();
export type PortalShellDescriptor = z.input<typeof PortalShellDescriptor>;

/** What `GET /ui/shell` answers: the staff shell, or the portal's to a portal user. */
export const AnyShellDescriptor = z.discriminatedUnion("audience", [
  ShellDescriptor,
  PortalShellDescriptor,
]);
export type AnyShellDescriptor = z.input<typeof AnyShellDescriptor>;
