/**
 * A record's links as validation checks and follows them: each link or file names
 * something the caller's organisation holds (a file, one the caller may attach),
 * and fetched fields copy their value from the record a link names.
 */
import type { SqlValue } from "../../db/database.ts";
import { forKeyShare } from "../../db/dialect.ts";
import type { RecordField } from "../define.ts";
import { emptyStored, isEmpty } from "./field-values.ts";
import { mayAttachFile } from "./file-access.ts";
import { describeFile } from "./files.ts";
import { fromColumn, type RecordData } from "./record-rows.ts";
import type { ValidationScope } from "./validate-record.ts";

export async function checkLinks(
  scope: ValidationScope,
  fields: readonly RecordField[],
  values: RecordData,
  errors: Record<string, string>,
  prefix: string,
): Promise<void> {
  for (const field of fields) {
    if ((field.type !== "link" && field.type !== "attach") || errors[prefix + field.id]) continue;
    const id = values[field.id];
    if (isEmpty(id)) continue;
    if (scope.existing && !prefix && scope.existing[field.id] === id) continue;
    if (field.type === "attach") {
      // A file the caller may read or has just uploaded; any other id is unknown to them.
      if (!(await mayAttachFile(scope, scope.access, id as string))) {
        errors[prefix + field.id] = "No such file: upload it first";
      }
      continue;
    }
    if (!(await linkExists(scope, field.link!, id as string))) {
      errors[prefix + field.id] = `Must be an existing ${targetLabel(scope, field.link!)}`;
    }
  }
}

function targetLabel(scope: ValidationScope, target: string): string {
  return target === "user" ? "member" : (scope.findType(target)?.declaration.label ?? target)
    .toLowerCase();
}

/**
 * Whether a link target exists in the caller's organisation. The row is kept from
 * deletion until the write ends, so a record being removed at the same moment
 * either goes first (and the link is refused) or waits for the link (and sees it).
 */
export async function linkExists(scope: ValidationScope, target: string, id: string) {
  const org = scope.access.organizationId;
  if (target === "user") {
    return !!(await scope.q.get(
      "SELECT 1 AS found FROM user_organizations WHERE organization_id = ? AND user_id = ?",
      [org, id],
    ));
  }
  const type = scope.findType(target);
  if (!type) return false;
  return !!(await scope.q.get(
    `SELECT 1 AS found FROM ${type.table} WHERE organization_id = ? AND id = ? ${
      forKeyShare(scope.q.dialect)
    }`,
    [org, id],
  ));
}

export async function fillFetched(
  scope: ValidationScope,
  values: RecordData,
  columns: Map<string, SqlValue>,
  leftEmpty: ReadonlySet<string>,
): Promise<void> {
  await fillFetchedOf(scope, scope.type.fields, values, columns, leftEmpty);
}

/**
 * Copies fetched values from the records the fields' links name (a record's own
 * fields, or one child row's), in declared order so a fetched link feeds the
 * fields fetched through it; `fetch_if_empty` fields only where left empty.
 */
export async function fillFetchedOf(
  scope: ValidationScope,
  fields: readonly RecordField[],
  values: RecordData,
  columns: Map<string, SqlValue>,
  leftEmpty: ReadonlySet<string>,
): Promise<void> {
  for (const field of fields) {
    if (!field.fetch_from) continue;
    if (field.fetch_if_empty && !leftEmpty.has(field.id)) continue;
    const [linkId, targetField] = field.fetch_from.split(".");
    const link = fields.find((f) => f.id === linkId)!;
    const id = values[linkId];
    let value: SqlValue = emptyStored(field);
    if (!isEmpty(id) && link.type === "attach") {
      const file = await describeFile(scope.q, scope.access.organizationId, id as string);
      const known = file as unknown as Record<string, SqlValue> | undefined;
      if (known && ["name", "size", "content_type"].includes(targetField)) {
        value = known[targetField] ?? emptyStored(field);
      }
    } else if (!isEmpty(id) && link.link && link.link !== "user") {
      const target = scope.findType(link.link);
      const column = target?.field.get(targetField)?.column ??
        (["name"].includes(targetField) ? targetField : undefined);
      if (target && column) {
        const row = await scope.q.get<{ v: SqlValue }>(
          `SELECT ${column} AS v FROM ${target.table} WHERE organization_id = ? AND id = ?`,
          [scope.access.organizationId, id as string],
        );
        value = row?.v ?? emptyStored(field);
      }
    }
    columns.set(field.column, value);
    values[field.id] = fromColumn(field, value);
  }
}
