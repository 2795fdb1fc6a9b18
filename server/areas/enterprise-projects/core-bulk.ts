/**
 * `PUT /enterprise-projects/bulk-update`: the same field values applied to many
 * projects, each in its own transaction through the record engine (validated,
 * audited as `bulk_update`, announced) and recorded as a version; one result per
 * project, so one refusal (another organisation's id, a bad value, no access)
 * does not stop the others.
 */
import type { z } from "zod";
import * as S from "../../../schemas/api/enterprise-projects/core.ts";
import type { Api } from "../../platform/http/api.ts";
import { outcomeError } from "../../records/engine/bulk-results.ts";
import type { EnterpriseDeps } from "./mod.ts";
import { projectHead } from "./core-repo.ts";
import { recordVersion } from "./versions-snapshot.ts";

/** Declares the bulk update. */
export function bulkUpdateRoutes(api: Api, { db, records, clock }: EnterpriseDeps): void {
  api.route({
    method: "put",
    path: "/enterprise-projects/bulk-update",
    tag: "Enterprise projects",
    summary:
      "Applies the same updates to many projects: one result per project, each audited and versioned",
    audience: "staff",
    body: S.BulkUpdateRequest,
    response: S.BulkUpdateResponse,
  }, async (c, { access, body }) => {
    const type = records.typeFor(access, "project", "update");
    const results: z.infer<typeof S.BulkUpdateResponse>["results"] = [];
    const fields = Object.keys(body.updates);
    for (const id of new Set(body.project_ids)) {
      try {
        const outcome = await db.transaction(async (tx) => {
          const head = await projectHead(tx, access.organizationId, id);
          const record = await records.updateIn(
            tx,
            access,
            type,
            id,
            Number(head.version),
            body.updates,
            {
              auditAction: "bulk_update",
              requestId: c.get("requestId"),
            },
          );
          const number = await recordVersion(tx, {
            organizationId: access.organizationId,
            projectId: id,
            changeSummary: `Bulk update of ${fields.join(", ") || "nothing"}`,
            userId: access.user.id,
            now: new Date(clock()).toISOString(),
          });
          return { version: Number(record.version), number };
        });
        results.push({
          project_id: id,
          ok: true,
          version: outcome.version,
          version_number: outcome.number,
        });
      } catch (error) {
        results.push({ project_id: id, ok: false, error: outcomeError(error) });
      }
    }
    const updated = results.filter((r) => r.ok).length;
    return c.json({ updated, failed: results.length - updated, results });
  });
}
