/**
 * Staff screens that are not record lists: profile, organisation, settings, the
 * module switchboard, help, and the generic screen of any other catalogue module.
 */
import type { Node } from "../../../schemas/descriptor/mod.ts";
import { z } from "zod";
import {
  findModule,
  type ModuleDefinition,
  moduleDefinitions,
} from "../../platform/catalogue/module-definitions.ts";
import { canSeeModule } from "../../platform/catalogue/visibility.ts";
import type { Access } from "../../platform/access/access.ts";
import { authorize } from "../../platform/access/authorize.ts";
import { head, type ScreenContext, type ScreenDef } from "./screen-def.ts";
import { ROLE, YES_NO } from "../value-labels.ts";

const profile: ScreenDef = {
  id: "profile",
  audience: "staff",
  module: "profile",
  build: () => ({
    ...head("profile", "My Profile", "dynamic"),
    sources: {
      me: { method: "POST", path: "/auth/me", body: {}, label: "Profile", critical: true },
      preferences: {
        method: "POST",
        path: "/api/user/preferences",
        body: {},
        select: "preferences",
        label: "Preferences",
      },
    },
    body: {
      type: "page",
      title: "My Profile",
      children: [
        {
          type: "card",
          title: "You",
          children: [{
            type: "key-value",
            items: [
              { label: "Name", value: { $bind: "me", path: "full_name" } },
              { label: "Email", value: { $bind: "me", path: "email" } },
              { label: "Role", value: { $bind: "me", path: "role", labels: ROLE } },
            ],
          }],
        },
        {
          type: "card",
          title: "Preferences",
          children: [{
            type: "form",
            id: "preferences",
            source: "preferences",
            fields: [
              {
                name: "language",
                label: "Language",
                kind: "select",
                options: [{ value: "en", label: "English" }, { value: "de", label: "Deutsch" }, {
                  value: "fr",
                  label: "Français",
                }],
              },
              { name: "timezone", label: "Time zone", kind: "text", placeholder: "Europe/London" },
              {
                name: "email_notifications",
                label: "Email me about notifications",
                kind: "checkbox",
              },
              {
                name: "dashboard_period",
                label: "Default analytics period",
                kind: "select",
                options: [{ value: "7d", label: "7 days" }, { value: "30d", label: "30 days" }, {
                  value: "90d",
                  label: "90 days",
                }, { value: "1y", label: "1 year" }],
              },
            ],
            submit: {
              label: "Save preferences",
              method: "POST",
              path: "/api/user/preferences",
              bodyKey: "preferences",
              successText: "Preferences saved",
              invalidate: ["preferences"],
            },
          }],
        },
      ],
    },
  }),
};

const organizations: ScreenDef = {
  id: "organizations",
  audience: "staff",
  module: "organizations",
  perUser: true,
  build: ({ access }) => ({
    ...head("organizations", "Organizations", "semi-static"),
    sources: {
      memberships: {
        method: "POST",
        path: "/user-organizations/by-user",
        body: { user_id: access!.user.id },
        label: "Organizations",
        emptyText: "You belong to no organisation",
      },
    },
    body: {
      type: "page",
      title: "Organizations",
      description: "Organisations you belong to. Switching changes what you see everywhere.",
      children: [{
        type: "table",
        source: "memberships",
        columns: [
          { key: "organization_name", label: "Organization", sortable: true },
          { key: "user_role", label: "Your role", labels: ROLE },
          {
            key: "is_current",
            label: "Current",
            labels: YES_NO,
            tone: {
              $match: {
                value: { $field: "is_current" },
                cases: { true: "success" },
                otherwise: "neutral",
              },
            },
          },
        ],
        emptyText: "You belong to no organisation",
        rowActions: [{
          label: "Switch to",
          action: {
            kind: "call",
            method: "POST",
            path: "/user-organizations/switch",
            body: { organization_id: { $field: "organization_id" } },
            invalidate: ["memberships"],
            toast: "Organization switched",
          },
        }],
      }],
    },
  }),
};

const HELP_TOPICS: [string, string][] = [
  [
    "Finding your way",
    "Press / anywhere to search the modules you may open. Star a module to keep it in Favourites; the last ones you opened appear under Recent.",
  ],
  [
    "Tasks",
    "Tasks carry a priority (low, medium, high, critical), an assignee and a due date. 'Unassigned' and 'No Project' mark what is missing.",
  ],
  [
    "Projects and analytics",
    "Project Progress Analytics computes progress, velocity, burndown, health, forecast and team performance from your tasks.",
  ],
  [
    "Permissions",
    "Each sidebar item needs its read permission and must be enabled for your organisation. Administrators manage both.",
  ],
  [
    "Signing out",
    "After a period without activity you are warned and then signed out. 'Stay Logged In' keeps you in.",
  ],
];

const documentation: ScreenDef = {
  id: "production-documentation",
  audience: "staff",
  module: "production-documentation",
  build: () => ({
    ...head("production-documentation", "Help & Documentation", "static"),
    body: {
      type: "page",
      title: "Help & Documentation",
      children: HELP_TOPICS.map(([title, text]): Node => ({
        type: "card",
        title,
        children: [{ type: "text", text }],
      })),
    },
  }),
};

function relatedModules(access: Access | undefined, module: ModuleDefinition): Node {
  const related = moduleDefinitions().filter((m) =>
    m.category === module.category && m.id !== module.id && access && canSeeModule(access, m)
  );
  return {
    type: "list",
    items: related.map((m) => ({ name: m.name, description: m.description, to: `/app/${m.id}` })),
    title: { $field: "name" },
    subtitle: { $field: "description" },
    action: { kind: "navigate", to: "{to}" },
    emptyText: `No other ${module.category} modules are open to you`,
  };
}

/**
 * The generic screen of a catalogue module: its name, description and its
 * neighbours. A route's params (a record id) are not shown: this screen has no
 * record to name by its title.
 */
export function moduleScreen(module: ModuleDefinition, ctx: ScreenContext, screenId = module.id) {
  return {
    ...head(screenId, module.name, "semi-static" as const),
    body: {
      type: "page" as const,
      title: module.name,
      description: module.description,
      children: [
        {
          type: "card",
          title: "About this module",
          children: [
            { type: "text", text: module.description },
            {
              type: "key-value",
              items: [{ label: "Area", value: module.category }, {
                label: "Permission",
                value: module.readPermissionId,
              }],
            },
          ],
        } as Node,
        {
          type: "section",
          title: `More in ${module.category}`,
          children: [relatedModules(ctx.access, module)],
        } as Node,
      ],
    },
  };
}

/** `/app/*`: any other sidebar item opens `/app/{itemId}` and shows its module screen. */
export const catchAll: ScreenDef = {
  id: "module",
  audience: "staff",
  params: z.object({ id: z.string().min(1).max(200) }).strict(),
  build: (ctx) => moduleScreen(findModule(ctx.params.id)!, ctx),
};

const discussion: ScreenDef = {
  id: "discussion",
  audience: "staff",
  module: "discussion",
  build: ({ access }) => ({
    ...head("discussion", "Discussion", "dynamic"),
    sources: {
      messages: {
        method: "POST",
        path: "/clients/messages/recent",
        body: {},
        select: "messages",
        label: "Client messages",
        emptyText: "No messages from clients yet",
        refreshMs: 15_000,
      },
      clients: {
        method: "POST",
        path: "/clients/list",
        body: {},
        select: "clients",
        label: "Clients",
      },
    },
    body: {
      type: "page",
      title: "Discussion",
      description: "Conversations with your clients through the client portal.",
      children: [
        {
          type: "table",
          source: "messages",
          searchable: true,
          searchPlaceholder: "Search messages",
          columns: [
            { key: "created_at", label: "When", format: "datetime", sortable: true },
            { key: "client_name", label: "Client", sortable: true },
            { key: "author_name", label: "From", sortable: true },
            { key: "body", label: "Message" },
          ],
          pageSize: 20,
          emptyText: "No messages from clients yet",
          defaultSort: { key: "created_at", direction: "desc" },
        },
        // Replying is a write (clients.message): offered only to callers authorize() lets send.
        ...(access && authorize(access, "clients", "message") ? [replyCard] : []),
      ],
    },
  }),
};

/** The reply form of the discussion screen. */
const replyCard: Node = {
  type: "card",
  title: "Reply to a client",
  children: [{
    type: "form",
    id: "reply",
    fields: [
      {
        name: "client_id",
        label: "Client *",
        kind: "select",
        required: true,
        optionsSource: { source: "clients", value: "id", label: "name" },
        messages: { required: "Pick a client" },
      },
      {
        name: "body",
        label: "Message *",
        kind: "textarea",
        required: true,
        maxLength: 4000,
        messages: { required: "Write a message" },
      },
    ],
    submit: {
      label: "Send reply",
      method: "POST",
      path: "/clients/messages/send",
      successText: "Reply sent",
      invalidate: ["messages"],
      resetOnSuccess: true,
    },
  }],
};

/** The staff screens of this file. */
export const STAFF_MISC_SCREENS: ScreenDef[] = [profile, organizations, documentation, discussion];
