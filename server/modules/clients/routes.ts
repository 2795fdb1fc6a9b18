/** The firm's clients with their project counts. */
import { ClientsListRequest, ClientsListResponse } from "../../../schemas/api/records.ts";
import type { Database, SqlValue } from "../../db/database.ts";
import { containsMatch, containsPattern } from "../../db/dialect.ts";
import type { Api } from "../../platform/http/api.ts";

/** Declares the client endpoints. */
export function clientRoutes(api: Api, db: Database): void {
  api.route({
    method: "post",
    path: "/clients/list",
    tag: "Clients",
    summary: "Clients of the organisation",
    audience: "staff",
    body: ClientsListRequest,
    response: ClientsListResponse,
  }, async (c, { access, body }) => {
    const where = ["c.organization_id = ?"];
    const params: SqlValue[] = [access.organizationId];
    if (body.status) (where.push("c.status = ?"), params.push(body.status));
    if (body.search) {
      where.push(containsMatch("c.name"));
      params.push(containsPattern(body.search));
    }
    const clients = await db.all<Record<string, unknown>>(
      `SELECT c.id, c.name, c.email, c.phone, c.industry, c.status, c.created_at,
              (SELECT COUNT(*) FROM projects p WHERE p.client_id = c.id) AS project_count
         FROM clients c WHERE ${where.join(" AND ")} ORDER BY c.name`,
      params,
    );
    return c.json({ clients, total: clients.length });
  });
}
