/**
 * The record engine's API (DESIGN.md §8): the same calls for every declared record
 * type, registered per type so each has its own request and response schemas in
 * the OpenAPI document. Handlers only translate HTTP to the engine's calls.
 */
import { z } from "zod";
import type { Api } from "../platform/http/api.ts";
import type { RecordType } from "./define.ts";
import type { RecordEngine } from "./engine/engine.ts";
import { recordSchema, valuesSchema } from "./engine/type-schemas.ts";
import {
  ActionRequest,
  BulkRequest,
  BulkResponse,
  BulkUndoRequest,
  CommentRequest,
  HistoryResponse,
  ListRequest,
  MadeRecord,
  MadeRecordResponse,
  MetaResponse,
  RecordAction,
  RecordMake,
  SEARCH_FILTERS_MAX,
  SearchQuery,
  SearchResponse,
  TypesResponse,
} from "../../schemas/records/api.ts";
import { jsonParameter } from "./json-parameter.ts";
import { recordTypeMeta } from "./type-meta.ts";
import { authorize, requireAuthorized } from "../platform/access/authorize.ts";
import { bulkAction, commentOn, takeAction } from "./engine/record-actions.ts";
import { madeRecordRef } from "./engine/made-records.ts";
import { visibleRecord } from "./engine/record-access.ts";
import { undoBulkEdit } from "./engine/bulk-edit.ts";
import { recordHistory } from "./engine/record-history.ts";
import { withTimelineSources } from "./engine/timeline-sources.ts";
import { selectOptions } from "./engine/select-options.ts";
import { viewRoutes } from "./view-routes.ts";
import { Filter } from "../../schemas/records/meta.ts";
import { notFound } from "../platform/errors/app-error.ts";
import { FILE_MAX_BYTES, readFile, storeFile } from "./engine/files.ts";
import type { BodyLimit } from "../platform/http/body-limit.ts";
import { sweepUnattachedFiles } from "./engine/file-sweep.ts";
import { FORM_OVERHEAD_BYTES, importExportRoutes } from "./import-export-routes.ts";
import { uploadedFile } from "../platform/http/uploaded-file.ts";
import { findEverywhereRoute } from "./find-everywhere.ts";
import { queryRoute } from "./query-routes.ts";

const DeleteQuery = z.object({ version: z.coerce.number().int().positive() }).strict();

/** Declares the record API for every type the engine holds. */
export function recordRoutes(api: Api, engine: RecordEngine): void {
  api.route({
    method: "get",
    path: "/api/records/types",
    tag: "Records",
    summary: "The record types the caller may read, with fields, states and the caller's actions",
    audience: "staff",
    response: TypesResponse,
  }, (c, { access }) =>
    c.json({
      types: [...engine.types.values()]
        .filter((t) => authorize(access, t.module, "read"))
        .map((t) => recordTypeMeta(t, access, { findType: engine.findType })),
    }));

  api.route(
    {
      method: "get",
      path: "/api/records/user/search",
      tag: "Records",
      summary: "Members of the caller's organisation, for link fields to people",
      audience: "staff",
      query: SearchQuery,
      response: SearchResponse,
    },
    async (c, { access, query }) => c.json(await engine.search(access, "user", searchOf(query))),
  );

  findEverywhereRoute(api, engine);
  for (const type of engine.types.values()) typeRoutes(api, engine, type);
}

/** A link search's query with its conditions parsed (a 400 names a bad one). */
function searchOf(query: z.infer<typeof SearchQuery>) {
  return {
    q: query.q,
    limit: query.limit,
    filters: jsonParameter(query.filters, z.array(Filter).max(SEARCH_FILTERS_MAX), "filters"),
  };
}

function typeRoutes(api: Api, engine: RecordEngine, type: RecordType): void {
  const base = `/api/records/${type.id}`;
  const tag = `Records: ${type.declaration.plural}`;
  const label = type.declaration.label.toLowerCase();
  const record = recordSchema(type);
  const values = valuesSchema(type);
  const anyValues = z.record(z.string(), z.unknown());
  const withActions = z.object({
    record,
    actions: z.array(RecordAction),
    /** Fields the caller may not change now; a child table's column as `<table>.<column>`. */
    read_only_fields: z.array(z.string()),
    makes: z.array(RecordMake),
    /** Whom the record waits for in its state, in words ("Waiting for Alice Morgan to approve"). */
    waiting_for: z.string().nullable(),
    /** Why the record's state keeps fields from changing ("Only a draft can be changed: …"). */
    read_only_reason: z.string().optional(),
  }).strict();

  api.route({
    method: "get",
    path: `${base}/meta`,
    tag,
    summary: `The ${label} type's metadata as the caller may see it`,
    audience: "staff",
    response: MetaResponse,
  }, async (c, { access }) => {
    const checked = engine.typeFor(access, type.id, "read");
    const options: Record<string, { value: string; label: string }[]> = {};
    const fields = [...checked.fields, ...checked.fields.flatMap((f) => f.childFields ?? [])];
    for (const field of fields) {
      if (field.options_from) {
        options[field.id] = await selectOptions(engine.db, access.organizationId, field);
      }
    }
    return c.json({
      meta: recordTypeMeta(checked, access, { findType: engine.findType }),
      options,
    });
  });

  api.route({
    method: "post",
    path: `${base}/list`,
    reads: true,
    tag,
    summary:
      `A page of ${type.declaration.plural.toLowerCase()}: filters, search, sort, cursor, capped count`,
    audience: "staff",
    body: ListRequest,
    response: z.object({
      items: z.array(record),
      next_cursor: z.string().nullable(),
      total: z.object({ count: z.number().int(), exact: z.boolean() }).strict(),
    }).strict(),
  }, async (c, { access, body }) => c.json(await engine.list(access, type.id, body)));
  queryRoute(api, engine, type);

  api.route(
    {
      method: "get",
      path: `${base}/search`,
      tag,
      summary: `Type-ahead search of ${type.declaration.plural.toLowerCase()} for link fields`,
      audience: "staff",
      query: SearchQuery,
      response: SearchResponse,
    },
    async (c, { access, query }) => c.json(await engine.search(access, type.id, searchOf(query))),
  );

  api.route({
    method: "post",
    path: `${base}/bulk`,
    tag,
    summary:
      `The same change, or action, on up to 10,000 ${type.declaration.plural.toLowerCase()}; one result per id`,
    audience: "staff",
    body: BulkRequest,
    response: BulkResponse,
  }, async (c, { access, body }) =>
    c.json(
      body.values !== undefined
        ? await engine.bulkUpdate(access, type.id, body.ids, body.values)
        : await bulkAction(engine, access, {
          typeId: type.id,
          ids: body.ids,
          action: body.action!,
          comment: body.comment,
        }),
    ));

  // A system-made type (an automation rule's runs) is never created, changed, deleted or imported.
  const writable = !type.declaration.system_made;
  if (writable) {
    api.route({
      method: "post",
      path: `${base}/bulk/undo`,
      tag,
      summary:
        `Undoes one of the caller's bulk edits of ${type.declaration.plural.toLowerCase()} while it may be undone; a record changed since is kept, its result says so`,
      audience: "staff",
      permission: { module: type.module, actions: ["update"] },
      body: BulkUndoRequest,
      response: BulkResponse,
    }, async (c, { access, body }) =>
      c.json(
        await undoBulkEdit(engine, access, {
          typeId: type.id,
          editId: body.edit,
          requestId: c.get("requestId"),
        }),
      ));
  }

  viewRoutes(api, engine, type);

  if (writable) {
    api.route(
      {
        method: "post",
        path: base,
        tag,
        summary: `Creates a ${label}`,
        audience: "staff",
        body: z.object({ values: anyValues }).strict(),
        documentedBody: z.object({ values }).strict(),
        response: z.object({ record }).strict(),
        status: 201,
      },
      async (c, { access, body }) =>
        c.json({
          record: await engine.create(access, type.id, body.values, {
            requestId: c.get("requestId"),
          }),
        }, 201),
    );
  }

  importExportRoutes(api, engine, type);

  api.route({
    method: "get",
    path: `${base}/:id`,
    tag,
    summary: `One ${label}, with the actions the caller may take now`,
    audience: "staff",
    response: withActions,
  }, async (c, { access }) => c.json(await engine.get(access, type.id, c.req.param("id")!)));

  if ((type.declaration.makes ?? []).length > 0) {
    api.route(
      {
        method: "get",
        path: `${base}/:id/make/:make`,
        tag,
        summary: `The values a new record started from a ${label} begins with (${
          type.declaration.makes!.map((m) => m.label).join(", ")
        }); nothing is stored`,
        audience: "staff",
        response: MadeRecordResponse,
      },
      async (c, { access }) =>
        c.json(await engine.make(access, type.id, c.req.param("id")!, c.req.param("make")!)),
    );
  }

  if (writable) {
    api.route({
      method: "patch",
      path: `${base}/:id`,
      tag,
      summary: `Changes a ${label} at its version; a stale version answers 409 and changes nothing`,
      audience: "staff",
      body: z.object({ version: z.number().int().positive(), values: anyValues }).strict(),
      documentedBody: z.object({ version: z.number().int().positive(), values }).strict(),
      response: z.object({ record }).strict(),
    }, async (c, { access, body }) =>
      c.json({
        record: await engine.update(
          access,
          type.id,
          c.req.param("id")!,
          body.version,
          body.values,
          {
            requestId: c.get("requestId"),
          },
        ),
      }));

    api.route({
      method: "delete",
      path: `${base}/:id`,
      tag,
      summary: `Deletes a draft ${label} at its version`,
      audience: "staff",
      query: DeleteQuery,
    }, async (c, { access, query }) => {
      await engine.remove(access, type.id, c.req.param("id")!, query.version, {
        requestId: c.get("requestId"),
      });
      return c.body(null, 204);
    });
  }

  if (type.actions.length > 0) {
    api.route({
      method: "post",
      path: `${base}/:id/actions/:action`,
      tag,
      summary: `Takes an action on a ${label} (${type.actions.join(", ")}), with a comment`,
      description: type.declaration.portal
        ? `Client portal users take ${
          type.declaration.portal.actions.join(" and ")
        } on their own client's records.`
        : undefined,
      // A type offering actions to the portal is reached by its client's portal users too.
      audience: type.declaration.portal ? "user" : "staff",
      body: ActionRequest,
      response: z.object({ record, made: z.array(MadeRecord) }).strict(),
    }, async (c, { access, body }) => {
      const done = await takeAction(engine, access, {
        typeId: type.id,
        id: c.req.param("id")!,
        action: c.req.param("action")!,
        version: body.version,
        comment: body.comment,
        signature_name: body.signature_name,
        choices: body.choices,
        requestId: c.get("requestId"),
      });
      if (access.user.is_client_portal_user) {
        return c.json({ record: visibleRecord(type, access, done.record), made: [] });
      }
      return c.json({
        record: (await engine.get(access, type.id, done.record.id as string)).record,
        made: done.made.map((made) => madeRecordRef(made, access)),
      });
    });
  }

  // A type with an attach field, its own or a child table's (an expense line's receipt).
  const attaches = type.fields.some((f) =>
    f.type === "attach" || f.childFields?.some((c) => c.type === "attach")
  );
  if (attaches) fileRoutes(api, engine, type);

  api.route({
    method: "get",
    path: `${base}/:id/history`,
    tag,
    summary: `A ${label}'s field changes, actions and comments, newest first`,
    audience: "staff",
    response: HistoryResponse,
  }, async (c, { access }) => {
    const id = c.req.param("id")!;
    await engine.get(access, type.id, id);
    const { entries } = await recordHistory(engine.db, type, access, id, engine.findType);
    return c.json(await withTimelineSources(engine, access, { type, id, entries }));
  });

  api.route({
    method: "post",
    path: `${base}/:id/comments`,
    tag,
    summary: `Comments on a ${label} (needs ${type.module}.comment)`,
    audience: "staff",
    body: CommentRequest,
    response: z.object({ id: z.string() }).strict(),
    status: 201,
  }, async (c, { access, body }) => {
    const id = c.req.param("id")!;
    requireAuthorized(access, type.module, "comment");
    await engine.get(access, type.id, id);
    const commentId = await engine.db.transaction((tx) =>
      commentOn(tx, access, type, id, body.body, new Date(engine.clock()).toISOString())
    );
    return c.json({ id: commentId }, 201);
  });
}

const Upload = z.object({ file: uploadedFile }).strict();

/** The body limit of a file upload: the file and its form. */
const FILE_BODY_LIMIT: BodyLimit = {
  bytes: FILE_MAX_BYTES + FORM_OVERHEAD_BYTES,
  message: "A file may be at most 10 MiB",
};
const StoredFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
}).strict();

/**
 * The file id an attach field of the record holds: a field of its own (`receipt`),
 * or a child table's column (`lines.receipt`) in the row with id `row`.
 */
function attachedFileId(
  type: RecordType,
  record: Record<string, unknown>,
  path: string,
  row: string | undefined,
): unknown {
  const [fieldId, columnId] = path.split(".");
  const field = type.field.get(fieldId);
  if (columnId === undefined) return field?.type === "attach" ? record[field.id] : undefined;
  const column = field?.childFields?.find((c) => c.id === columnId);
  if (field?.type !== "table" || column?.type !== "attach" || !row) return undefined;
  const rows = Array.isArray(record[field.id]) ? record[field.id] as Record<string, unknown>[] : [];
  return rows.find((r) => r.id === row)?.[column.id];
}

/** Uploading a file for a type's attach fields, and downloading a record's file. */
function fileRoutes(api: Api, engine: RecordEngine, type: RecordType): void {
  const base = `/api/records/${type.id}`;
  const tag = `Records: ${type.declaration.plural}`;
  const label = type.declaration.label.toLowerCase();
  api.route({
    method: "post",
    path: `${base}/files`,
    tag,
    summary: `Stores a file (at most 10 MiB) for a ${label}'s attach field; answers the id to set`,
    audience: "staff",
    body: Upload,
    bodyFormat: "multipart",
    bodyLimit: FILE_BODY_LIMIT,
    // Whoever may create or update the type's records may attach a file to one.
    permission: { module: type.module, actions: ["create", "update"] },
    response: z.object({ file: StoredFileSchema }).strict(),
    status: 201,
  }, async (c, { access, body }) => {
    const file = await engine.db.transaction(async (tx) => {
      const now = engine.clock();
      await sweepUnattachedFiles(tx, engine.types.values(), access.organizationId, now);
      return await storeFile(tx, access, body.file, new Date(now).toISOString());
    });
    return c.json({ file }, 201);
  });

  api.route({
    method: "get",
    path: `${base}/:id/files/:field`,
    tag,
    summary:
      `Downloads the file of a ${label}'s attach field, or of a child row's (\`lines.receipt\` with ?row=<row id>), for callers who may read the record it is attached to`,
    audience: "staff",
    // The record's own GET decides (a document: whoever may read the record it is attached
    // to); a field the caller may not see is not in the record it answers.
    query: z.object({ row: z.string().min(1).max(64).optional() }).strict(),
  }, async (c, { access, query }) => {
    const { record } = await engine.get(access, type.id, c.req.param("id")!);
    const fileId = attachedFileId(type, record, c.req.param("field")!, query.row);
    if (typeof fileId !== "string" || !fileId) throw notFound("File");
    const file = await readFile(engine.db, access.organizationId, fileId);
    if (!file) throw notFound("File");
    return new Response(new Uint8Array(file.data), {
      headers: {
        "Content-Type": file.content_type,
        "Content-Length": String(file.size),
        "Content-Disposition": `attachment; filename="${
          file.name.replace(/[^\x20-\x7e]|"/g, "_")
        }"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store",
      },
    });
  });
}
