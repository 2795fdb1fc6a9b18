/**
 * The caller's access: who they are, their current organisation and role there,
 * the permissions that role grants and the modules enabled in the organisation.
 * Resolved on every request from the database (cheaply, see resolver.ts), so a
 * revoked permission or a disabled module takes effect on the very next request.
 */

/** The signed-in user as the access layer sees them. */
export interface AccessUser {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  is_client_portal_user: boolean;
  client_id: string | null;
}

/** What a membership lets its user do: the same for every session in it. */
export interface MembershipAccess {
  user: AccessUser;
  organizationId: string;
  organizationName: string;
  role: string;
  permissions: ReadonlySet<string>;
  enabledModules: ReadonlySet<string>;
  catalogueVersion: number;
  permissionVersion: number;
  settingsVersion: number;
  /** Identifies (organisation, role, permission and catalogue versions): cache key of descriptors. */
  fingerprint: string;
  /** The user's active memberships (the organisations they may switch to), by name. */
  memberships: readonly { organizationId: string; organizationName: string; role: string }[];
  /** Identifies `memberships`: part of the cache key of what shows them. */
  membershipsKey: string;
}

/** Everything a request may do: a membership's access, through one session. */
export interface Access extends MembershipAccess {
  /** The server-side session the request's token belongs to. */
  sessionId: string;
}

/** The administrator role (spec §6). */
export const ADMIN_ROLE = "firm_admin";

/** The role of client-portal users: it grants nothing staff-side. */
export const PORTAL_ROLE = "client_portal";

/** True when the caller administers their current organisation. */
export function isAdmin(access: Access): boolean {
  return access.role === ADMIN_ROLE;
}
