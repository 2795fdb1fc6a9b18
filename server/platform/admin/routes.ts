/**
 * The administration API behind the admin screens: modules, roles and
 * permissions, members, the organisation and its settings. firm_admin only; every
 * write is validated, versioned (409 on a stale version) and audited; its commit
 * announces the change, so open browsers follow at once (change-signal.ts).
 */
import type { Context } from "hono";
import {
  MemberResponse,
  ModuleToggleRequest,
  ModuleToggleResponse,
  OrganizationUpdateRequest,
  RoleCreateRequest,
  RoleMatrixRequest,
  RoleMatrixResponse,
  RolePermissionRequest,
  RoleResponse,
  RolesListRequest,
  RolesListResponse,
  SessionPolicyReadRequest,
  SessionPolicyRequest,
  SessionPolicyResponse,
  SettingResponse,
  UserDeactivateRequest,
  UserInviteRequest,
  UserInviteResponse,
  UserRoleRequest,
} from "../../../schemas/api/admin.ts";
import { OkResponse } from "../../../schemas/api/auth.ts";
import type { Database } from "../../db/database.ts";
import type { InvitationLimits } from "../../config.ts";
import { type Access, ADMIN_ROLE } from "../access/access.ts";
import { forbidden } from "../errors/app-error.ts";
import type { Api } from "../http/api.ts";
import type { AppEnv } from "../http/app-env.ts";
import { ADMIN_REQUIRED_TEXT } from "../access/authorize.ts";
import type { AdminContext } from "./admin-context.ts";
import { setModuleEnabled } from "./modules-admin.ts";
import { createRole, listRoles, setRolePermission } from "./roles-admin.ts";
import { roleMatrix } from "./role-matrix.ts";
import { deactivateMember, setMemberRole } from "./users-admin.ts";
import { inviteMember } from "./member-invitation.ts";
import { updateOrganization, updateSessionPolicy } from "./organization-admin.ts";
import { readSessionPolicySetting } from "../orgs/session-policy.ts";
import { letterheadRoutes } from "./letterhead-routes.ts";

/** What the admin routes need. */
export interface AdminDeps {
  db: Database;
  clock: () => number;
  publicUrl: string;
  sessionDefaults: { idleTimeoutSeconds: number; warningSeconds: number };
  invitationLimits: InvitationLimits;
}

/** Declares the administration endpoints. */
export function adminRoutes(api: Api, deps: AdminDeps): void {
  const context = (c: Context<AppEnv>, access: Access): AdminContext => {
    if (access.role !== ADMIN_ROLE) throw forbidden(ADMIN_REQUIRED_TEXT, { role: ADMIN_ROLE });
    return {
      db: deps.db,
      organizationId: access.organizationId,
      actorId: access.user.id,
      requestId: c.get("requestId"),
      now: new Date(deps.clock()).toISOString(),
    };
  };
  const base = { tag: "Administration", audience: "staff" as const };

  api.route(
    {
      ...base,
      method: "post",
      path: "/admin/modules/toggle",
      summary: "Turn a module on or off (409 on a stale version)",
      body: ModuleToggleRequest,
      response: ModuleToggleResponse,
    },
    async (c, { access, body }) =>
      c.json(
        await setModuleEnabled(context(c, access), {
          moduleId: body.module_id,
          enabled: body.enabled,
          version: body.version,
        }),
      ),
  );

  api.route({
    ...base,
    method: "post",
    path: "/admin/roles/list",
    reads: true,
    summary: "Roles, with the screens each opens, and every permission of the catalogue",
    body: RolesListRequest,
    response: RolesListResponse,
  }, async (c, { access }) => c.json(await listRoles(context(c, access))));

  api.route({
    ...base,
    method: "post",
    path: "/admin/roles/matrix",
    reads: true,
    summary: "One role's permissions as modules × actions",
    body: RoleMatrixRequest,
    response: RoleMatrixResponse,
  }, async (c, { access, body }) => c.json(await roleMatrix(context(c, access), body.role)));

  api.route({
    ...base,
    method: "post",
    path: "/admin/roles/create",
    summary: "Create a role (it starts with no permissions)",
    body: RoleCreateRequest,
    response: RoleResponse,
    status: 201,
  }, async (c, { access, body }) => c.json(await createRole(context(c, access), body), 201));

  for (
    const [path, granted] of [["/admin/roles/grant", true], ["/admin/roles/revoke", false]] as const
  ) {
    api.route(
      {
        ...base,
        method: "post",
        path,
        summary: `${granted ? "Grant" : "Revoke"} a permission (409 on a stale role version)`,
        body: RolePermissionRequest,
        response: RoleResponse,
      },
      async (c, { access, body }) =>
        c.json(await setRolePermission(context(c, access), { ...body, granted })),
    );
  }

  api.route(
    {
      ...base,
      method: "post",
      path: "/admin/users/set-role",
      summary: "Change a member's role (revokes their refresh tokens)",
      body: UserRoleRequest,
      response: MemberResponse,
    },
    async (c, { access, body }) =>
      c.json(await setMemberRole(context(c, access), { userId: body.user_id, role: body.role })),
  );

  api.route(
    {
      ...base,
      method: "post",
      path: "/admin/users/deactivate",
      summary: "Deactivate a member (revokes their refresh tokens)",
      body: UserDeactivateRequest,
      response: MemberResponse,
    },
    async (c, { access, body }) =>
      c.json(await deactivateMember(context(c, access), { userId: body.user_id })),
  );

  api.route(
    {
      ...base,
      method: "post",
      path: "/admin/users/invite",
      summary:
        "Invite someone: a membership waiting for them and a one-time link (the same answer whether or not the address has an account; 429 past the organisation's daily limit)",
      body: UserInviteRequest,
      response: UserInviteResponse,
      status: 201,
    },
    async (c, { access, body }) =>
      c.json(
        await inviteMember(context(c, access), {
          email: body.email,
          firstName: body.first_name,
          lastName: body.last_name,
          role: body.role,
          baseUrl: deps.publicUrl,
          limits: deps.invitationLimits,
        }),
        201,
      ),
  );

  api.route({
    ...base,
    method: "post",
    path: "/admin/organization/update",
    summary: "Update the organization's details (409 on a stale version)",
    body: OrganizationUpdateRequest,
    response: OkResponse,
  }, async (c, { access, body }) => {
    await updateOrganization(context(c, access), body);
    return c.json({ ok: true as const });
  });

  api.route({
    ...base,
    method: "post",
    path: "/admin/settings/session-policy",
    summary: "Set the session policy the shell uses (409 on a stale version)",
    body: SessionPolicyRequest,
    response: SettingResponse,
  }, async (c, { access, body }) => c.json(await updateSessionPolicy(context(c, access), body)));

  api.route(
    {
      ...base,
      method: "post",
      path: "/admin/settings/session-policy/get",
      reads: true,
      summary: "The stored session policy with its version (0 and the defaults when never stored)",
      body: SessionPolicyReadRequest,
      response: SessionPolicyResponse,
    },
    async (c, { access }) => {
      const ctx = context(c, access);
      return c.json(
        await readSessionPolicySetting(ctx.db, ctx.organizationId, deps.sessionDefaults),
      );
    },
  );

  letterheadRoutes(api, deps.db, deps.clock);
}
