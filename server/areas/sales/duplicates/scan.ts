/**
 * A duplicate scan of the caller's organisation: its leads and clients read
 * through the record engine's list (the caller's read permission of each type,
 * its own-record rules and level-1 fields, so no record or field the caller may
 * not read is compared or shown), normalised, blocked and scored. A client is
 * compared by its name as a company. A lead merged into another is left out.
 */
import type { z } from "zod";
import type { DuplicatePair, DuplicateRecord } from "../../../../schemas/api/duplicates.ts";
import type { Access } from "../../../platform/access/access.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import { listPages } from "../../../records/engine/list-pages.ts";
import { mayReadType } from "../../../records/engine/record-access.ts";
import { recordLink } from "../../../records/record-link.ts";
import type { RecordData } from "../../../records/engine/record-rows.ts";
import { type Contact, type MatchField, normaliseContact } from "./similarity.ts";
import { CANDIDATE_SCORE, scanContacts } from "./blocking.ts";

/** The record types duplicates are looked for among. */
export const DUPLICATE_TYPES = ["lead", "client"] as const;
export type DuplicateType = typeof DUPLICATE_TYPES[number];

/** Records read per page of the walk. */
const PAGE_ROWS = 1000;

/** A record as a scan shows it. */
export type ScannedRecord = z.infer<typeof DuplicateRecord>;

/** What the matching fields are called in a pair's reasons. */
export const FIELD_WORDS: Record<MatchField, string> = {
  email: "Email",
  phone: "Phone",
  name: "Name",
  company: "Company",
};

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** A lead or client as a contact compared, and as the scan shows it. */
export function contactOf(
  engine: RecordEngine,
  typeId: DuplicateType,
  record: RecordData,
): { contact: Contact; shown: ScannedRecord } {
  const type = engine.findType(typeId)!;
  const id = String(record.id);
  const shown: ScannedRecord = {
    type: typeId,
    id,
    name: text(record.name),
    company: typeId === "lead" ? text(record.company) : text(record.name),
    email: text(record.email),
    phone: text(record.phone),
    path: recordLink(type, id),
  };
  const contact: Contact = typeId === "lead"
    ? { id, name: shown.name, company: shown.company, email: shown.email, phone: shown.phone }
    : { id, company: shown.company, email: shown.email, phone: shown.phone };
  return { contact, shown };
}

/** The records of the types the caller may read, as the scan shows them. */
export async function readContacts(
  engine: RecordEngine,
  access: Access,
  types: readonly DuplicateType[] = DUPLICATE_TYPES,
): Promise<{ contacts: Contact[]; shown: ScannedRecord[] }> {
  const contacts: Contact[] = [];
  const shown: ScannedRecord[] = [];
  for (const typeId of types) {
    const type = engine.findType(typeId);
    if (!type || !mayReadType(type, access)) continue;
    const pages = listPages(engine, access, typeId, {}, { pageRows: PAGE_ROWS });
    for await (const page of pages) {
      for (const record of page) {
        // A lead merged into another is that other one now.
        if (record.merged_into) continue;
        const one = contactOf(engine, typeId, record);
        contacts.push(one.contact);
        shown.push(one.shown);
      }
    }
  }
  return { contacts, shown };
}

/** The merge screen of two leads (only leads are merged); empty for any other pair. */
export function mergePath(a: ScannedRecord, b: ScannedRecord): string {
  if (a.type !== "lead" || b.type !== "lead") return "";
  const query = new URLSearchParams({ type: a.type, a: a.id, b: b.id });
  return `/app/duplicate-detection/merge?${query}`;
}

/** The candidate duplicate pairs among the records the caller may read, best first. */
export async function scanDuplicates(
  engine: RecordEngine,
  access: Access,
  options: { types?: readonly DuplicateType[]; minScore?: number; limit?: number } = {},
): Promise<
  { pairs: z.infer<typeof DuplicatePair>[]; total: number; records: number; compared: number }
> {
  const { contacts, shown } = await readContacts(engine, access, options.types);
  const normalised = contacts.map((c) => normaliseContact(c));
  const { pairs, compared } = scanContacts(normalised, {
    minScore: options.minScore ?? CANDIDATE_SCORE,
  });
  return {
    pairs: pairs.slice(0, options.limit ?? 100).map((pair) => ({
      a: shown[pair.a],
      b: shown[pair.b],
      score: pair.score,
      matched: pair.matched,
      reasons: pair.matched.map((f) => FIELD_WORDS[f]).join(", "),
      fields: pair.fields,
      merge_path: mergePath(shown[pair.a], shown[pair.b]),
      mergeable: mergePath(shown[pair.a], shown[pair.b]) !== "",
    })),
    total: pairs.length,
    records: contacts.length,
    compared,
  };
}
