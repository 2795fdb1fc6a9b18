/**
 * Requirements found in a plain-text or Markdown document: every numbered
 * (`1.`, `1)`, `1.2`) or bulleted (`-`, `*`, `+`) statement, and every other
 * sentence containing must, shall, should, may or could. Headings, code fences
 * and blank lines are skipped.
 *
 * Priority follows the modal verb (RFC 2119 style): must / shall / required →
 * high; should / recommended → medium; may / could / optional, or none → low.
 *
 * Size estimate (the rule stated in every answer): the statement's words, less a
 * leading modal phrase, measure its scope — up to 8 words XS (2 h), up to 15 S
 * (4 h), up to 25 M (8 h), up to 40 L (16 h), longer XL (32 h); each "and", comma
 * or semicolon joining further clauses adds a quarter of the base hours, because
 * every extra clause is one more behaviour to build and test.
 */
import type { z } from "zod";
import type { Requirement } from "../../../schemas/api/enterprise-projects/planning.ts";

type Found = z.infer<typeof Requirement>;

export const ESTIMATION_RULE =
  "Size from the statement's length in words: ≤ 8 XS (2 h), ≤ 15 S (4 h), ≤ 25 M (8 h), ≤ 40 L (16 h), else XL (32 h); each extra clause (and, comma, semicolon) adds a quarter of the base hours. Priority from the modal verb: must/shall/required high, should/recommended medium, may/could/optional or none low.";

const SIZES: [number, Found["size"], number][] = [
  [8, "XS", 2],
  [15, "S", 4],
  [25, "M", 8],
  [40, "L", 16],
  [Infinity, "XL", 32],
];

const MODAL = /\b(must|shall|required|should|recommended|may|could|optional)\b/i;
const HIGH = new Set(["must", "shall", "required"]);
const MEDIUM = new Set(["should", "recommended"]);

/** Priority and modal verb of a statement. */
export function priorityOf(text: string): Pick<Found, "priority" | "modal_verb"> {
  const verb = text.match(MODAL)?.[1].toLowerCase() ?? null;
  if (verb && HIGH.has(verb)) return { priority: "high", modal_verb: verb };
  if (verb && MEDIUM.has(verb)) return { priority: "medium", modal_verb: verb };
  return { priority: "low", modal_verb: verb };
}

/** Size and hours of a statement (the rule above). */
export function sizeOf(text: string): Pick<Found, "size" | "estimated_hours"> {
  const words = text.split(/\s+/).filter((w) => /\w/.test(w)).length;
  const [, size, base] = SIZES.find(([limit]) => words <= limit)!;
  const clauses = (text.match(/\band\b|[,;]/gi) ?? []).length;
  return { size, estimated_hours: base + clauses * base / 4 };
}

const NUMBERED = /^\s*(?:\d+(?:\.\d+)*[.)]?|[a-z][.)])\s+(.+)$/i;
const BULLETED = /^\s*[-*+]\s+(?:\[[ xX]\]\s+)?(.+)$/;

/** Strips Markdown emphasis and links so the text reads plainly. */
function plain(text: string): string {
  return text.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/[*_`]+/g, "").trim();
}

/** The requirements of a document's text, in document order. */
export function findRequirements(text: string): Found[] {
  const found: Found[] = [];
  let fenced = false;
  const add = (statement: string, kind: Found["kind"], line: number) => {
    const clean = plain(statement);
    if (clean.split(/\s+/).length < 2) return;
    found.push({
      number: found.length + 1,
      text: clean,
      kind,
      ...priorityOf(clean),
      ...sizeOf(clean),
      line,
    });
  };
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    if (/^\s*(```|~~~)/.test(raw)) fenced = !fenced;
    if (fenced || /^\s*(#|```|~~~|>?\s*$)/.test(raw)) return;
    const bullet = raw.match(BULLETED);
    if (bullet) return add(bullet[1], "bulleted", line);
    const numbered = raw.match(NUMBERED);
    if (numbered) return add(numbered[1], "numbered", line);
    for (const sentence of raw.split(/(?<=[.!?])\s+/)) {
      if (MODAL.test(sentence)) add(sentence, "sentence", line);
    }
  });
  return found;
}
