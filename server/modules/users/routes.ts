/** Members of the caller's organisation (spec §7 `POST /users/list`). */
import { UsersListRequest, UsersListResponse } from "../../../schemas/api/records.ts";
import type { Database } from "../../db/database.ts";
import { containsMatch, containsPattern } from "../../db/dialect.ts";
import type { Api } from "../../platform/http/api.ts";

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
    const where = ["uo.organization_id = ?"];
    const params: string[] = [access.organizationId];
    if (body.role) {
      where.push("uo.user_role = ?");
      params.push(body.role);
    }
    if (body.search) {
      where.push(containsMatch("u.first_name || ' ' || u.last_name || ' ' || u.email"));
      params.push(containsPattern(body.search));
    }
    const rows = await db.all<Row>(
      `SELECT u.id, u.first_name, u.last_name, u.email, uo.user_role AS role, u.is_active, uo.status,
              u.is_client_portal_user, uo.created_at AS joined_at
         FROM user_organizations uo JOIN users u ON u.id = uo.user_id
        WHERE ${where.join(" AND ")} ORDER BY u.last_name, u.first_name`,
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
