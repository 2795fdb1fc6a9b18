/**
 * List views a user saves for a record type (filters, sort, columns), kept per
 * user in the database so they follow the user to any browser; and the declared
 * views plus the saved ones, as a list offers them.
 */
import type { Queryable } from "../../db/database.ts";
import type { MembershipAccess } from "../../platform/access/access.ts";
import { conflict, notFound } from "../../platform/errors/app-error.ts";
import { isUniqueViolation } from "../../db/constraint-errors.ts";
import type { RecordType } from "../define.ts";
import type { Filter, Sort } from "../../../schemas/records/meta.ts";

/** A saved view's definition. */
export interface ViewDefinition {
  filters?: Filter[];
  sort?: Sort[];
  columns?: string[];
  /**
   * Seen as a list (default), as a board of `board_field`'s values, a calendar by
   * `calendar_field` or groups by `group_fields`.
   */
  layout?: "list" | "board" | "calendar" | "groups";
  board_field?: string;
  calendar_field?: string;
  group_fields?: string[];
}

/** The caller's saved views of a type. */
export async function savedViews(q: Queryable, access: MembershipAccess, type: RecordType) {
  const rows = await q.all<{ id: string; label: string; definition: string }>(
    `SELECT id, label, definition FROM saved_views
     WHERE organization_id = ? AND user_id = ? AND record_type = ? ORDER BY label, id`,
    [access.organizationId, access.user.id, type.id],
  );
  return rows.map((r) => ({
    id: r.id,
    label: r.label,
    saved: true,
    ...(JSON.parse(r.definition) as ViewDefinition),
  }));
}

/** Saves a view under a label the caller has not used for this type. */
export async function saveView(
  q: Queryable,
  access: MembershipAccess,
  type: RecordType,
  view: ViewDefinition & { label: string },
  now: string,
) {
  const id = `view_${crypto.randomUUID()}`;
  const { label, ...definition } = view;
  try {
    await q.run(
      `INSERT INTO saved_views (id, organization_id, user_id, record_type, label, definition, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [id, access.organizationId, access.user.id, type.id, label, JSON.stringify(definition), now],
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`You already have a view named "${label}"`);
    throw error;
  }
  return { id, label, saved: true, ...definition };
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
