/**
 * Test support: the access of a staff caller holding exactly the given
 * permissions in one organisation, with the given modules enabled — for unit tests
 * of what a caller sees (metadata, screens) without a database.
 */
import type { Access } from "../platform/access/access.ts";

/** A staff member of `org_1` holding `permissions`, with `modules` enabled. */
export function callerWith(permissions: readonly string[], modules: readonly string[]): Access {
  return {
    user: {
      id: "usr_1",
      email: "member@example.test",
      first_name: "Morgan",
      last_name: "Member",
      is_client_portal_user: false,
      client_id: null,
    },
    sessionId: "ses_1",
    organizationId: "org_1",
    organizationName: "Example",
    role: "member",
    permissions: new Set(permissions),
    enabledModules: new Set(modules),
    catalogueVersion: 1,
    permissionVersion: 1,
    settingsVersion: 1,
    fingerprint: [...permissions].sort().join(","),
    memberships: [],
    membershipsKey: "",
  };
}
