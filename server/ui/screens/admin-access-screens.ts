/**
 * The access administration screens (firm_admin only): modules with on/off
 * switches, grouped by category with search; roles, role creation and the screens
 * each role opens; one role's permissions as a module × action matrix of boxes that
 * grant and revoke. Every write names the
 * version it saw.
 */
import { head, type ScreenDef } from "./screen-def.ts";
import type { Action } from "../../../schemas/descriptor/mod.ts";
import { MATRIX_ACTIONS } from "../../platform/access/permission-catalogue.ts";
import { ENABLED, ROLE } from "../value-labels.ts";

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
              confirmLabel: "Turn off module",
              keepLabel: "Keep it on",
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

const ACTION_LABELS: Record<typeof MATRIX_ACTIONS[number], string> = {
  read: "Read",
  create: "Create",
  update: "Update",
  comment: "Comment",
  delete: "Delete",
  export: "Export",
  import: "Import",
};

/** Grants or revokes the permission of a matrix cell (the cell carries role and version). */
function permissionCall(path: string, toast: string): Action {
  return {
    kind: "call",
    method: "POST",
    path,
    body: {
      role: { $field: "role" },
      permission: { $field: "permission" },
      version: { $field: "version" },
    },
    invalidate: ["matrix", "roles"],
    toast,
  };
}

const rbac: ScreenDef = {
  id: "rbac",
  audience: "staff",
  module: "rbac",
  build: () => ({
    ...head("rbac", "Roles & Permissions", "dynamic"),
    state: { role: "project_manager" },
    sources: {
      roles: { method: "POST", path: "/admin/roles/list", body: {}, label: "Roles" },
      matrix: {
        method: "POST",
        path: "/admin/roles/matrix",
        body: { role: { $state: "role" } },
        enabledWhen: ["role"],
        label: "Permissions",
      },
    },
    body: {
      type: "page",
      title: "Roles & Permissions",
      description:
        "Each screen needs its read permission, each change its own permission. A new role starts with none.",
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
          title: "Permissions by role",
          children: [
            {
              type: "selectable-list",
              source: "roles",
              path: "roles",
              title: { $field: "name", labels: ROLE },
              meta: [{ $field: "description" }],
              onSelect: {
                kind: "set-state",
                values: { role: { $field: "name" }, role_id: { $field: "id" } },
              },
              selectedState: "role_id",
              maxHeight: "14rem",
              emptyText: "No roles",
            },
            {
              type: "heading",
              level: 3,
              text: { $bind: "matrix", path: "role", labels: ROLE, prefix: "Permissions of " },
            },
            {
              type: "check-matrix",
              source: "matrix",
              path: "modules",
              rowHeader: "Module",
              rowLabel: "name",
              groupBy: "category",
              columns: [
                ...MATRIX_ACTIONS.map((action) => ({ key: action, label: ACTION_LABELS[action] })),
                { key: "others", label: "Others" },
              ],
              checked: "granted",
              cellLabel: "title",
              cellText: "label",
              check: permissionCall("/admin/roles/grant", "Permission granted"),
              uncheck: permissionCall("/admin/roles/revoke", "Permission revoked"),
              emptyText: "Pick a role to see its permissions",
            },
          ],
        },
      ],
    },
  }),
};

/** The module and role screens. */
export const ACCESS_ADMIN_SCREENS: ScreenDef[] = [modules, rbac];
