/**
 * The access administration screens (firm_admin only): modules with on/off
 * switches, grouped by category with search; roles × read permissions with grant
 * and revoke, role creation and the screens each role opens. Every write names the
 * version it saw.
 */
import { head, type ScreenDef } from "./screen-def.ts";
import { ENABLED, ROLE, YES_NO } from "../value-labels.ts";

const ON_OFF = {
  $match: { value: { $field: "enabled" }, cases: { true: "success" }, otherwise: "danger" },
} as const;

const modules: ScreenDef = {
  id: "organization-management",
  audience: "staff",
  module: "organization-management",
  build: () => ({
    ...head("organization-management", "Organization Management", "dynamic"),
    sources: {
      modules: {
        method: "POST",
        path: "/api/modules/config",
        body: {},
        select: "modules",
        label: "Modules",
        emptyText: "No modules",
      },
    },
    body: {
      type: "page",
      title: "Modules",
      description:
        "Turn modules on or off for your organisation. Everyone's sidebar and screens follow within a second.",
      children: [{
        type: "table",
        source: "modules",
        searchable: true,
        searchPlaceholder: "Search modules",
        groupBy: "category",
        columns: [
          { key: "name", label: "Module", sortable: true },
          { key: "description", label: "Description" },
          { key: "enabled", label: "State", tone: ON_OFF, labels: ENABLED },
        ],
        pageSize: 200,
        emptyText: "No modules match",
        rowActions: [
          {
            label: "Turn off",
            when: { field: "enabled", equals: true },
            action: {
              kind: "call",
              method: "POST",
              path: "/admin/modules/toggle",
              body: { module_id: { $field: "id" }, enabled: false, version: { $field: "version" } },
              confirm: {
                $field: "people_with_access",
                format: "number",
                prefix:
                  "Turn this module off for the whole organisation? People who will lose it: ",
                suffix: ".",
                fallback: "Turn this module off for the whole organisation?",
              },
              invalidate: ["modules"],
              toast: "Module turned off",
            },
          },
          {
            label: "Turn on",
            when: { field: "enabled", equals: false },
            action: {
              kind: "call",
              method: "POST",
              path: "/admin/modules/toggle",
              body: { module_id: { $field: "id" }, enabled: true, version: { $field: "version" } },
              invalidate: ["modules"],
              toast: "Module turned on",
            },
          },
        ],
      }],
    },
  }),
};

const rbac: ScreenDef = {
  id: "rbac",
  audience: "staff",
  module: "rbac",
  build: () => ({
    ...head("rbac", "Roles & Permissions", "dynamic"),
    sources: {
      roles: { method: "POST", path: "/admin/roles/list", body: {}, label: "Roles" },
    },
    body: {
      type: "page",
      title: "Roles & Permissions",
      description: "Each screen needs its read permission. A new role starts with none.",
      children: [
        {
          type: "card",
          title: "Roles",
          children: [{
            type: "table",
            source: "roles",
            path: "roles",
            columns: [
              { key: "name", label: "Role", sortable: true, labels: ROLE },
              { key: "description", label: "Description" },
              { key: "member_count", label: "Members", format: "integer", align: "end" },
              { key: "screens", label: "Screens it opens", format: "count", align: "end" },
            ],
            emptyText: "No roles",
          }],
        },
        {
          type: "card",
          title: "Create a role",
          children: [{
            type: "form",
            id: "create-role",
            fields: [
              {
                name: "name",
                label: "Name *",
                kind: "text",
                required: true,
                pattern: "^[a-z][a-z0-9_]{1,39}$",
                messages: {
                  required: "Name the role",
                  pattern: "Use 2–40 lower-case letters, digits or _",
                },
              },
              { name: "description", label: "Description", kind: "text" },
            ],
            submit: {
              label: "Create role",
              method: "POST",
              path: "/admin/roles/create",
              successText: "Role created",
              invalidate: ["roles"],
              resetOnSuccess: true,
            },
          }],
        },
        {
          type: "card",
          title: "Read permissions by role",
          children: [{
            type: "table",
            source: "roles",
            path: "grants",
            searchable: true,
            searchPlaceholder: "Search roles or modules",
            groupBy: "role",
            groupLabels: ROLE,
            columns: [
              { key: "module", label: "Screen", sortable: true },
              { key: "permission", label: "Permission" },
              { key: "category", label: "Area", sortable: true },
              {
                key: "granted",
                label: "Granted",
                labels: YES_NO,
                tone: {
                  $match: {
                    value: { $field: "granted" },
                    cases: { true: "success" },
                    otherwise: "neutral",
                  },
                },
              },
            ],
            pageSize: 50,
            emptyText: "No permissions match",
            rowActions: [
              {
                label: "Revoke",
                when: { field: "granted", equals: true },
                action: {
                  kind: "call",
                  method: "POST",
                  path: "/admin/roles/revoke",
                  body: {
                    role: { $field: "role" },
                    permission: { $field: "permission" },
                    version: { $field: "role_version" },
                  },
                  invalidate: ["roles"],
                  toast: "Permission revoked",
                },
              },
              {
                label: "Grant",
                when: { field: "granted", equals: false },
                action: {
                  kind: "call",
                  method: "POST",
                  path: "/admin/roles/grant",
                  body: {
                    role: { $field: "role" },
                    permission: { $field: "permission" },
                    version: { $field: "role_version" },
                  },
                  invalidate: ["roles"],
                  toast: "Permission granted",
                },
              },
            ],
          }],
        },
      ],
    },
  }),
};

/** The module and role screens. */
export const ACCESS_ADMIN_SCREENS: ScreenDef[] = [modules, rbac];
