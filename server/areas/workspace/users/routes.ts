/**
 * Members of the caller's organisation (spec §7 `POST /users/list`). Someone invited
 * and not yet accepted shows as the inviter named them and as the kind they were
 * invited as, not as their account says: an invited address that has an account
 * elsewhere looks like one that has none (member-invitation.ts).
 */
import { UsersListRequest, UsersListResponse } from "../../../../schemas/api/records.ts";
import type { Database } from "../../../db/database.ts";
import { containsMatch, containsPattern } from "../../../db/dialect.ts";
import type { Api } from "../../../platform/http/api.ts";
import { PORTAL_ROLE } from "../../../platform/access/access.ts";

interface Row {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: string;
  is_active: number;
  status: "active" | "invited" | "deactivated";
  is_client_portal_user: number;
  joined_at: string;
}

/** Declares the users endpoints. */
export function userRoutes(api: Api, db: Database): void {
  api.route({
    method: "post",
    path: "/users/list",
    reads: true,
    tag: "Users",
    summary: "Members of the current organisation with their role",
    audience: "staff",
    body: UsersListRequest,
    response: UsersListResponse,
  }, async (c, { access, body }) => {
    const where: string[] = [];
    const params: string[] = [PORTAL_ROLE, access.organizationId];
    if (body.role) {
      where.push("m.role = ?");
      params.push(body.role);
    }
    if (body.search) {
      where.push(containsMatch("m.first_name || ' ' || m.last_name || ' ' || m.email"));
      params.push(containsPattern(body.search));
    }
    const invited = (column: string) =>
      `CASE WHEN uo.status = 'invited' AND i.${column} <> '' THEN i.${column} ELSE u.${column} END`;
    const rows = await db.all<Row>(
      `SELECT m.* FROM (
         SELECT u.id, ${invited("first_name")} AS first_name, ${invited("last_name")} AS last_name,
                u.email, uo.user_role AS role, u.is_active, uo.status,
                CASE WHEN uo.status = 'invited' THEN (CASE WHEN uo.user_role = ? THEN 1 ELSE 0 END)
                     ELSE u.is_client_portal_user END AS is_client_portal_user,
                uo.created_at AS joined_at
           FROM user_organizations uo JOIN users u ON u.id = uo.user_id
           LEFT JOIN invitations i ON i.id = (
             SELECT l.id FROM invitations l WHERE l.organization_id = uo.organization_id AND l.user_id = uo.user_id
              ORDER BY l.created_at DESC, l.id DESC LIMIT 1)
          WHERE uo.organization_id = ?
       ) m ${where.length > 0 ? `WHERE ${where.join(" AND ")}` : ""}
       ORDER BY m.last_name, m.first_name`,
      params,
    );
    const users = rows.map((r) => ({
      ...r,
      full_name: `${r.first_name} ${r.last_name}`,
      is_active: r.is_active === 1 && r.status === "active",
      is_client_portal_user: r.is_client_portal_user === 1,
    }));
    return c.json({ users, total: users.length });
  });
}
