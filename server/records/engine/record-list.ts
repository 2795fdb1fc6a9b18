/**
 * A page of a type's list for the caller (`POST /api/records/{type}/list`): a
 * declared or saved view's filters and sort, the caller's own, the readable clause
 * (organisation, own-record rule, attached records), the fields asked for that the
 * caller may read, a keyset cursor, the derived status, link titles and a capped
 * total. The engine's `list` is this.
 */
import type { Queryable } from "../../db/database.ts";
import type { Access } from "../../platform/access/access.ts";
import { invalidInput } from "../../platform/errors/app-error.ts";
import { LIST_LIMIT_DEFAULT, type ListRequest } from "../../../schemas/records/api.ts";
import type { RecordType } from "../define.ts";
import { readsField, typeFor, visibleRecord } from "./record-access.ts";
import { attachChildren, rowToRecord, selectList } from "./record-rows.ts";
import { savedViews } from "./saved-views.ts";
import {
  afterCursor,
  cappedCount,
  cursorAfter,
  defaultSort,
  sortKeys,
  whereClause,
} from "./list-query.ts";
import { addLinkTitles } from "./link-titles.ts";
import { derivedStatus, derivedStatusInputs } from "./record-states.ts";

/** What a list reads: the declared types and the clock. */
export interface ListSource {
  types: ReadonlyMap<string, RecordType>;
  clock: () => number;
}

/** A declared view of the type, or one the caller saved or was shared; 400 otherwise. */
async function viewOf(q: Queryable, access: Access, type: RecordType, id: string) {
  const declared = type.declaration.list.views?.find((v) => v.id === id);
  if (declared) return declared;
  const saved = (await savedViews(q, access, type)).find((v) => v.id === id);
  if (!saved) throw invalidInput(`Unknown view "${id}"`, { view: "Unknown view" });
  return saved;
}

const STANDARD_FIELDS = [
  "id",
  "name",
  "version",
  "status",
  "created_at",
  "updated_at",
  "created_by",
  "title",
];

/** The fields asked for that the caller reads (every non-table one when none are named). */
function selectedFields(type: RecordType, access: Access, ids: readonly string[] | undefined) {
  const readable = type.fields.filter((f) => readsField(type, access, f));
  if (!ids) return readable.filter((f) => f.type !== "table");
  const byId = new Map(readable.map((f) => [f.id, f]));
  const chosen = [];
  for (const id of ids) {
    const field = byId.get(id);
    if (field) chosen.push(field);
    else if (!STANDARD_FIELDS.includes(id)) {
      throw invalidInput(`Unknown field "${id}" in fields`, { fields: `Unknown field "${id}"` });
    }
  }
  return chosen;
}

/** A page of records of the type the caller's list holds. */
export async function listRecords(
  source: ListSource,
  access: Access,
  typeId: string,
  request: ListRequest,
  q: Queryable,
) {
  const type = typeFor(source.types, access, typeId, "read");
  const findType = (id: string) => source.types.get(id);
  const view = request.view ? await viewOf(q, access, type, request.view) : undefined;
  const today = new Date(source.clock()).toISOString().slice(0, 10);
  const where = whereClause(type, access, {
    filters: [...(view?.filters ?? []), ...(request.filters ?? [])],
    search: request.search,
    today,
    types: source.types,
    dialect: q.dialect,
  });
  const keys = sortKeys(type, access, request.sort ?? view?.sort ?? defaultSort(type, access));
  const asked = selectedFields(type, access, request.fields);
  // The derived status needs the fields its rules read, asked for or not.
  const needed = derivedStatusInputs(type).flatMap((id) => {
    const field = type.field.get(id);
    return field && field.type !== "table" && !asked.includes(field) ? [field] : [];
  });
  const fields = [...asked, ...needed];
  const columns = fields.filter((f) => f.type !== "table");
  const page = request.cursor ? afterCursor(keys, request.cursor) : undefined;
  const limit = request.limit ?? LIST_LIMIT_DEFAULT;
  const rows = await q.all<Record<string, unknown>>(
    `SELECT ${selectList(type, columns)} FROM ${type.table} t
     WHERE ${where.sql}${page ? ` AND ${page.sql}` : ""}
     ORDER BY ${keys.map((k) => `${k.expression} ${k.dir.toUpperCase()}`).join(", ")}
     LIMIT ${limit + 1}`,
    [...where.params, ...(page?.params ?? [])],
  );
  const more = rows.length > limit;
  const shown = rows.slice(0, limit);
  const items = shown.map((row) => rowToRecord(type, row, columns));
  await attachChildren(q, type, items, fields.filter((f) => f.type === "table"));
  await addLinkTitles(q, access.organizationId, fields, items, findType);
  for (const item of items) {
    const status = derivedStatus(type, item, today);
    if (status) item.status = status;
    for (const field of needed) delete item[field.id];
  }
  const total = await cappedCount(q, type.table, where);
  return {
    items: items.map((item) => visibleRecord(type, access, item)),
    next_cursor: more ? cursorAfter(keys, shown[shown.length - 1]) : null,
    total,
  };
}
