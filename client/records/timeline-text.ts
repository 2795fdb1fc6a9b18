/**
 * What a record's timeline says, as text: who did what (an action by its label),
 * and each change as "Field: from → to" with values read the way the record's
 * form reads them. The timeline widget draws these words; the contract test that
 * walks every timeline of the demo data reads the same words, so what it checks
 * is what people see.
 */
import type { RecordTypeMeta } from "../../schemas/records/meta.ts";
import { MISSING_TEXT } from "../renderer/bindings.ts";
import { humanise } from "../renderer/formatters.ts";
import type { HistoryAnswer } from "./record-api.ts";
import { displayOf, type ExternalOptions } from "./field-display.tsx";
import { historyFieldsOf } from "./standard-fields.ts";

/** One timeline entry as the record history answers it. */
export type TimelineEntry = HistoryAnswer["entries"][number];
type Change = NonNullable<TimelineEntry["changes"]>[number];

/** What a timeline needs to word its entries: the type's metadata and its external options. */
export interface TimelineVocabulary {
  meta?: RecordTypeMeta;
  options?: ExternalOptions;
  /** Field labels the descriptor gives, by field id. */
  labels?: Readonly<Record<string, string>>;
}

/** A change as read: the field's label, and its old and new values as text. */
export interface ChangeText {
  field: string;
  label: string;
  from: string;
  to: string;
}

/** The label of the action an entry records: the type's own word for it when it declares it. */
export function actionText(action: string, words: TimelineVocabulary): string {
  return words.meta?.actions.find((a) => a.id === action)?.label ?? words.labels?.[action] ??
    humanise(action);
}

/**
 * A change of an entry as people read it: a declared field's options, a workflow
 * state and a document status by their labels, a link by its record's title.
 */
export function changeText(change: Change, words: TimelineVocabulary): ChangeText {
  return {
    field: change.field,
    label: words.labels?.[change.field] ?? change.label,
    from: valueOf(change.field, change.from, change.from_title, words),
    to: valueOf(change.field, change.to, change.to_title, words),
  };
}

/** A changed value as people read it: options by label, links by their record's title. */
function valueOf(
  field: string,
  value: unknown,
  title: string | null | undefined,
  words: TimelineVocabulary,
): string {
  const meta = words.meta ? historyFieldsOf(words.meta).find((f) => f.id === field) : undefined;
  if (meta === undefined || value === null || value === undefined || value === "") {
    // A value the server words itself (a document status: Draft, Submitted).
    return title ?? plainText(value);
  }
  const row = title ? { [`${field}__title`]: title } : {};
  return displayOf(meta, value, row, words.options).text;
}

function plainText(value: unknown): string {
  if (value === null || value === undefined || value === "") return MISSING_TEXT;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) return `${value.length} rows`;
  if (typeof value === "object") return MISSING_TEXT;
  return String(value);
}
