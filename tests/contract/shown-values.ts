/**
 * Finds the values a screen would show as stored codes: a snake_case code, a bare
 * true/false, or a known enumerated code, shown by a binding, an item field, a table
 * column, a table group heading or a chart category that does not give its labels —
 * or a labelled value whose code has no label — and the ids it would show where a
 * record's title belongs (shown-internals.ts). It walks the descriptor the way the
 * client renders it, over the data its sources really answered.
 */
import { idShownIn, type Vocabulary } from "./shown-internals.ts";

/** The answers of a screen's sources, by source name (the selected value). */
export type SourceValues = Readonly<Record<string, unknown>>;

type Labels = Readonly<Record<string, string>>;
type Json = Record<string, unknown>;

const SNAKE_CASE = /^[a-z][a-z0-9]*(_[a-z0-9]+)+$/;
/** Identifiers (`id`, `resource_id`) are not codes; they are still checked for ids. */
const IDENTIFIER = /(^|[._])id$/;
/** Keys of a node that hold other nodes or actions, not shown values. */
const NOT_SHOWN = new Set([
  "children",
  "tabs",
  "action",
  "rowAction",
  "rowActions",
  "onSelect",
  "submit",
  "fields",
  "tone",
  "visibleWhen",
  "probability",
  "value",
]);
/** Widgets whose `value` is a number drawn, not a text shown. */
const NUMERIC_VALUE = new Set(["progress-bar", "risk-bar"]);
/** Formatters that never print a code (numbers and dates). */
const TEXT_FORMATS = new Set([undefined, "text"]);

/** The problems of one screen, each a sentence naming where the code would show. */
export function shownValueProblems(
  body: unknown,
  sources: SourceValues,
  vocabulary: Vocabulary,
): string[] {
  const problems: string[] = [];
  const check = (value: unknown, labels: Labels | undefined, where: string, identifier = false) => {
    const problem = identifier
      ? idProblemOf(value, vocabulary.ids)
      : problemOf(value, labels, vocabulary);
    if (problem) problems.push(`${where}: ${problem}`);
  };
  walkNode(body, "body", { sources, check });
  return [...new Set(problems)];
}

function idProblemOf(value: unknown, ids: ReadonlySet<string>): string | undefined {
  if (typeof value !== "string") return undefined;
  const id = idShownIn(value, ids);
  return id === undefined ? undefined : `id "${id}" is shown`;
}

function problemOf(
  value: unknown,
  labels: Labels | undefined,
  vocabulary: Vocabulary,
): string | undefined {
  if (value === undefined || value === null || value === "" || typeof value === "object") {
    return undefined;
  }
  const code = String(value);
  if (!labels || !Object.hasOwn(labels, code)) {
    const id = idProblemOf(code, vocabulary.ids);
    if (id) return id;
  }
  if (labels) return Object.hasOwn(labels, code) ? undefined : `"${code}" has no label`;
  if (typeof value === "boolean" || code === "true" || code === "false") {
    return `bare ${code} is shown`;
  }
  if (typeof value !== "string") return undefined;
  if (SNAKE_CASE.test(code)) return `code "${code}" is shown`;
  if (vocabulary.codes.has(code)) {
    return `enumerated code "${code}" is shown without its label`;
  }
  return undefined;
}

interface Walk {
  sources: SourceValues;
  check(value: unknown, labels: Labels | undefined, where: string, identifier?: boolean): void;
}

function valueAt(value: unknown, path: string | undefined): unknown {
  if (path === undefined || path === "" || path === ".") return value;
  let current = value;
  for (const step of path.split(".")) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Json)[step];
  }
  return current;
}

function itemsOf(node: Json, walk: Walk): unknown[] {
  const value = valueAt(walk.sources[node.source as string], node.path as string | undefined);
  if (node.record && value && typeof value === "object" && !Array.isArray(value)) {
    return Object.entries(value).map(([key, entry]) => ({ key, value: entry }));
  }
  return Array.isArray(value) ? value : [];
}

function walkNode(node: unknown, where: string, walk: Walk): void {
  if (node === null || typeof node !== "object") return;
  const n = node as Json;
  const here = `${where} (${n.type}${n.id ? ` ${n.id}` : ""})`;
  const items = typeof n.source === "string" ? itemsOf(n, walk) : [];
  switch (n.type) {
    case "table":
      for (const column of n.columns as Json[]) {
        if (column.text !== undefined) {
          for (const item of items) {
            walkText(column.text, `${here} column ${column.key}`, walk, item);
          }
        } else if (TEXT_FORMATS.has(column.format as string | undefined)) {
          for (const item of items) {
            walk.check(
              valueAt(item, column.key as string),
              column.labels as Labels | undefined,
              `${here} column ${column.key}`,
              IDENTIFIER.test(column.key as string),
            );
          }
        }
      }
      if (typeof n.groupBy === "string") {
        for (const item of items) {
          walk.check(
            valueAt(item, n.groupBy),
            n.groupLabels as Labels | undefined,
            `${here} group ${n.groupBy}`,
          );
        }
      }
      break;
    case "form":
      for (const field of n.fields as Json[]) {
        const from = field.optionsSource as Json | undefined;
        if (!from || from.label === undefined) continue;
        for (const item of itemsOf(from, walk)) {
          walk.check(
            valueAt(item, from.label as string),
            from.labels as Labels | undefined,
            `${here} options of ${field.name}`,
          );
        }
      }
      break;
    case "timeline-chart":
      for (const item of items) walk.check(valueAt(item, n.label as string), undefined, here);
      break;
    case "grouped-bar-chart":
      for (const item of items) {
        walk.check(valueAt(item, n.x as string), undefined, `${here} category`);
        if (typeof n.groupBy === "string") {
          walk.check(valueAt(item, n.groupBy), undefined, `${here} group`);
        }
      }
      break;
    case "check-matrix":
      for (const item of items) {
        walk.check(valueAt(item, n.rowLabel as string), undefined, `${here} row`);
      }
      break;
    case "bar-chart":
    case "line-chart":
      if (!n.xFormat || n.xFormat === "text") {
        const x = n.record ? "key" : n.x as string;
        for (const item of items) {
          walk.check(valueAt(item, x), n.xLabels as Labels | undefined, `${here} category`);
        }
      }
      break;
  }
  for (const [key, value] of Object.entries(n)) {
    if (key === "value" && !NUMERIC_VALUE.has(n.type as string)) {
      walkTextIn(value, `${here}.value`, walk, items);
    }
    if (NOT_SHOWN.has(key) || key === "columns") continue;
    walkTextIn(value, `${here}.${key}`, walk, items);
  }
  for (const child of (n.children as unknown[] | undefined) ?? []) walkNode(child, here, walk);
  for (const tab of (n.tabs as Json[] | undefined) ?? []) {
    for (const child of (tab.children as unknown[]) ?? []) walkNode(child, `${here} tab`, walk);
  }
}

/** Checks every text reference inside a prop, for each item when it reads item fields. */
function walkTextIn(value: unknown, where: string, walk: Walk, items: unknown[]): void {
  if (Array.isArray(value)) {
    value.forEach((v, i) => walkTextIn(v, `${where}[${i}]`, walk, items));
    return;
  }
  if (value === null || typeof value !== "object") return;
  const v = value as Json;
  if ("$bind" in v || "$field" in v) {
    if ("$field" in v) { for (const item of items) walkText(v, where, walk, item); }
    else walkText(v, where, walk, undefined);
    return;
  }
  if ("$text" in v || "$rule" in v || "$match" in v || "type" in v) return;
  for (const [key, inner] of Object.entries(v)) {
    if (key === "tone") continue;
    walkTextIn(inner, `${where}.${key}`, walk, items);
  }
}

function walkText(text: unknown, where: string, walk: Walk, item: unknown): void {
  if (text === null || typeof text !== "object") return;
  const ref = text as Json;
  if (!TEXT_FORMATS.has(ref.format as string | undefined)) return;
  const path = (ref.$field ?? ref.path) as string | undefined;
  const value = "$bind" in ref
    ? valueAt(walk.sources[ref.$bind as string], ref.path as string | undefined)
    : "$field" in ref
    ? valueAt(item, ref.$field as string)
    : undefined;
  walk.check(value, ref.labels as Labels | undefined, where, path ? IDENTIFIER.test(path) : false);
}
