/**
 * Export and import of whole projects (`POST /enterprise-projects/export` and
 * `/import`): JSON that imports back to the same projects, or CSV of their
 * fields; import takes a multipart file with `dry_run` and `on_conflict`
 * (skip | update), all-or-nothing.
 */
import * as S from "../../../schemas/api/enterprise-projects/core.ts";
import { requireAuthorized } from "../../platform/access/authorize.ts";
import { invalidInput } from "../../platform/errors/app-error.ts";
import type { Api } from "../../platform/http/api.ts";
import { uploadedFile } from "../../platform/http/uploaded-file.ts";
import type { EnterpriseDeps } from "./mod.ts";
import { exportCsv, exportJson } from "./transfer-format.ts";
import { fileText, importProjects, readImportFile } from "./transfer-import.ts";
import { takeSnapshots } from "./versions-snapshot.ts";
import { IMPORT_BODY_LIMIT } from "../../records/import-export-routes.ts";

const TAG = "Enterprise projects";

/** Declares export and import. */
export function transferRoutes(api: Api, { db, records, clock }: EnterpriseDeps): void {
  api.route({
    method: "post",
    path: "/enterprise-projects/export",
    reads: true,
    tag: TAG,
    summary:
      "Exports projects whole (JSON: fields, phases, allocations, tasks, dependencies) or as CSV",
    audience: "staff",
    body: S.ExportRequest,
  }, async (c, { access, body }) => {
    requireAuthorized(access, "projects", "export");
    const ids = [...new Set(body.project_ids)];
    const snapshots = await takeSnapshots(db, access.organizationId, ids);
    const missing = ids.findIndex((id) => !snapshots.has(id));
    if (missing !== -1) {
      throw invalidInput(
        `project_ids.${missing}: no project "${ids[missing]}" in this organization`,
        {
          [`project_ids.${missing}`]: "No such project in this organization",
        },
      );
    }
    const stamp = new Date(clock()).toISOString();
    const name = `projects-${stamp.slice(0, 10)}`;
    if (body.format === "csv") {
      return c.body(exportCsv(snapshots, ids), 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${name}.csv"`,
        "Cache-Control": "no-store",
      });
    }
    return c.body(exportJson(snapshots, ids, stamp), 200, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}.json"`,
      "Cache-Control": "no-store",
    });
  });

  api.route({
    method: "post",
    path: "/enterprise-projects/import",
    tag: TAG,
    summary:
      "Imports an export file (JSON or CSV): dry_run, on_conflict skip|update; bad rows reported by line and field; all-or-nothing",
    audience: "staff",
    bodyFormat: "multipart",
    // The form's file arrives spooled to disk (platform/http/uploaded-file.ts).
    body: S.ImportForm.extend({ file: uploadedFile }),
    documentedBody: S.ImportForm,
    bodyLimit: IMPORT_BODY_LIMIT,
    permission: { module: "projects", actions: ["import"] },
    response: S.ImportResponse,
  }, async (c, { access, body }) => {
    const file = readImportFile(body.file.name, await fileText(body.file));
    const report = await importProjects(db, records, access, file, {
      dryRun: body.dry_run === "true" || body.dry_run === "1",
      onConflict: body.on_conflict ?? "skip",
      today: new Date(clock()).toISOString().slice(0, 10),
      requestId: c.get("requestId"),
    });
    return c.json(report);
  });
}
