/**
 * The administration screens (firm_admin only): members with role changes,
 * deactivation and invitations, the organisation's record, the session policy, the
 * letterhead printed on invoices and the audit log with filters — plus the module and role screens of
 * admin-access-screens.ts and the automation audit log (automation-audit-log.ts). Every write names the version it saw.
 */
import type { Node } from "../../../schemas/descriptor/mod.ts";
import { head, type ScreenDef } from "./screen-def.ts";
import { PERSON_FIELDS } from "./person-fields.ts";
import { ACCESS_ADMIN_SCREENS } from "./admin-access-screens.ts";
import { MEMBERSHIP_STATUS, ROLE } from "../value-labels.ts";
import { OUTGOING_MAIL_SOURCE, outgoingMailSection } from "./outgoing-mail.ts";
import { LETTERHEAD_SOURCE, letterheadCard } from "./letterhead-settings.ts";
import { DATA_CARE_SCREEN } from "./data-care-screen.ts";
import { AUTOMATION_AUDIT_LOG_SCREEN } from "./automation-audit-log.ts";
import { auditFilterFields } from "./audit-filter-fields.ts";

const users: ScreenDef = {
  id: "users",
  audience: "staff",
  module: "users",
  build: () => ({
    ...head("users", "Users", "dynamic"),
    sources: {
      users: {
        method: "POST",
        path: "/users/list",
        body: {},
        select: "users",
        label: "Users",
        emptyText: "No members",
      },
      roles: {
        method: "POST",
        path: "/admin/roles/list",
        body: {},
        select: "roles",
        label: "Roles",
      },
    },
    body: {
      type: "page",
      title: "Users",
      description: "Members of the organisation and their roles.",
      children: [
        {
          type: "table",
          source: "users",
          searchable: true,
          searchPlaceholder: "Search people",
          columns: [
            { key: "full_name", label: "Name", sortable: true },
            { key: "email", label: "Email", sortable: true },
            {
              key: "role",
              label: "Role",
              sortable: true,
              labels: ROLE,
              tone: {
                $match: {
                  value: { $field: "role" },
                  cases: { firm_admin: "info" },
                  otherwise: "neutral",
                },
              },
            },
            {
              key: "status",
              label: "Status",
              labels: MEMBERSHIP_STATUS,
              tone: {
                $match: {
                  value: { $field: "status" },
                  cases: { active: "success", invited: "warning" },
                  otherwise: "danger",
                },
              },
            },
            { key: "joined_at", label: "Joined", format: "date", sortable: true },
          ],
          pageSize: 25,
          emptyText: "No members",
          rowActions: [{
            label: "Deactivate",
            when: { field: "status", equals: "active" },
            action: {
              kind: "call",
              method: "POST",
              path: "/admin/users/deactivate",
              body: { user_id: { $field: "id" } },
              invalidate: ["users"],
              toast: "Member deactivated",
              confirm: "Deactivate this member? They will be signed out.",
              confirmLabel: "Deactivate member",
              keepLabel: "Keep member",
            },
          }],
        },
        {
          type: "grid",
          columns: 2,
          children: [
            {
              type: "card",
              title: "Change a role",
              children: [{
                type: "form",
                id: "change-role",
                fields: [
                  {
                    name: "user_id",
                    label: "Member *",
                    kind: "select",
                    required: true,
                    optionsSource: { source: "users", value: "id", label: "full_name" },
                    messages: { required: "Pick a member" },
                  },
                  {
                    name: "role",
                    label: "Role *",
                    kind: "select",
                    required: true,
                    optionsSource: { source: "roles", value: "name", label: "name", labels: ROLE },
                    messages: { required: "Pick a role" },
                  },
                ],
                submit: {
                  label: "Change role",
                  method: "POST",
                  path: "/admin/users/set-role",
                  successText: "Role changed",
                  invalidate: ["users"],
                },
              }],
            },
            {
              type: "card",
              title: "Invite someone",
              children: [{
                type: "form",
                id: "invite",
                fields: [
                  ...PERSON_FIELDS,
                  {
                    name: "role",
                    label: "Role *",
                    kind: "select",
                    required: true,
                    optionsSource: { source: "roles", value: "name", label: "name", labels: ROLE },
                    messages: { required: "Pick a role" },
                  },
                ],
                submit: {
                  label: "Create invitation",
                  method: "POST",
                  path: "/admin/users/invite",
                  successText: "Invitation created. Share this one-time link:",
                  showResult: { label: "Invitation link", path: "invitation_link" },
                  invalidate: ["users"],
                  resetOnSuccess: true,
                },
              }],
            },
          ],
        },
      ],
    },
  }),
};

const ORGANIZATION_FIELDS: Extract<Node, { type: "form" }>["fields"] = [
  {
    name: "name",
    label: "Name *",
    kind: "text",
    required: true,
    minLength: 2,
    messages: { required: "Name is required" },
  },
  { name: "description", label: "Description", kind: "textarea" },
  {
    name: "website",
    label: "Website",
    kind: "text",
    placeholder: "https://example.com",
    pattern: "^(https?://.+)?$",
    messages: { pattern: "Enter a full URL such as https://example.com" },
  },
  { name: "industry", label: "Industry", kind: "text" },
  {
    name: "size",
    label: "Size",
    kind: "select",
    options: ["", "1-10", "11-50", "51-200", "201-500", "500+"].map((v) => ({
      value: v,
      label: v || "Not set",
    })),
  },
  { name: "address", label: "Address", kind: "textarea" },
  {
    name: "phone",
    label: "Phone",
    kind: "text",
    pattern: "^([+0-9 ()-]{5,30})?$",
    messages: { pattern: "Enter a phone number" },
  },
  {
    name: "email",
    label: "Email",
    kind: "email",
    messages: { invalid: "Enter a valid email address" },
  },
  {
    name: "logo_url",
    label: "Logo URL",
    kind: "text",
    pattern: "^(https?://.+)?$",
    messages: { pattern: "Enter a full URL" },
  },
  { name: "is_active", label: "Active", kind: "checkbox" },
];

const organization: ScreenDef = {
  id: "organization",
  audience: "staff",
  module: "organization",
  build: ({ access }) => {
    const editable = access?.role === "firm_admin";
    const body: Node = editable
      ? {
        type: "form",
        id: "organization",
        source: "org",
        path: "organization",
        fields: ORGANIZATION_FIELDS,
        submit: {
          label: "Save",
          method: "POST",
          path: "/admin/organization/update",
          carry: { version: "version" },
          successText: "Organization saved",
          invalidate: ["org"],
        },
      }
      : {
        type: "key-value",
        items: ["name", "description", "website", "industry", "size", "address", "phone", "email"]
          .map((key) => ({
            label: key[0].toUpperCase() + key.slice(1),
            value: { $bind: "org", path: `organization.${key}`, fallback: "—" },
          })),
      };
    return {
      ...head("organization", "Organization", "semi-static"),
      sources: {
        org: {
          method: "POST",
          path: "/organizations/current",
          body: {},
          label: "Organization",
          critical: true,
        },
      },
      body: { type: "page", title: "Organization", children: [body] },
    };
  },
};

const settings: ScreenDef = {
  id: "settings",
  audience: "staff",
  module: "settings",
  build: () => ({
    ...head("settings", "System Settings", "dynamic"),
    state: { settings_tab: "session" },
    sources: {
      policy: {
        method: "POST",
        path: "/admin/settings/session-policy/get",
        body: {},
        label: "Session policy",
      },
      mail: OUTGOING_MAIL_SOURCE,
      letterhead: LETTERHEAD_SOURCE,
    },
    body: {
      type: "page",
      title: "System Settings",
      children: [{
        type: "tabs",
        stateKey: "settings_tab",
        tabs: [
          { id: "session", label: "Session policy", children: [sessionPolicyCard] },
          { id: "mail", label: "Outgoing mail", children: [outgoingMailSection()] },
          { id: "letterhead", label: "Letterhead", children: [letterheadCard] },
          { id: "maintenance", label: "Maintenance", children: [maintenanceCard] },
        ],
      }],
    },
  }),
};

/** Where the administrator's maintenance screens are reached from. */
const maintenanceCard: Node = {
  type: "card",
  title: "Data care",
  subtitle:
    "Check a project's data for integrity, time its analytics queries, add recommended indexes and refresh precomputed summaries.",
  children: [{
    type: "button",
    label: "Open Data care",
    variant: "secondary",
    action: { kind: "navigate", to: "/app/settings/data-care" },
  }],
};

const sessionPolicyCard: Node = {
  type: "card",
  title: "Session policy",
  subtitle: "People are signed out after this long without activity, with a warning first.",
  children: [{
    type: "form",
    id: "session-policy",
    source: "policy",
    fields: [
      {
        name: "idle_timeout_minutes",
        label: "Idle time-out (minutes) *",
        kind: "number",
        required: true,
        min: 1,
        max: 1440,
        messages: {
          required: "Enter minutes",
          min: "At least 1 minute",
          max: "At most 1440 minutes",
        },
      },
      {
        name: "warning_seconds",
        label: "Warning before sign-out (seconds) *",
        kind: "number",
        required: true,
        min: 5,
        max: 3600,
        messages: {
          required: "Enter seconds",
          min: "At least 5 seconds",
          max: "At most 3600 seconds",
        },
      },
    ],
    submit: {
      label: "Save policy",
      method: "POST",
      path: "/admin/settings/session-policy",
      carry: { version: "version" },
      successText: "Session policy saved",
      invalidate: ["policy"],
    },
  }],
};

const AUDIT_FILTERS = auditFilterFields({
  actor: "Actor",
  kind: "Resource",
  anyKind: "Any resource",
});

const audit: ScreenDef = {
  id: "audit",
  audience: "staff",
  module: "audit",
  build: () => ({
    ...head("audit", "Audit Log", "dynamic"),
    state: { actor_id: null, action: null, resource_type: null, from: null, to: null },
    sources: {
      filters: { method: "POST", path: "/api/audit/filters", body: {}, label: "Filters" },
      logs: {
        method: "POST",
        path: "/audit/logs/",
        body: {
          filters: {
            limit: 500,
            actor_id: { $state: "actor_id" },
            action: { $state: "action" },
            resource_type: { $state: "resource_type" },
            from: { $state: "from" },
            to: { $state: "to" },
          },
        },
        select: "logs",
        label: "Audit log",
        emptyText: "Nothing recorded for these filters",
      },
    },
    body: {
      type: "page",
      title: "Audit Log",
      description: "Who changed what, and when.",
      children: [
        {
          type: "form",
          id: "audit-filters",
          fields: [
            AUDIT_FILTERS.actor,
            AUDIT_FILTERS.action,
            AUDIT_FILTERS.kind,
            ...AUDIT_FILTERS.dates,
          ],
          submit: { label: "Apply filters", toState: true },
        },
        {
          type: "table",
          source: "logs",
          // The entry's record is named by its title and opens from it; its id is never shown.
          columns: [
            { key: "resource_title", label: "Record", fallback: "—", sortable: true },
            { key: "created_at", label: "When", format: "datetime", sortable: true },
            { key: "actor_text", label: "Actor", sortable: true },
            { key: "action_label", label: "Action", sortable: true },
            { key: "resource_label", label: "Kind", sortable: true },
            { key: "change_lines", label: "Changes", format: "lines", fallback: "—" },
          ],
          rowAction: { kind: "navigate", to: "{+resource_path}" },
          pageSize: 25,
          emptyText: "Nothing recorded for these filters",
          defaultSort: { key: "created_at", direction: "desc" },
        },
      ],
    },
  }),
};

/** The administration screens. */
export const ADMIN_SCREENS: ScreenDef[] = [
  ...ACCESS_ADMIN_SCREENS,
  users,
  organization,
  settings,
  audit,
  AUTOMATION_AUDIT_LOG_SCREEN,
  DATA_CARE_SCREEN,
];
