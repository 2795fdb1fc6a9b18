/**
 * What changed between two sent revisions of a proposal, in words: the fields
 * of the proposal whose values differ ("Valid until: 2026-12-01 → 2026-12-15"),
 * the lines added and removed, and the lines whose quantity, rate, discount,
 * tax or optional flag changed. Lines are matched by their section, item and
 * description, so moving a line does not read as a removal and an addition.
 * Both sides are the frozen canonical contents (proposal-revision.ts), so the
 * comparison reads exactly what the client was sent each time.
 */

type Content = Record<string, unknown> & { lines?: Record<string, unknown>[] };

/** Proposal fields compared, with the words a change of each reads in. */
const FIELDS: readonly [string, string][] = [
  ["title", "Title"],
  ["client", "Client"],
  ["lead", "Lead"],
  ["valid_until", "Valid until"],
  ["currency", "Currency"],
  ["deposit_percent", "Deposit %"],
  ["net_total", "Net total"],
  ["tax_total", "Tax"],
  ["grand_total", "Grand total"],
];

/** Long texts: a change is named, not quoted. */
const TEXTS: readonly [string, string][] = [
  ["introduction", "Introduction"],
  ["terms", "Terms"],
];

/** Line columns compared, with their words. */
const LINE_FIELDS: readonly [string, string][] = [
  ["quantity", "quantity"],
  ["rate", "rate"],
  ["discount_percent", "discount %"],
  ["tax_template", "tax"],
];

function shown(value: unknown): string {
  if (value === null || value === undefined || value === "") return "none";
  return String(value);
}

function lineKey(line: Record<string, unknown>): string {
  return [line.section, line.item, line.description].map((v) => shown(v).trim().toLowerCase())
    .join("\u0000");
}

function lineName(line: Record<string, unknown>): string {
  const name = shown(line.item) !== "none" ? String(line.item) : shown(line.description);
  return line.section ? `${line.section} / ${name}` : name;
}

function lineChanges(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const changes = LINE_FIELDS
    .filter(([id]) => shown(before[id]) !== shown(after[id]))
    .map(([id, words]) => `${words} ${shown(before[id])} → ${shown(after[id])}`);
  if (!!before.optional !== !!after.optional) {
    changes.push(after.optional ? "now optional" : "now included");
  }
  return changes;
}

/** The changes from `before` to `after`, one sentence each; empty when nothing changed. */
export function revisionChanges(before: Content, after: Content): string[] {
  const changes: string[] = [];
  for (const [id, words] of FIELDS) {
    if (shown(before[id]) !== shown(after[id])) {
      changes.push(`${words}: ${shown(before[id])} → ${shown(after[id])}`);
    }
  }
  for (const [id, words] of TEXTS) {
    if (shown(before[id]) !== shown(after[id])) changes.push(`${words} changed`);
  }
  const left = new Map<string, Record<string, unknown>[]>();
  for (const line of before.lines ?? []) {
    const key = lineKey(line);
    left.set(key, [...(left.get(key) ?? []), line]);
  }
  const added: Record<string, unknown>[] = [];
  for (const line of after.lines ?? []) {
    const same = left.get(lineKey(line));
    const match = same?.shift();
    if (!match) {
      added.push(line);
      continue;
    }
    const changed = lineChanges(match, line);
    if (changed.length > 0) changes.push(`Line ${lineName(line)}: ${changed.join(", ")}`);
  }
  for (const line of added) {
    changes.push(
      `Added line ${lineName(line)} (${shown(line.quantity)} × ${shown(line.rate)}${
        line.optional ? ", optional" : ""
      })`,
    );
  }
  for (const rest of left.values()) {
    for (const line of rest) changes.push(`Removed line ${lineName(line)}`);
  }
  return changes;
}

/** The changes of a revision from the one sent before it, as the revision's text; "" for the first. */
export function revisionChangesText(
  previousContent: string | null | undefined,
  content: string,
): string {
  if (!previousContent) return "";
  const changes = revisionChanges(JSON.parse(previousContent), JSON.parse(content));
  return changes.length === 0 ? "Nothing changed" : changes.join("\n");
}
