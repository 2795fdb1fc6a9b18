/**
 * The bulk lead assignment call (`lead-assignment/bulk`): a selection or a filter
 * of leads to one person or by the rules, up to 10,000 in one transaction
 * (bulk-assign.ts). Assigning is a change of leads: the caller needs `update` on
 * them.
 */
import type { Database } from "../../../db/database.ts";
import type { Api } from "../../../platform/http/api.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import { typeFor } from "../../../records/engine/record-access.ts";
import { BulkAssignRequest, BulkAssignResponse } from "../../../../schemas/api/lead-assignment.ts";
import { assignInBulk } from "./bulk-assign.ts";

/** Declares the bulk assignment call. */
export function assignmentRoutes(
  api: Api,
  db: Database,
  engine: RecordEngine,
  clock: () => number,
): void {
  api.route(
    {
      method: "post",
      path: "/api/leads/assign",
      tag: "Leads",
      summary: "Assign many leads at once, to one person or by the assignment rules",
      description:
        "Either `ids` (a selection) or `filter` (the record list's filters and search), at most 10,000 leads; " +
        "either `to` (a member of the organisation) or `by_rules: true`. One transaction; each lead changed " +
        "gets one audit entry and one row in its assignment log.",
      audience: "staff",
      permission: { module: "leads", actions: ["update"] },
      body: BulkAssignRequest,
      response: BulkAssignResponse,
    },
    async (c, { access, body }) => {
      const lead = typeFor(engine.types, access, "lead", "update");
      const now = new Date(clock()).toISOString();
      const counts = await db.transaction((tx) =>
        assignInBulk({ tx, access, lead, types: engine.types, now }, body)
      );
      return c.json(counts);
    },
  );
}
