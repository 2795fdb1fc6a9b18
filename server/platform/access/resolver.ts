/**
 * Resolves a user's access in an organisation (the current one of their session):
 * the user, their active membership there, the organisation's versions, the role's
 * permissions, the enabled modules and the user's other active memberships. Results are cached per (user, organisation)
 * and per (organisation, role, versions) and dropped whenever the change signal
 * says access changed: a write through this server invalidates them before the
 * next request; another instance's commit as soon as its notification arrives
 * (SQLite: another process's commit within 200 ms). A revoked permission is
 * therefore never served from cache after the revoking request has answered.
 * Business writes and session activity leave them alone.
 */
import type { Database, Reader } from "../../db/database.ts";
import type { ChangeTopic } from "../../db/change-signal.ts";

/** What the cached access is derived from. */
const ACCESS_TOPICS: readonly ChangeTopic[] = ["access", "catalogue", "permissions", "settings"];
import { activeMembershipsOf } from "../orgs/repo.ts";
import type { MembershipAccess } from "./access.ts";

interface Row {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  is_client_portal_user: number;
  client_id: string | null;
  organization_id: string;
  organization_name: string;
  user_role: string;
  catalogue_version: number;
  permission_version: number;
  settings_version: number;
}

interface Grants {
  permissions: ReadonlySet<string>;
  enabledModules: ReadonlySet<string>;
}

/**
 * Resolves a user's access in an organisation; null when they cannot act there
 * (user inactive, membership not active, organisation inactive).
 */
export type AccessResolver = (
  userId: string,
  organizationId: string,
) => Promise<MembershipAccess | null>;

/** Builds the resolver over a database. */
export function createAccessResolver(db: Database): AccessResolver {
  const grantsCache = new Map<string, Grants>();
  const accessCache = new Map<string, MembershipAccess>();
  let stamp = "";

  async function loadGrants(row: Row): Promise<Grants> {
    const key = grantsKey(row);
    const cached = grantsCache.get(key);
    if (cached) return cached;
    const grants = await readGrants(db, row);
    if (grantsCache.size > 1000) grantsCache.clear();
    grantsCache.set(key, grants);
    return grants;
  }

  function current(): void {
    const now = db.signal.stamp(ACCESS_TOPICS);
    if (now !== stamp) {
      stamp = now;
      accessCache.clear();
      grantsCache.clear();
    }
  }

  return async (userId, organizationId) => {
    current();
    const key = `${userId}|${organizationId}`;
    const cached = accessCache.get(key);
    if (cached) return cached;
    const access = await load(userId, organizationId);
    if (access && stamp === db.signal.stamp(ACCESS_TOPICS)) {
      if (accessCache.size > 10_000) accessCache.clear();
      accessCache.set(key, access);
    }
    return access;
  };

  function load(userId: string, organizationId: string): Promise<MembershipAccess | null> {
    return readMembershipAccess(db, userId, organizationId, loadGrants);
  }
}

/**
 * A user's access in an organisation read afresh, uncached (null when they cannot
 * act there): what a rule needs to decide for another person than the caller
 * (whether a colleague may read a record), inside the caller's transaction.
 */
export async function readMembershipAccess(
  q: Reader,
  userId: string,
  organizationId: string,
  grantsOf: (row: Row) => Promise<Grants> = (row) => readGrants(q, row),
): Promise<MembershipAccess | null> {
  const row = await q.get<Row>(
    `SELECT u.id, u.email, u.first_name, u.last_name, u.is_client_portal_user, u.client_id,
            uo.organization_id, o.name AS organization_name, uo.user_role,
            o.catalogue_version, o.permission_version, o.settings_version
       FROM users u
       JOIN user_organizations uo ON uo.user_id = u.id AND uo.organization_id = ? AND uo.status = 'active'
       JOIN organizations o ON o.id = uo.organization_id
      WHERE u.id = ? AND u.is_active = 1 AND o.is_active = 1`,
    [organizationId, userId],
  );
  if (!row) return null;
  const grants = await grantsOf(row);
  const memberships = (await activeMembershipsOf(q, userId)).map((m) => ({
    organizationId: m.organization_id,
    organizationName: m.organization_name,
    role: m.user_role,
  }));
  return {
    user: {
      id: row.id,
      email: row.email,
      first_name: row.first_name,
      last_name: row.last_name,
      is_client_portal_user: row.is_client_portal_user === 1,
      client_id: row.client_id,
    },
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    role: row.user_role,
    permissions: grants.permissions,
    enabledModules: grants.enabledModules,
    catalogueVersion: row.catalogue_version,
    permissionVersion: row.permission_version,
    settingsVersion: row.settings_version,
    fingerprint: `${grantsKey(row)}:${row.settings_version}:${row.is_client_portal_user}`,
    memberships,
    membershipsKey: JSON.stringify(memberships),
  };
}

/** The permissions of the member's role and the modules enabled in their organisation. */
async function readGrants(q: Reader, row: Row): Promise<Grants> {
  const permissions = await q.all<{ permission: string }>(
    `SELECT rp.permission FROM role_permissions rp JOIN roles r ON r.id = rp.role_id
     WHERE r.organization_id = ? AND r.name = ?`,
    [row.organization_id, row.user_role],
  );
  const modules = await q.all<{ module_id: string }>(
    "SELECT module_id FROM organization_modules WHERE organization_id = ? AND enabled = 1",
    [row.organization_id],
  );
  return {
    permissions: new Set(permissions.map((p) => p.permission)),
    enabledModules: new Set(modules.map((m) => m.module_id)),
  };
}

function grantsKey(row: Row): string {
  return `${row.organization_id}:${row.user_role}:${row.catalogue_version}:${row.permission_version}`;
}
