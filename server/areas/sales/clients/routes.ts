/**
 * The firm's clients with their project counts (the shell's client list), read
 * through the record engine: its permission, search over the client type's
 * search fields and order by name, page after page; the project counts of each
 * page in one grouped query.
 */
import { ClientsListRequest, ClientsListResponse } from "../../../../schemas/api/records.ts";
import type { Filter } from "../../../../schemas/records/meta.ts";
import type { Database } from "../../../db/database.ts";
import type { Api } from "../../../platform/http/api.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import { aliased, SPEC_ALIASES } from "../../../records/spec-shapes.ts";
import { listPages } from "../../../records/engine/list-pages.ts";

/** Clients read per page of the walk. */
const PAGE_ROWS = 500;

/** Declares the client endpoints. */
export function clientRoutes(api: Api, db: Database, records: RecordEngine): void {
  api.route({
    method: "post",
    path: "/clients/list",
    reads: true,
    tag: "Clients",
    summary: "Clients of the organisation",
    audience: "staff",
    body: ClientsListRequest,
    response: ClientsListResponse,
  }, async (c, { access, body }) => {
    const filters: Filter[] = body.status
      ? [{ field: "status", op: "eq", value: body.status }]
      : [];
    const clients: Record<string, unknown>[] = [];
    const pages = listPages(records, access, "client", {
      filters,
      search: body.search,
      sort: [{ field: "name", dir: "asc" }],
    }, { pageRows: PAGE_ROWS });
    for await (const page of pages) {
      const counts = new Map(
        (page.length === 0 ? [] : await db.all<{ client_id: string; n: number }>(
          `SELECT client_id, COUNT(*) AS n FROM projects
            WHERE organization_id = ? AND client_id IN (${page.map(() => "?").join(", ")})
            GROUP BY client_id`,
          [access.organizationId, ...page.map((r) => r.id as string)],
        )).map((r) => [r.client_id, Number(r.n)]),
      );
      for (const client of page) {
        clients.push({
          ...aliased(SPEC_ALIASES.client, client),
          project_count: counts.get(client.id as string) ?? 0,
        });
      }
    }
    return c.json({ clients, total: clients.length });
  });
}
