/**
 * The field changes of audit entries as people read them: each field by its
 * declared label, its values before and after as the organisation writes them —
 * an option by its label, a linked record by its title, a date, an amount in its
 * currency, Yes/No — never a stored code. Only the type's fields, its name, state
 * and document status are told (an entry may carry bookkeeping of its own); the
 * values come already through the record's visibility, so a level-1 field the
 * caller may not see is not among them.
 */
import type { AuditChange } from "../../../../schemas/api/records.ts";
import type { z } from "zod";
import type { MembershipAccess } from "../../../platform/access/access.ts";
import { type DocumentFormats, documentFormats } from "../../../platform/orgs/document-formats.ts";
import { readLetterhead } from "../../../platform/orgs/letterhead.ts";
import type { RecordField, RecordType } from "../../../records/define.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import { titlesOf } from "../../../records/engine/link-titles.ts";
import { optionMap, selectOptions } from "../../../records/engine/select-options.ts";

type Change = z.infer<typeof AuditChange>;

/** What no value reads as. */
const NOTHING = "—";
/** A linked record no longer held. */
const REMOVED_RECORD = "Removed record";
const DOCUMENT_STATUSES = ["Draft", "Submitted", "Cancelled"];
/** The longest text told in a change; a longer one ends with "…". */
const TEXT_SHOWN = 200;

/** An entry as the changes are read from it. */
export interface ChangedEntry {
  resource_type: string;
  before: unknown;
  after: unknown;
}

/** How an organisation's values are written, loaded once for a page of entries. */
interface Wording {
  formats: DocumentFormats;
  currency: string;
  options: Map<RecordField, Map<string, string>>;
  /** `target` → id → title of the linked records the changes name. */
  titles: Map<string, Map<string, string>>;
}

/** The changes of each entry, in order. */
export async function auditChanges(
  records: RecordEngine,
  access: MembershipAccess,
  entries: readonly ChangedEntry[],
): Promise<Change[][]> {
  const changed = entries.map((entry) => changedFields(records, entry));
  if (changed.every((c) => c.length === 0)) return changed.map(() => []);
  const wording = await wordingFor(records, access, entries, changed);
  return entries.map((entry, i) => {
    const type = records.types.get(entry.resource_type)!;
    const before = valuesOf(entry.before);
    const after = valuesOf(entry.after);
    // An amount is in the record's currency when it has one, else the organisation's.
    const currency = String(after.currency ?? before.currency ?? "") || wording.currency;
    return changed[i].map((field) => ({
      field,
      label: labelOf(type, field),
      from: valueText(type, field, before[field], wording, currency),
      to: valueText(type, field, after[field], wording, currency),
    }));
  });
}

/** The fields an entry tells: those of its type (and its name, state and document status). */
function changedFields(records: RecordEngine, entry: ChangedEntry): string[] {
  const type = records.types.get(entry.resource_type);
  if (!type) return [];
  const keys = new Set([
    ...Object.keys(valuesOf(entry.before)),
    ...Object.keys(valuesOf(entry.after)),
  ]);
  return [...keys].filter((f) => type.field.has(f) || standardLabel(type, f) !== undefined);
}

function valuesOf(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? value as Record<string, unknown>
    : {};
}

async function wordingFor(
  records: RecordEngine,
  access: MembershipAccess,
  entries: readonly ChangedEntry[],
  changed: readonly string[][],
): Promise<Wording> {
  const db = records.db;
  const { locale } = await readLetterhead(db, access.organizationId);
  const org = await db.get<{ currency: string }>(
    "SELECT currency FROM organizations WHERE id = ?",
    [access.organizationId],
  );
  const options = new Map<RecordField, Map<string, string>>();
  const linked = new Map<string, Set<string>>();
  for (const [i, entry] of entries.entries()) {
    const type = records.types.get(entry.resource_type);
    if (!type) continue;
    for (const id of changed[i]) {
      const field = type.field.get(id);
      if (!field) continue;
      if ((field.options || field.options_from) && !options.has(field)) {
        options.set(field, optionMap(await selectOptions(db, access.organizationId, field)));
      }
      if (field.type === "link" && field.link) {
        const ids = linked.get(field.link) ?? new Set<string>();
        for (const v of [valuesOf(entry.before)[id], valuesOf(entry.after)[id]]) {
          if (typeof v === "string" && v !== "") ids.add(v);
        }
        linked.set(field.link, ids);
      }
    }
  }
  const titles = new Map<string, Map<string, string>>();
  for (const [target, ids] of linked) {
    titles.set(
      target,
      await titlesOf(db, access.organizationId, target, [...ids], records.findType),
    );
  }
  return { formats: documentFormats(locale), currency: org?.currency || "USD", options, titles };
}

function labelOf(type: RecordType, field: string): string {
  return type.field.get(field)?.label ?? standardLabel(type, field) ?? field;
}

/** The label of a column every record of the type has besides its fields, if it is one. */
function standardLabel(type: RecordType, field: string): string | undefined {
  if (field === "name") return "Name";
  if (field === "status" && type.declaration.states) return "Status";
  if (field === "docstatus" && type.declaration.submittable) return "Document status";
  return undefined;
}

/** A value as people read it. */
function valueText(
  type: RecordType,
  id: string,
  value: unknown,
  wording: Wording,
  currency: string,
): string {
  if (value === null || value === undefined || value === "") return NOTHING;
  if (id === "docstatus" && !type.field.has(id)) {
    return typeof value === "number" ? DOCUMENT_STATUSES[value] ?? NOTHING : NOTHING;
  }
  if (id === "status" && !type.field.has(id)) {
    return type.declaration.states?.list.find((s) => s.id === value)?.label ?? NOTHING;
  }
  const field = type.field.get(id);
  if (!field) return plain(value);
  const labels = wording.options.get(field);
  if (labels) return labels.get(String(value)) ?? plain(value);
  const { formats } = wording;
  const number = typeof value === "number" ? value : Number.NaN;
  switch (field.type) {
    case "check":
      return value ? "Yes" : "No";
    case "link":
      return wording.titles.get(field.link ?? "")?.get(String(value)) ?? REMOVED_RECORD;
    case "date":
      return formats.date(String(value));
    case "datetime":
      return dateTime(formats, String(value));
    case "currency":
      return Number.isFinite(number) ? formats.money(number, currency) : plain(value);
    case "percent":
      return Number.isFinite(number) ? formats.percent(number) : plain(value);
    case "int":
    case "float":
      return Number.isFinite(number) ? formats.number(number) : plain(value);
    case "table":
      return Array.isArray(value) ? rows(value.length) : NOTHING;
    default:
      return plain(value);
  }
}

/** A moment: its day as the organisation writes dates, and the time (UTC). */
function dateTime(formats: DocumentFormats, value: string): string {
  const time = /T(\d{2}:\d{2})/.exec(value)?.[1];
  return time ? `${formats.date(value)} ${time} UTC` : formats.date(value);
}

function rows(count: number): string {
  return count === 1 ? "1 row" : `${count} rows`;
}

function plain(value: unknown): string {
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "object") return NOTHING;
  const text = String(value);
  return text.length > TEXT_SHOWN ? `${text.slice(0, TEXT_SHOWN - 1)}…` : text;
}
