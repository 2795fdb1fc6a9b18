/**
 * Fetched values while the user edits: when a link the user changed (on the
 * record or in a child row) feeds `fetch_from` fields, the linked record is read
 * and those fields filled — a `fetch_if_empty` field only while empty — as the
 * server will fill them on save. A fetched link feeds its own fetched fields in
 * turn (an invoice line's item gives its tax template, which gives the rates).
 * Records the caller may not read leave the fields as they are.
 */
import { useEffect, useRef } from "react";
import type { FieldMeta, RecordTypeMeta } from "../../schemas/records/meta.ts";
import { getRecord } from "./record-api.ts";

type Values = Record<string, unknown>;
type Rows = readonly Values[];

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === "";
}

/** The links among `fields` that other fields fetch through. */
function feedingLinks(fields: readonly FieldMeta[]): FieldMeta[] {
  return fields.filter((f) =>
    f.type === "link" && f.link && f.link !== "user" &&
    fields.some((other) => other.fetch_from?.startsWith(`${f.id}.`))
  );
}

/** What the fields fetched through `link` should hold, given the linked record. */
async function fetchedThrough(
  fields: readonly FieldMeta[],
  link: FieldMeta,
  id: unknown,
  current: Values,
): Promise<Values> {
  const dependents = fields.filter((f) => f.fetch_from?.startsWith(`${link.id}.`));
  let target: Values = {};
  if (!isEmpty(id)) {
    try {
      target = (await getRecord(`/api/records/${link.link}`, String(id))).record;
    } catch {
      return {};
    }
  }
  const filled: Values = {};
  for (const field of dependents) {
    if (field.fetch_if_empty && !isEmpty(current[field.id])) continue;
    const from = field.fetch_from!.slice(link.id.length + 1);
    filled[field.id] = target[from] ?? null;
    if (field.type === "link") filled[`${field.id}__title`] = target[`${from}__title`] ?? null;
  }
  return filled;
}

/** Fills fetched fields after the user changes a link (`edits` are the user's changes). */
export function useLiveFetch(
  meta: RecordTypeMeta,
  edits: Values,
  setField: (field: string, value: unknown, title?: string) => void,
  setRows: (field: string, update: (rows: Rows) => Values[]) => void,
): void {
  const before = useRef(edits);
  useEffect(() => {
    const previous = before.current;
    before.current = edits;
    for (const link of feedingLinks(meta.fields)) {
      if (!Object.hasOwn(edits, link.id) || edits[link.id] === previous[link.id]) continue;
      void fetchedThrough(meta.fields, link, edits[link.id], edits).then((filled) => {
        for (const [key, value] of Object.entries(filled)) {
          if (!key.endsWith("__title")) {
            setField(key, value, filled[`${key}__title`] as string | undefined);
          }
        }
      });
    }
    for (const table of meta.fields) {
      const columns = table.fields ?? [];
      const links = table.type === "table" ? feedingLinks(columns) : [];
      const rows = edits[table.id];
      if (links.length === 0 || !Array.isArray(rows)) continue;
      const old = Array.isArray(previous[table.id]) ? previous[table.id] as Rows : [];
      rows.forEach((row: Values, index: number) => {
        for (const link of links) {
          if (row[link.id] === old[index]?.[link.id]) continue;
          void fetchedThrough(columns, link, row[link.id], row).then((filled) => {
            if (Object.keys(filled).length === 0) return;
            setRows(
              table.id,
              (current) =>
                current.map((r, i) =>
                  i === index && r[link.id] === row[link.id] ? { ...r, ...filled } : r
                ),
            );
          });
        }
      });
    }
  }, [meta, edits, setField, setRows]);
}
