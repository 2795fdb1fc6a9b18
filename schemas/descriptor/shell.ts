/**
 * The shell descriptor: the frame every staff screen sits in. Sidebar categories and
 * items are already filtered for the caller; the header, footer, chatbot script,
 * session policy, cache classes and toast limits come from here too.
 */
import { z } from "zod";
import { Action } from "./action.ts";
import { SCHEMA_VERSION } from "./screen.ts";

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

export const ChatReply = z.object({
  keywords: z.array(z.string()).min(1),
  reply: z.string(),
  category: z.string(),
  suggestions: z.array(z.string()).optional(),
}).strict();

export const ShellDescriptor = z.object({
  schemaVersion: z.literal(SCHEMA_VERSION),
  audience: z.enum(["staff", "portal"]),
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
    }).strict(),
    help: z.object({ label: z.string(), to: z.string() }).strict(),
    organizationSource: z.string(),
    organizations: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        roleLabel: z.string(),
        current: z.boolean(),
      }).strict(),
    ).optional().describe("The caller's memberships, for the header's organisation switcher"),
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
