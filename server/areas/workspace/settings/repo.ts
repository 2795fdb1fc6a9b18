/** SQL of the settings area. */
import type { Queryable } from "../../../db/database.ts";

/** Active members per read permission and role, in one organisation. */
export interface ReadersRow {
  permission: string;
  user_role: string;
  people: number;
}

/**
 * How many active members hold each permission through their role, by role: who
 * would lose a module if it were turned off.
 */
export async function readersByPermission(
  db: Queryable,
  organizationId: string,
): Promise<ReadersRow[]> {
  return await db.all<ReadersRow>(
    `SELECT rp.permission, uo.user_role, COUNT(DISTINCT uo.user_id) AS people
       FROM user_organizations uo
       JOIN users u ON u.id = uo.user_id AND u.is_active = 1
       JOIN roles r ON r.organization_id = uo.organization_id AND r.name = uo.user_role
       JOIN role_permissions rp ON rp.role_id = r.id
      WHERE uo.organization_id = ? AND uo.status = 'active'
      GROUP BY rp.permission, uo.user_role`,
    [organizationId],
  );
}
