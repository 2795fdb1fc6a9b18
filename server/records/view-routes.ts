/**
 * A type's list views: the declared ones, those the caller saved and those shared
 * with them, with the roles a view may be shared with (`GET {base}/views`); saving
 * one (`POST`, its filters and sort checked as the list would use them, its columns
 * and layout as the caller's list offers them, its sharing as saved reports'),
 * sharing one of the caller's own (`PATCH {base}/views/{viewId}`) and deleting one
 * (`DELETE {base}/views/{viewId}`).
 */
import { z } from "zod";
import type { Api } from "../platform/http/api.ts";
import type { RecordType } from "./define.ts";
import type { RecordEngine } from "./engine/engine.ts";
import { recordTypeMeta } from "./type-meta.ts";
import {
  checkViewShare,
  deleteView,
  savedViews,
  saveView,
  shareView,
} from "./engine/saved-views.ts";
import { staffRoleOptions } from "../platform/access/role-options.ts";
import { SHARING_OPTIONS } from "./declaration.ts";
import { checkViewLayout, VIEW_LAYOUTS } from "./view-layouts.ts";
import { Filter, Sort, ViewSharing } from "../../schemas/records/meta.ts";
import { nameText } from "../../schemas/api/name-text.ts";
import { invalidInput } from "../platform/errors/app-error.ts";

/** Declares the views calls of one type. */
export function viewRoutes(api: Api, engine: RecordEngine, type: RecordType): void {
  const base = `/api/records/${type.id}`;
  const tag = `Records: ${type.declaration.plural}`;
  const ViewBody = z.object({
    label: nameText({ min: 1, max: 80 }),
    filters: z.array(Filter).max(50).optional(),
    sort: z.array(Sort).max(5).optional(),
    columns: z.array(z.string().max(64)).max(200).optional(),
    layout: z.enum(VIEW_LAYOUTS).optional(),
    board_field: z.string().max(64).optional(),
    calendar_field: z.string().max(64).optional(),
    group_fields: z.array(z.string().max(64)).min(1).max(2).optional(),
    timeline_start: z.string().max(64).optional(),
    timeline_end: z.string().max(64).optional(),
    sharing: ViewSharing.optional(),
    shared_roles: z.array(z.string().max(64)).max(50).optional(),
  }).strict();
  const View = ViewBody.extend({
    id: z.string(),
    /** True for the caller's own view (they may share or delete it). */
    saved: z.boolean(),
    /** Who shared a view that is not the caller's own. */
    shared_by: z.string().optional(),
  });
  const ShareBody = z.object({
    sharing: ViewSharing,
    shared_roles: z.array(z.string().max(64)).max(50).optional(),
  }).strict();

  api.route({
    method: "get",
    path: `${base}/views`,
    tag,
    summary:
      `The declared list views of ${type.declaration.plural.toLowerCase()} and those the caller saved`,
    audience: "staff",
    response: z.object({
      views: z.array(View),
      /** The roles the caller may share a view with. */
      roles: z.array(z.object({ value: z.string(), label: z.string() }).strict()),
      /** Who a view may be shared with, as people read it (a saved report's choices). */
      sharing: z.array(z.object({ value: z.string(), label: z.string() }).strict()),
    }).strict(),
  }, async (c, { access }) => {
    const checked = engine.typeFor(access, type.id, "read");
    const declared = (checked.declaration.list.views ?? []).map((v) => ({
      id: v.id,
      label: v.label,
      saved: false,
      ...(v.filters ? { filters: [...v.filters] } : {}),
      ...(v.sort ? { sort: [...v.sort] } : {}),
    }));
    const seen = recordTypeMeta(checked, access, { findType: engine.findType });
    const saved = await savedViews(engine.db, access, checked, seen);
    const roles = await staffRoleOptions(engine.db, access.organizationId);
    const sharing = SHARING_OPTIONS.map(({ value, label }) => ({ value, label }));
    return c.json({ views: [...declared, ...saved], roles, sharing });
  });

  api.route({
    method: "post",
    path: `${base}/views`,
    tag,
    summary: `Saves the caller's list view of ${type.declaration.plural.toLowerCase()}`,
    audience: "staff",
    body: ViewBody,
    response: z.object({ view: View }).strict(),
    status: 201,
  }, async (c, { access, body }) => {
    const checked = engine.typeFor(access, type.id, "read");
    // The filters and sort are checked as a list would use them, so a saved view always loads.
    await engine.list(access, type.id, { filters: body.filters, sort: body.sort, limit: 1 });
    for (const column of body.columns ?? []) {
      if (
        !checked.field.has(column) &&
        !["name", "status", "created_at", "updated_at"].includes(column)
      ) {
        throw invalidInput(`Unknown field "${column}" in columns`, {
          columns: `Unknown field "${column}"`,
        });
      }
    }
    const seen = recordTypeMeta(checked, access, { findType: engine.findType });
    checkViewLayout(seen, body);
    const { sharing, shared_roles, ...definition } = body;
    const share = await checkViewShare(engine.db, access.organizationId, {
      sharing,
      shared_roles,
    });
    const view = await saveView(
      engine.db,
      access,
      checked,
      definition,
      share,
      new Date(engine.clock()).toISOString(),
    );
    return c.json({ view }, 201);
  });

  api.route({
    method: "patch",
    path: `${base}/views/:viewId`,
    tag,
    summary: "Changes who besides the caller sees one of their saved views",
    audience: "staff",
    body: ShareBody,
  }, async (c, { access, body }) => {
    const checked = engine.typeFor(access, type.id, "read");
    const share = await checkViewShare(engine.db, access.organizationId, body);
    await shareView(engine.db, access, checked, c.req.param("viewId")!, share);
    return c.body(null, 204);
  });

  api.route({
    method: "delete",
    path: `${base}/views/:viewId`,
    tag,
    summary: "Deletes one of the caller's saved views",
    audience: "staff",
  }, async (c, { access }) => {
    const checked = engine.typeFor(access, type.id, "read");
    await deleteView(engine.db, access, checked, c.req.param("viewId")!);
    return c.body(null, 204);
  });
}
