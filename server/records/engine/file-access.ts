/**
 * Which stored file a caller may name in an attach field. A file id is only a
 * name: setting it on a record of one's own would let anyone who learnt an id
 * download a file they may not read (another member's receipt). So a file may be
 * attached by a caller who may read a record holding it, through an attach field
 * they see (its own visibility, record-access.ts), or who uploaded it themselves
 * while no record holds it yet (the form that uploaded it, saving). Any other id
 * answers as an unknown file, so trying ids tells nothing.
 */
import type { MembershipAccess } from "../../platform/access/access.ts";
import type { RecordField, RecordType } from "../define.ts";
import { mayRead, type ReadContext, readsField } from "./record-access.ts";
import { loadRecord } from "./record-store.ts";

/** A place holding files: a type's attach field, on the record or on its child rows. */
interface AttachPlace {
  type: RecordType;
  /** The table field holding child rows, for an attach field of a child table. */
  table?: RecordField;
  field: RecordField;
}

function attachPlaces(types: Iterable<RecordType>): AttachPlace[] {
  const places: AttachPlace[] = [];
  for (const type of types) {
    for (const field of type.fields) {
      if (field.type === "attach") places.push({ type, field });
      for (const child of field.childFields ?? []) {
        if (child.type === "attach") places.push({ type, table: field, field: child });
      }
    }
  }
  return places;
}

/** Whether the caller may set `fileId` in an attach field. */
export async function mayAttachFile(
  context: ReadContext,
  access: MembershipAccess,
  fileId: string,
): Promise<boolean> {
  const file = await context.q.get<{ created_by: string | null }>(
    "SELECT created_by FROM files WHERE organization_id = ? AND id = ?",
    [access.organizationId, fileId],
  );
  if (!file) return false;
  let held = false;
  for (const place of attachPlaces(context.types.values())) {
    const holders = place.table
      ? await context.q.all<{ id: string }>(
        `SELECT DISTINCT ${place.table.child!.parent_column ?? "parent_id"} AS id FROM ${
          place.table.child!.table
        }
          WHERE organization_id = ? AND ${place.field.column} = ?`,
        [access.organizationId, fileId],
      )
      : await context.q.all<{ id: string }>(
        `SELECT id FROM ${place.type.table} WHERE organization_id = ? AND ${place.field.column} = ?`,
        [access.organizationId, fileId],
      );
    held ||= holders.length > 0;
    const seen = readsField(place.type, access, place.field) &&
      (!place.table || readsField(place.type, access, place.table));
    if (!seen) continue;
    for (const holder of holders) {
      const record = await loadRecord(context.q, place.type, access.organizationId, holder.id);
      if (record && await mayRead(context, access, place.type, record)) return true;
    }
  }
  return !held && file.created_by === access.user.id;
}
