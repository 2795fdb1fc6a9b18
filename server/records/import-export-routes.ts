/**
 * A record type's CSV import and export calls (DESIGN.md §8), and what an import
 * takes: its columns and a template file. Registered per type
 * by routes.ts before `GET /api/records/{type}/:id`, which would otherwise take
 * `/export` for an id. An import's body may exceed the usual 1 MiB: up to
 * IMPORT_MAX_BYTES, read only for callers holding the type's import permission,
 * its file spooled to disk as it arrives, then read as a stream (engine/import.ts).
 */
import { z } from "zod";
import type { Api } from "../platform/http/api.ts";
import type { BodyLimit } from "../platform/http/body-limit.ts";
import { uploadedFile } from "../platform/http/uploaded-file.ts";
import { Filter, Sort } from "../../schemas/records/meta.ts";
import { ImportColumnsResponse, ImportResponse } from "../../schemas/records/api.ts";
import type { RecordType } from "./define.ts";
import type { RecordEngine } from "./engine/engine.ts";
import { jsonParameter } from "./json-parameter.ts";
import { importRecords } from "./engine/import.ts";
import { exportRecords } from "./engine/export.ts";
import { importColumns, importTemplate } from "./engine/import-template.ts";

/** Largest import file: 100,000 rows of a wide record type. */
export const IMPORT_MAX_BYTES = 64 * 1024 * 1024;

/** Room for a multipart form's boundaries and headers around a file. */
export const FORM_OVERHEAD_BYTES = 64 * 1024;

/** The body limit of a call that takes an import file. */
export const IMPORT_BODY_LIMIT: BodyLimit = {
  bytes: IMPORT_MAX_BYTES + FORM_OVERHEAD_BYTES,
  message: "An import file may be at most 64 MiB",
};

const Flag = z.enum(["true", "false", "1", "0"]).optional();

const ImportForm = z.object({
  file: uploadedFile,
  dry_run: Flag,
  /** `all` (default): nothing is stored if any row fails; `partial`: the good rows are. */
  mode: z.enum(["all", "partial"]).optional(),
}).strict();

const ExportQuery = z.object({
  format: z.literal("csv").optional(),
  /** The list's filters, as JSON: `[{"field":"stage","op":"eq","value":"new"}]`. */
  filters: z.string().max(20_000).optional(),
  search: z.string().max(200).optional(),
  /** The list's sort, as JSON: `[{"field":"name","dir":"asc"}]`. */
  sort: z.string().max(2_000).optional(),
  view: z.string().max(64).optional(),
}).strict();

/** Declares `POST {base}/import` and `GET {base}/export` for one record type. */
export function importExportRoutes(api: Api, engine: RecordEngine, type: RecordType): void {
  const base = `/api/records/${type.id}`;
  const tag = `Records: ${type.declaration.plural}`;
  const plural = type.declaration.plural.toLowerCase();

  // A system-made type (an automation rule's runs) is exported, never imported.
  if (!type.declaration.system_made) {
    api.route({
      method: "post",
      path: `${base}/import`,
      tag,
      summary:
        `Imports ${plural} from a CSV file (a row with an ID updates that record); dry run; all-or-nothing unless mode is partial`,
      audience: "staff",
      bodyFormat: "multipart",
      body: ImportForm,
      bodyLimit: IMPORT_BODY_LIMIT,
      permission: { module: type.module, actions: ["import"] },
      response: ImportResponse,
    }, async (c, { access, body }) =>
      c.json(
        await importRecords(engine, access, type.id, () => body.file.stream(), {
          dryRun: body.dry_run === "true" || body.dry_run === "1",
          partial: body.mode === "partial",
          requestId: c.get("requestId"),
        }),
      ));

    api.route({
      method: "get",
      path: `${base}/import/columns`,
      tag,
      summary:
        `The columns an import of ${plural} takes: heading, whether new records need it, format, accepted values`,
      audience: "staff",
      permission: { module: type.module, actions: ["import"] },
      response: ImportColumnsResponse,
    }, async (c, { access }) => {
      const { columns } = await importColumns(engine, access, type.id);
      return c.json({ columns });
    });

    api.route({
      method: "get",
      path: `${base}/import/template`,
      tag,
      summary:
        `A CSV template for importing ${plural}: the columns' headings and one example row that imports as it is`,
      audience: "staff",
      permission: { module: type.module, actions: ["import"] },
    }, async (c, { access }) => {
      const { fileName, text } = await importTemplate(engine, access, type.id);
      return c.body(text, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${fileName}"`,
        "Cache-Control": "no-store",
      });
    });
  }

  api.route({
    method: "get",
    path: `${base}/export`,
    tag,
    summary:
      `The filtered list of ${plural} as a CSV file, streamed, with the fields the caller may read`,
    audience: "staff",
    query: ExportQuery,
  }, async (c, { access, query }) => {
    const { fileName, body } = await exportRecords(engine, access, type.id, {
      filters: jsonParameter(query.filters, z.array(Filter).max(50), "filters"),
      sort: jsonParameter(query.sort, z.array(Sort).max(5), "sort"),
      search: query.search,
      view: query.view,
    });
    return c.body(body, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    });
  });
}
