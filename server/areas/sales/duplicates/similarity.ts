/**
 * How alike two contacts are: Jaro-Winkler over the folded names and companies,
 * the normalised emails and phones compared whole, combined into one score from
 * 0 to 1 over the fields both records have, with the fields that match named.
 */
import {
  normaliseCompany,
  normaliseEmail,
  normaliseName,
  normalisePhone,
  type PhoneOptions,
} from "./normalise.ts";

/** The fields duplicates are compared on. */
export type MatchField = "name" | "email" | "phone" | "company";

/** A contact as compared: a lead or a client, any of its details possibly empty. */
export interface Contact {
  id: string;
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  company?: string | null;
}

/** A contact's details in their compared forms. */
export interface NormalisedContact {
  id: string;
  name: string;
  email: string;
  phone: string;
  company: string;
}

/** How much each field weighs in the score: an email names one person far more surely than a company. */
export const FIELD_WEIGHTS: Readonly<Record<MatchField, number>> = {
  email: 0.35,
  phone: 0.25,
  name: 0.25,
  company: 0.15,
};

/** A field counts as matching from this similarity up. */
export const FIELD_MATCH = 0.9;

/** Digits of a phone's end compared: the same subscriber written with or without its country. */
export const PHONE_TAIL = 8;

/** A contact's details normalised for comparison. */
export function normaliseContact(contact: Contact, options: PhoneOptions = {}): NormalisedContact {
  return {
    id: contact.id,
    name: normaliseName(contact.name),
    email: normaliseEmail(contact.email),
    phone: normalisePhone(contact.phone, options),
    company: normaliseCompany(contact.company),
  };
}

/** Jaro-Winkler similarity of two strings, 1 when equal, 0 when nothing is shared. */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  if (!a.length || !b.length) return 0;
  const window = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  const aMatched = new Array<boolean>(a.length).fill(false);
  const bMatched = new Array<boolean>(b.length).fill(false);
  let matches = 0;
  for (let i = 0; i < a.length; i++) {
    const from = Math.max(0, i - window);
    const to = Math.min(b.length - 1, i + window);
    for (let j = from; j <= to; j++) {
      if (bMatched[j] || a[i] !== b[j]) continue;
      aMatched[i] = bMatched[j] = true;
      matches++;
      break;
    }
  }
  if (!matches) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < a.length; i++) {
    if (!aMatched[i]) continue;
    while (!bMatched[k]) k++;
    if (a[i] !== b[k]) transpositions++;
    k++;
  }
  const m = matches;
  const jaro = (m / a.length + m / b.length + (m - transpositions / 2) / m) / 3;
  let prefix = 0;
  while (prefix < 4 && prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/** Words of a folded text in order, so "smith john" and "john smith" compare equal. */
function sortedWords(text: string): string {
  return text.split(" ").filter(Boolean).sort().join(" ");
}

/** Similarity of two folded names, their words taken in either order. */
function nameSimilarity(a: string, b: string): number {
  return Math.max(jaroWinkler(a, b), jaroWinkler(sortedWords(a), sortedWords(b)));
}

/** Similarity of two fields' compared forms; undefined when either is empty. */
function fieldSimilarity(field: MatchField, a: string, b: string): number | undefined {
  if (!a || !b) return undefined;
  switch (field) {
    case "email":
      return a === b ? 1 : 0.8 * jaroWinkler(a, b);
    case "phone":
      return a === b || a.slice(-PHONE_TAIL) === b.slice(-PHONE_TAIL) ? 1 : 0;
    default:
      return nameSimilarity(a, b);
  }
}

/** Two contacts compared: the score, each field's similarity and the fields that match. */
export interface Comparison {
  score: number;
  fields: Partial<Record<MatchField, number>>;
  matched: MatchField[];
}

/** Compares two normalised contacts over the fields both have; a score of 0 when they share none. */
export function compareContacts(a: NormalisedContact, b: NormalisedContact): Comparison {
  const fields: Partial<Record<MatchField, number>> = {};
  const matched: MatchField[] = [];
  let weighted = 0;
  let weights = 0;
  for (const field of Object.keys(FIELD_WEIGHTS) as MatchField[]) {
    const similarity = fieldSimilarity(field, a[field], b[field]);
    if (similarity === undefined) continue;
    fields[field] = Math.round(similarity * 1000) / 1000;
    if (similarity >= FIELD_MATCH) matched.push(field);
    weighted += FIELD_WEIGHTS[field] * similarity;
    weights += FIELD_WEIGHTS[field];
  }
  const score = weights ? Math.round((weighted / weights) * 1000) / 1000 : 0;
  return { score, fields, matched };
}
