/**
 * Resolves the value language of descriptors: literals, bindings to sources
 * (`{$bind}`) and fields of the current item (`{$field}`), formatted for display.
 */
import type { Binding, FieldRef, NumberValue, Text } from "../../schemas/descriptor/mod.ts";
import { displayValue } from "./formatters.ts";
import type { SourceView } from "./screen-runtime.tsx";
import { valueAt } from "./value-path.ts";

/** What a binding may read. */
export interface BindingScope {
  sources: Readonly<Record<string, SourceView>>;
  item?: unknown;
}

/** Text shown for a missing value when the descriptor gives no fallback. */
export const MISSING_TEXT = "—";

/** True for a `{$bind}` object. */
export function isBinding(value: unknown): value is Binding {
  return typeof value === "object" && value !== null && "$bind" in value;
}

/** True for a `{$field}` object. */
export function isFieldRef(value: unknown): value is FieldRef {
  return typeof value === "object" && value !== null && "$field" in value;
}

/** The raw value a binding or field reference points at. */
export function readReference(ref: Binding | FieldRef, scope: BindingScope): unknown {
  if (isBinding(ref)) return valueAt(scope.sources[ref.$bind]?.value, ref.path);
  return valueAt(scope.item, ref.$field);
}

/** The display text of a Text value. */
export function resolveText(text: Text | undefined, scope: BindingScope): string {
  if (text === undefined) return "";
  if (typeof text === "string") return text;
  if ("$text" in text) return resolveTextRule(text.$text, scope);
  const formatted = displayValue(readReference(text, scope), text);
  if (formatted === undefined) return text.fallback ?? MISSING_TEXT;
  return `${text.prefix ?? ""}${formatted}${text.suffix ?? ""}`;
}

/**
 * The text a text rule picks: the case equal to the value (compared as strings),
 * else the text of the first threshold the value reaches, else `otherwise`.
 */
function resolveTextRule(
  rule: Extract<Text, { $text: unknown }>["$text"],
  scope: BindingScope,
): string {
  const raw = readReference(rule.value, scope);
  if (raw !== undefined && raw !== null && rule.cases && Object.hasOwn(rule.cases, String(raw))) {
    return rule.cases[String(raw)];
  }
  const n = toNumber(raw);
  const reached = n === undefined
    ? undefined
    : rule.thresholds?.find((t) => t.exclusive ? n > t.min : n >= t.min);
  return reached?.text ?? rule.otherwise;
}

/** A number from a number or a numeric string, else undefined. */
export function toNumber(raw: unknown): number | undefined {
  const n = typeof raw === "number"
    ? raw
    : typeof raw === "string" && raw.trim() !== ""
    ? Number(raw)
    : NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** The number of a NumberValue, or undefined when missing or not a number. */
export function resolveNumber(
  value: NumberValue | undefined,
  scope: BindingScope,
): number | undefined {
  if (value === undefined) return undefined;
  return toNumber(typeof value === "number" ? value : readReference(value, scope));
}

const NOT_OWN_PROPS = new Set([
  "children",
  "tabs",
  "fields",
  "action",
  "rowAction",
  "rowActions",
  "onSelect",
  "submit",
]);

/**
 * The sources a node's own props read (its `source` and every `{$bind}`), not those
 * of its child nodes or actions.
 */
export function sourcesReadBy(node: object): string[] {
  const names = new Set<string>();
  function visit(value: unknown): void {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === "object" && value !== null) {
      if (isBinding(value)) names.add(value.$bind);
      else Object.values(value).forEach(visit);
    }
  }
  for (const [key, value] of Object.entries(node)) {
    if (NOT_OWN_PROPS.has(key)) continue;
    if (key === "source" && typeof value === "string") names.add(value);
    else visit(value);
  }
  return [...names];
}
