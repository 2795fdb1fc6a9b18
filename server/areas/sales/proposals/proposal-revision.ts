/**
 * A sent revision of a proposal, frozen: what the client was sent (its parties,
 * dates, lines, totals and terms) as canonical JSON, and the SHA-256 of exactly
 * those bytes, so anyone holding the text can check it against the record. A
 * later revision is compared with the one before it by these snapshots.
 */
import type { RecordData } from "../../../records/engine/record-rows.ts";

/** The fields of a proposal that make what was sent, in order. */
const SENT_FIELDS = [
  "name",
  "title",
  "client",
  "lead",
  "date",
  "valid_until",
  "currency",
  "introduction",
  "deposit_percent",
  "net_total",
  "tax_total",
  "grand_total",
  "terms",
] as const;

/** The columns of a line that make what was sent. */
const LINE_FIELDS = [
  "section",
  "item",
  "description",
  "quantity",
  "rate",
  "discount_percent",
  "tax_template",
  "optional",
  "net_amount",
  "tax_amount",
  "amount",
] as const;

/** The proposal as sent, as canonical JSON (fixed key order, no ids of rows). */
export function revisionContent(proposal: RecordData, revision: number): string {
  const pick = (from: RecordData, keys: readonly string[]) =>
    Object.fromEntries(keys.map((k) => [k, from[k] ?? null]));
  const lines = (proposal.lines as RecordData[] | undefined) ?? [];
  return JSON.stringify({
    revision,
    ...pick(proposal, SENT_FIELDS),
    lines: lines.map((line) => pick(line, LINE_FIELDS)),
  });
}

/** The SHA-256 of a text's UTF-8 bytes, in hex. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
