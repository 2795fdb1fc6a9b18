/**
 * The look-alikes of a record about to be created: the existing leads and
 * clients the caller may read that score as its duplicates, each named with
 * what it is, how alike and on which fields, and linked. Nothing is stored;
 * the form creates the record anyway when the person says so.
 */
import type { z } from "zod";
import type { DuplicateWarning } from "../../../../schemas/api/duplicates.ts";
import type { Access } from "../../../platform/access/access.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import { lookAlikes } from "./blocking.ts";
import { normaliseContact } from "./similarity.ts";
import { contactOf, type DuplicateType, FIELD_WORDS, readContacts } from "./scan.ts";

/** Look-alikes named at most. */
const MAX_WARNINGS = 5;

const KIND: Record<DuplicateType, string> = { lead: "lead", client: "client" };

/** The existing records the new one looks like, best first. */
export async function checkNewRecord(
  engine: RecordEngine,
  access: Access,
  request: { type: DuplicateType; values: Record<string, unknown>; id?: string },
): Promise<z.infer<typeof DuplicateWarning>[]> {
  const candidate = contactOf(engine, request.type, { ...request.values, id: request.id ?? "" });
  const { contacts, shown } = await readContacts(engine, access);
  const found = lookAlikes(
    normaliseContact(candidate.contact),
    contacts.map((c) => normaliseContact(c)),
  );
  return found.slice(0, MAX_WARNINGS).map(({ index, comparison }) => {
    const other = shown[index];
    const company = other.type === "lead" && other.company ? ` (${other.company})` : "";
    const on = comparison.matched.map((f) => FIELD_WORDS[f]).join(", ");
    return {
      text: `Looks like ${KIND[other.type]} ${other.name}${company}, ${
        Math.round(comparison.score * 100)
      }% alike${on ? ` on ${on}` : ""}`,
      link: { label: `Open ${other.name}`, to: other.path },
      score: comparison.score,
    };
  });
}
