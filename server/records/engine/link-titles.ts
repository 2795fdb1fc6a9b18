/**
 * The titles of linked records, so lists and forms show "Acme Ltd", never an id:
 * one query per link field for a whole page, added as `<field>__title`.
 */
import type { Reader } from "../../db/database.ts";
import type { RecordField, RecordType } from "../define.ts";
import type { RecordData } from "./record-rows.ts";

/** Titles of `ids` of a link target (a record type, or `user`), by id. */
export async function titlesOf(
  q: Reader,
  organizationId: string,
  target: string,
  ids: readonly string[],
  findType: (id: string) => RecordType | undefined,
): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  if (ids.length === 0) return titles;
  const marks = ids.map(() => "?").join(", ");
  if (target === "user") {
    const rows = await q.all<{ id: string; first_name: string; last_name: string }>(
      `SELECT u.id, u.first_name, u.last_name FROM users u
       JOIN user_organizations m ON m.user_id = u.id AND m.organization_id = ?
       WHERE u.id IN (${marks})`,
      [organizationId, ...ids],
    );
    for (const r of rows) titles.set(r.id, `${r.first_name} ${r.last_name}`.trim());
    return titles;
  }
  const type = findType(target);
  if (!type) return titles;
  const column = type.field.get(type.declaration.title_field)?.column ?? "name";
  const rows = await q.all<{ id: string; title: string }>(
    `SELECT id, ${column} AS title FROM ${type.table} WHERE organization_id = ? AND id IN (${marks})`,
    [organizationId, ...ids],
  );
  for (const r of rows) titles.set(r.id, String(r.title ?? ""));
  return titles;
}

/** Adds `<field>__title` to each record for its link fields (child rows too). */
export async function addLinkTitles(
  q: Reader,
  organizationId: string,
  fields: readonly RecordField[],
  records: RecordData[],
  findType: (id: string) => RecordType | undefined,
): Promise<void> {
  for (const field of fields) {
    if (field.type === "table" && field.childFields) {
      const rows = records.flatMap((
        r,
      ) => (Array.isArray(r[field.id]) ? r[field.id] as RecordData[] : []));
      await addLinkTitles(q, organizationId, field.childFields, rows, findType);
      continue;
    }
    if (field.type !== "link" || !field.link) continue;
    const ids = [
      ...new Set(records.map((r) => r[field.id]).filter((v): v is string => typeof v === "string")),
    ];
    const titles = await titlesOf(q, organizationId, field.link, ids, findType);
    for (const r of records) {
      const id = r[field.id];
      r[`${field.id}__title`] = typeof id === "string" ? (titles.get(id) ?? null) : null;
    }
  }
}
