/**
 * List views a user saves for a record type (filters, sort, columns, layout), kept
 * per user in the database so they follow the user to any browser, and shared like
 * saved reports: with no one else, with the staff of chosen roles, or with everyone
 * in the organisation. A view shared with the caller is offered as the caller may
 * use it: only the columns they may see, its layout only if their list offers it,
 * and not at all when it filters by a field they may not filter by (it would show
 * them other rows than it says). Whoever opens a shared view sees its rows with
 * their own permissions; only its owner may change its sharing or delete it.
 */
import type { Queryable } from "../../db/database.ts";
import type { MembershipAccess } from "../../platform/access/access.ts";
import { conflict, invalidInput, notFound } from "../../platform/errors/app-error.ts";
import { isUniqueViolation } from "../../db/constraint-errors.ts";
import type { RecordType } from "../define.ts";
import type { Filter, RecordTypeMeta, Sort } from "../../../schemas/records/meta.ts";
import { staffRoleOptions } from "../../platform/access/role-options.ts";
import { checkViewLayout } from "../view-layouts.ts";
import { keyOf } from "./list-query.ts";

/** A saved view's definition. */
export interface ViewDefinition {
  filters?: Filter[];
  sort?: Sort[];
  columns?: string[];
  /**
   * Seen as a list (default), as a board of `board_field`'s values, a calendar by
   * `calendar_field`, groups by `group_fields` or a timeline from `timeline_start`
   * to `timeline_end`.
   */
  layout?: "list" | "board" | "calendar" | "groups" | "timeline";
  board_field?: string;
  calendar_field?: string;
  group_fields?: string[];
  timeline_start?: string;
  timeline_end?: string;
}

/** A view's sharing as saved (the words of saved reports' `sharing`). */
export interface ViewShare {
  sharing: "private" | "roles" | "organization";
  shared_roles: string[];
}

interface ViewRow {
  id: string;
  label: string;
  definition: string;
  user_id: string;
  sharing: ViewShare["sharing"];
  shared_roles: string;
  owner_first: string;
  owner_last: string;
}

/** Columns a list may show besides the type's fields. */
const SYSTEM_COLUMNS = ["name", "status", "created_at", "updated_at"];

/**
 * The caller's saved views of a type and those shared with them. With `seen` (the
 * type as the caller sees it) a shared view is fitted to what the caller may use.
 */
export async function savedViews(
  q: Queryable,
  access: MembershipAccess,
  type: RecordType,
  seen?: RecordTypeMeta,
) {
  const rows = await q.all<ViewRow>(
    `SELECT v.id, v.label, v.definition, v.user_id, v.sharing, v.shared_roles,
            u.first_name AS owner_first, u.last_name AS owner_last
       FROM saved_views v JOIN users u ON u.id = v.user_id
      WHERE v.organization_id = ? AND v.record_type = ?
        AND (v.user_id = ? OR v.sharing = 'organization' OR v.sharing = 'roles')
      ORDER BY v.label, v.id`,
    [access.organizationId, type.id, access.user.id],
  );
  const views = [];
  for (const row of rows) {
    const definition = JSON.parse(row.definition) as ViewDefinition;
    const roles = JSON.parse(row.shared_roles) as string[];
    if (row.user_id === access.user.id) {
      views.push({
        id: row.id,
        label: row.label,
        saved: true,
        sharing: row.sharing,
        shared_roles: roles,
        ...definition,
      });
      continue;
    }
    if (row.sharing === "roles" && !roles.includes(access.role)) continue;
    const fitted = seen ? fitFor(definition, type, access, seen) : definition;
    if (!fitted) continue;
    views.push({
      id: row.id,
      label: row.label,
      saved: false,
      shared_by: `${row.owner_first} ${row.owner_last}`.trim(),
      ...fitted,
    });
  }
  return views;
}

/**
 * A view shared with someone as they may use it, or none when it filters by a field
 * they may not filter by (the list's own rule, `keyOf`).
 */
function fitFor(
  view: ViewDefinition,
  type: RecordType,
  access: MembershipAccess,
  seen: RecordTypeMeta,
): ViewDefinition | undefined {
  const fields = new Set(seen.fields.map((f) => f.id));
  try {
    for (const filter of view.filters ?? []) keyOf(type, access, filter.field, "filters");
  } catch {
    return undefined;
  }
  const {
    layout,
    board_field,
    calendar_field,
    group_fields,
    timeline_start,
    timeline_end,
    ...rest
  } = view;
  const fit: ViewDefinition = {
    ...rest,
    ...(rest.sort
      ? { sort: rest.sort.filter((s) => fields.has(s.field) || SYSTEM_COLUMNS.includes(s.field)) }
      : {}),
    ...(rest.columns
      ? { columns: rest.columns.filter((c) => fields.has(c) || SYSTEM_COLUMNS.includes(c)) }
      : {}),
  };
  const arranged = Object.fromEntries(
    Object.entries({
      layout,
      board_field,
      calendar_field,
      group_fields,
      timeline_start,
      timeline_end,
    }).filter(([, value]) => value !== undefined),
  );
  try {
    // Its layout only where the reader's list offers it; else it opens as a list.
    checkViewLayout(seen, arranged);
    return { ...fit, ...arranged };
  } catch {
    return fit;
  }
}

/** Refuses sharing with roles the organisation does not have, or with no role at all. */
export async function checkViewShare(
  q: Queryable,
  organizationId: string,
  share: { sharing?: ViewShare["sharing"]; shared_roles?: string[] },
): Promise<ViewShare> {
  const sharing = share.sharing ?? "private";
  const roles = [...new Set(share.shared_roles ?? [])];
  if (sharing !== "roles") {
    if (roles.length > 0) {
      const why = `Roles are chosen only when the view is shared with roles`;
      throw invalidInput(why, { shared_roles: why });
    }
    return { sharing, shared_roles: [] };
  }
  if (roles.length === 0) {
    const why = "Choose at least one role to share the view with";
    throw invalidInput(why, { shared_roles: why });
  }
  const known = new Set((await staffRoleOptions(q, organizationId)).map((r) => r.value));
  const unknown = roles.find((r) => !known.has(r));
  if (unknown !== undefined) {
    const why = `Not a role of this organisation: "${unknown}"`;
    throw invalidInput(why, { shared_roles: why });
  }
  return { sharing, shared_roles: roles };
}

/** Saves a view under a label the caller has not used for this type. */
export async function saveView(
  q: Queryable,
  access: MembershipAccess,
  type: RecordType,
  view: ViewDefinition & { label: string },
  share: ViewShare,
  now: string,
) {
  const id = `view_${crypto.randomUUID()}`;
  const { label, ...definition } = view;
  try {
    await q.run(
      `INSERT INTO saved_views
         (id, organization_id, user_id, record_type, label, definition, sharing, shared_roles, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        access.organizationId,
        access.user.id,
        type.id,
        label,
        JSON.stringify(definition),
        share.sharing,
        JSON.stringify(share.shared_roles),
        now,
      ],
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`You already have a view named "${label}"`);
    throw error;
  }
  return { id, label, saved: true, ...share, ...definition };
}

/** Changes who besides the caller sees one of their saved views. */
export async function shareView(
  q: Queryable,
  access: MembershipAccess,
  type: RecordType,
  id: string,
  share: ViewShare,
): Promise<void> {
  const result = await q.run(
    `UPDATE saved_views SET sharing = ?, shared_roles = ?
      WHERE organization_id = ? AND user_id = ? AND record_type = ? AND id = ?`,
    [
      share.sharing,
      JSON.stringify(share.shared_roles),
      access.organizationId,
      access.user.id,
      type.id,
      id,
    ],
  );
  if (result.changes !== 1) throw notFound("View");
}

/** Deletes one of the caller's saved views. */
export async function deleteView(
  q: Queryable,
  access: MembershipAccess,
  type: RecordType,
  id: string,
) {
  const result = await q.run(
    `DELETE FROM saved_views WHERE organization_id = ? AND user_id = ? AND record_type = ? AND id = ?`,
    [access.organizationId, access.user.id, type.id, id],
  );
  if (result.changes !== 1) throw notFound("View");
}
