/**
 * The one convention for telling the result of a record write, for every record
 * type: the type, the record by its title, and what was done, in the server's
 * words for the action ("Invoice INV-2026-00012 submitted", "Lead Dana Whitfield
 * converted — client Fabrikam created"); counts for many records ("12 updated,
 * 1 failed: …", "1,000 leads imported"). Each notice is a toast's text, tone and
 * link.
 */
import type { Tone } from "../../schemas/descriptor/mod.ts";
import type { RecordTypeMeta } from "../../schemas/records/meta.ts";
import { nounOf } from "../../schemas/records/wording.ts";
import type { ToastOptions } from "../shell/toasts.tsx";
import type { BulkAnswer, ImportAnswer } from "./record-api.ts";

/** A toast's text, tone and extras. */
export interface Notice {
  text: string;
  tone: Tone;
  options?: ToastOptions;
}

/** A record an action made, as the action's answer names it. */
export interface MadeRecord {
  label: string;
  title: string;
  path?: string;
}

type Values = Readonly<Record<string, unknown>>;

/** What a record is called: its title (a link's by its record's title), else its number. */
export function recordTitle(meta: RecordTypeMeta, record: Values): string {
  const linked = record[`${meta.title_field}__title`];
  const title = typeof linked === "string" && linked !== "" ? linked : record[meta.title_field];
  if (typeof title === "string" && title !== "") return title;
  if (typeof title === "number") return String(title);
  return String(record.name ?? record.id ?? "");
}

/** "Task Write the brief saved": the type, the record and what was done to it. */
export function recordNotice(meta: RecordTypeMeta, record: Values, done: string): Notice {
  return { text: `${meta.label} ${recordTitle(meta, record)} ${done}`, tone: "success" };
}

/** An action's result, naming the records it made and linking to the first one. */
export function actionNotice(
  meta: RecordTypeMeta,
  record: Values,
  action: { label: string; done?: string },
  made: readonly MadeRecord[] = [],
): Notice {
  const done = action.done ?? `${action.label.toLowerCase()} done`;
  const text = [
    `${meta.label} ${recordTitle(meta, record)} ${done}`,
    ...made.map((m) => `${nounOf(m.label)} ${m.title} created`),
  ].join(" — ");
  const linked = made.find((m) => m.path !== undefined);
  return {
    text,
    tone: "success",
    ...(linked ? { options: { link: { label: `Open ${linked.title}`, to: linked.path! } } } : {}),
  };
}

/**
 * A bulk result: how many were `done`, and how many failed, with the first
 * failure's reason, after its record's name when `names` are given ("12
 * updated, 1 failed: Task Apollo: …").
 */
export function bulkNotice(
  answer: BulkAnswer,
  words: { done: string; failed?: string; names?: Readonly<Record<string, string>> },
): Notice {
  const text = `${count(answer.succeeded)} ${words.done}`;
  if (answer.failed === 0) return { text, tone: "success" };
  const first = answer.results.find((r) => !r.ok);
  const reason = first?.error?.message ?? "Failed";
  const why = first === undefined
    ? ""
    : words.names
    ? `: ${words.names[first.id] ?? first.id}: ${reason}`
    : `: ${reason}`;
  const more = answer.failed > 1 ? ` (and ${count(answer.failed - 1)} more)` : "";
  return {
    text: `${text}, ${count(answer.failed)} ${words.failed ?? "failed"}${why}${more}`,
    tone: answer.succeeded === 0 ? "danger" : "warning",
  };
}

/** An import's result: "1,000 leads imported", with the records it updated. */
export function importNotice(meta: RecordTypeMeta, answer: ImportAnswer): Notice {
  const parts = [];
  if (answer.created > 0 || answer.updated === 0) {
    parts.push(`${count(answer.created)} ${recordsWord(meta, answer.created)} imported`);
  }
  if (answer.updated > 0) {
    parts.push(`${count(answer.updated)} ${recordsWord(meta, answer.updated)} updated`);
  }
  return { text: parts.join(", "), tone: "success" };
}

function recordsWord(meta: RecordTypeMeta, n: number): string {
  return nounOf(n === 1 ? meta.label : meta.plural);
}

function count(n: number): string {
  return n.toLocaleString("en-US");
}
