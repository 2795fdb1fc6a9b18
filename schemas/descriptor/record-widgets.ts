/**
 * The record widgets: a list, a form (and its read-only detail) and a timeline,
 * each rendered from a record type's metadata (schemas/records/meta.ts) and the
 * record engine's API under `api` (`/api/records/{type}`). The server emits the
 * metadata as the caller may see it, so the client stays generic.
 */
import { z } from "zod";
import { RecordTypeMeta } from "../records/meta.ts";
import { Filter } from "../records/meta.ts";
import { JsonTemplate } from "./value.ts";
import { base } from "./widget-base.ts";
// Only read inside z.lazy: widgets.ts (the catalogue) imports this file first.
import { Node, type NodeLike } from "./widgets.ts";

/** Child nodes (the catalogue is recursive; see NodeLike). */
const children = (): z.ZodArray<z.ZodType<NodeLike>> =>
  z.array(z.lazy(() => Node) as z.ZodType<NodeLike>);

const api = z.string().regex(/^\/api\/records\/[a-z][a-z0-9_]*$/).describe(
  "base path of the type's record API, e.g. /api/records/task",
);

/** A record list: server-side paging, sort, filters, search, views, bulk, import, export, New. */
export const RecordList = z.object({
  type: z.literal("record-list"),
  ...base,
  api,
  meta: RecordTypeMeta,
  /** The view selected first (a declared view id). */
  view: z.string().optional(),
  /** Filters always applied (a related list's link to its parent); values may be templates. */
  fixedFilters: z.array(
    z.object({
      field: z.string(),
      op: Filter.shape.op,
      value: JsonTemplate,
    }).strict(),
  ).optional(),
  /** Compact lists (related lists on a form) show no toolbar beyond New. */
  compact: z.boolean().optional(),
  pageSize: z.number().int().min(1).max(500).optional(),
  emptyText: z.string().optional(),
}).strict().meta({ id: "widget:record-list" });

/** A record's form (or read-only detail): layout from the metadata, values from `{api}/{id}`. */
export const RecordForm = z.object({
  type: z.literal("record-form"),
  ...base,
  api,
  meta: RecordTypeMeta,
  /** The record's id (`new` or absent for a new record), usually `{ "$param": "id" }`. */
  recordId: JsonTemplate.optional(),
  /** `read` shows values only (callers who may only read). */
  mode: z.enum(["edit", "read"]).default("edit"),
  /** Values a new record starts with (e.g. the parent of a related list); may be templates. */
  initial: z.record(z.string(), JsonTemplate).optional(),
  /**
   * Tabs after the layout's, for a saved record: any widgets, bound to the screen's
   * sources. While a tab has not been opened its `opens` state key is unset, so the
   * sources waiting for that key (`enabledWhen`) load only when it is first shown.
   */
  get tabs() {
    return z.array(
      z.object({
        id: z.string(),
        label: z.string(),
        opens: z.string().optional().describe("screen state key set to the tab's id when shown"),
        children: children(),
      }).strict(),
    ).optional();
  },
}).strict().meta({ id: "widget:record-form" });

/** A record's timeline: field changes, actions and comments, with a comment box. */
export const RecordTimeline = z.object({
  type: z.literal("record-timeline"),
  ...base,
  api,
  recordId: JsonTemplate,
  /** Field labels by id, for the changes shown. */
  labels: z.record(z.string(), z.string()).optional(),
  canComment: z.boolean(),
}).strict().meta({ id: "widget:record-timeline" });
