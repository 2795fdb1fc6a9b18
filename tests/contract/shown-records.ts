/**
 * What the record widgets of a screen show, read with the client's own display
 * rules: a form's fields and child rows, a list's columns over its first page, and
 * a timeline's entries (who did what, each change "Field: from → to"). Each text
 * is checked against what the type declares (shown-internals.ts): no id, and no
 * stored code of an enumerated field — its options, its type master's values,
 * its workflow states, its document status — where the field has a label for it.
 */
import type { FieldMeta, RecordTypeMeta } from "../../schemas/records/meta.ts";
import type { TestApp } from "../../server/testing/test-app.ts";
import { displayOf, type ExternalOptions } from "../../client/records/field-display.tsx";
import { listFieldsOf } from "../../client/records/standard-fields.ts";
import { actionText, changeText, type TimelineEntry } from "../../client/records/timeline-text.ts";
import { shownTextProblem } from "./shown-internals.ts";

type Json = Record<string, unknown>;

/** The labels a document status has (0 draft, 1 submitted, 2 cancelled). */
const DOCUMENT_STATUS = new Map([["0", "Draft"], ["1", "Submitted"], ["2", "Cancelled"]]);
/** A label that is a field's id as stored, e.g. `estimated_value` or `seeded`. */
const FIELD_ID = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

/** How the walk reaches the API, as one caller. */
export interface RecordReader {
  t: TestApp;
  token: string;
  ids: ReadonlySet<string>;
  /** Type metadata and external options by API path, fetched once per caller. */
  metas: Map<string, { meta: RecordTypeMeta; options: ExternalOptions }>;
}

/** The problems of the record widgets under `node`, with `recordId` the route's record. */
export async function recordWidgetProblems(
  reader: RecordReader,
  node: unknown,
  where: string,
  fill: (template: unknown) => unknown,
): Promise<string[]> {
  const problems: string[] = [];
  for (const found of recordWidgets(node, where)) {
    const { widget } = found;
    const api = widget.api as string;
    const described = await metaOf(reader, api);
    if (!described) continue;
    const codes = enumeratedCodes(described.meta, described.options);
    const check = (text: string, field: string, at: string) => {
      const problem = shownTextProblem(text, reader.ids, codes.get(field));
      if (problem) problems.push(`${found.where} ${at}: ${problem}`);
    };
    if (widget.type === "record-list") {
      for (const shown of await listTexts(reader, widget, described, fill)) {
        check(shown.text, shown.field, shown.at);
      }
      continue;
    }
    const id = fill(widget.recordId);
    if (typeof id !== "string" || id === "" || id === "new") continue;
    if (widget.type === "record-form") {
      for (const shown of await formTexts(reader, api, id, described)) {
        check(shown.text, shown.field, shown.at);
      }
    } else {
      for (const shown of await timelineTexts(reader, api, id, widget, described)) {
        check(shown.text, shown.field, shown.at);
        if (shown.label !== undefined && FIELD_ID.test(shown.label)) {
          problems.push(`${found.where} ${shown.at}: the field id "${shown.label}" is its label`);
        }
      }
    }
  }
  return [...new Set(problems)];
}

interface Shown {
  text: string;
  field: string;
  at: string;
  label?: string;
}

function* recordWidgets(node: unknown, where: string): Generator<{ widget: Json; where: string }> {
  if (node === null || typeof node !== "object") return;
  const n = node as Json;
  const here = `${where} (${n.type})`;
  if (n.type === "record-form" || n.type === "record-list" || n.type === "record-timeline") {
    yield { widget: n, where: `${here} ${String(n.api).split("/").pop()}` };
  }
  for (const child of (n.children as unknown[] | undefined) ?? []) {
    yield* recordWidgets(child, here);
  }
  for (const tab of (n.tabs as Json[] | undefined) ?? []) {
    for (const child of (tab.children as unknown[] | undefined) ?? []) {
      yield* recordWidgets(child, `${here} tab ${tab.id}`);
    }
  }
}

async function metaOf(reader: RecordReader, api: string) {
  if (!reader.metas.has(api)) {
    const res = await reader.t.call("GET", `${api}/meta`, { token: reader.token });
    if (res.status !== 200) {
      await res.body?.cancel();
      return undefined;
    }
    reader.metas.set(api, await res.json());
  }
  return reader.metas.get(api);
}

/** Field id → its enumerated codes and their labels (states and document status included). */
function enumeratedCodes(
  meta: RecordTypeMeta,
  external: ExternalOptions,
): Map<string, Map<string, string>> {
  const codes = new Map<string, Map<string, string>>();
  const add = (fields: readonly FieldMeta[]) => {
    for (const field of fields) {
      const options = field.options ?? external[field.id] ?? [];
      if (options.length > 0) codes.set(field.id, new Map(options.map((o) => [o.value, o.label])));
      if (field.fields) add(field.fields);
    }
  };
  add(meta.fields);
  if (meta.states?.length) codes.set("status", new Map(meta.states.map((s) => [s.id, s.label])));
  codes.set("docstatus", DOCUMENT_STATUS);
  return codes;
}

async function listTexts(
  reader: RecordReader,
  widget: Json,
  described: { meta: RecordTypeMeta; options: ExternalOptions },
  fill: (template: unknown) => unknown,
): Promise<Shown[]> {
  const meta = (widget.meta as RecordTypeMeta | undefined) ?? described.meta;
  const view = meta.list.views.find((v) => v.id === widget.view);
  const columns = view?.columns ?? meta.list.columns;
  const filters = ((widget.fixedFilters as Json[] | undefined) ?? []).map((f) => ({
    field: f.field,
    op: f.op,
    value: fill(f.value),
  }));
  const res = await reader.t.call("POST", `${widget.api}/list`, {
    token: reader.token,
    body: {
      limit: (widget.pageSize as number | undefined) ?? 50,
      fields: columns.includes(meta.title_field) ? columns : [...columns, meta.title_field],
      ...(filters.length ? { filters } : {}),
      ...(view ? { view: view.id } : {}),
    },
  });
  if (res.status !== 200) {
    await res.body?.cancel();
    return [];
  }
  const fields = new Map(listFieldsOf(meta).map((f) => [f.id, f]));
  const shown: Shown[] = [];
  for (const row of (await res.json()).items as Json[]) {
    for (const column of columns) {
      const field = fields.get(column);
      if (!field) continue;
      const { text } = displayOf(field, row[column], row, described.options);
      shown.push({ text, field: column, at: `row ${row.id} column ${column}` });
    }
  }
  return shown;
}

async function formTexts(
  reader: RecordReader,
  api: string,
  id: string,
  described: { meta: RecordTypeMeta; options: ExternalOptions },
): Promise<Shown[]> {
  const res = await reader.t.call("GET", `${api}/${encodeURIComponent(id)}`, {
    token: reader.token,
  });
  if (res.status !== 200) {
    await res.body?.cancel();
    return [];
  }
  const record = (await res.json()).record as Json;
  const { meta, options } = described;
  const fields = new Map(listFieldsOf(meta).map((f) => [f.id, f]));
  const shown: Shown[] = [];
  const laidOut = meta.form.tabs.flatMap((tab) =>
    tab.sections.flatMap((section) => section.columns.flat())
  );
  for (const fieldId of laidOut) {
    const field = fields.get(fieldId);
    if (!field || field.hidden) continue;
    const value = record[fieldId];
    if (field.type === "table" && Array.isArray(value)) {
      value.forEach((row: Json, index) => {
        for (const child of field.fields ?? []) {
          if (child.hidden) continue;
          const { text } = displayOf(child, row[child.id], row, options);
          shown.push({
            text,
            field: child.id,
            at: `${id} ${fieldId} row ${index + 1} ${child.id}`,
          });
        }
      });
      continue;
    }
    const { text } = displayOf(field, value, record, options);
    shown.push({ text, field: fieldId, at: `${id} field ${fieldId}` });
  }
  return shown;
}

async function timelineTexts(
  reader: RecordReader,
  api: string,
  id: string,
  widget: Json,
  described: { meta: RecordTypeMeta; options: ExternalOptions },
): Promise<Shown[]> {
  const res = await reader.t.call("GET", `${api}/${encodeURIComponent(id)}/history`, {
    token: reader.token,
  });
  if (res.status !== 200) {
    await res.body?.cancel();
    return [];
  }
  const words = {
    meta: described.meta,
    options: described.options,
    labels: widget.labels as Record<string, string> | undefined,
  };
  const shown: Shown[] = [];
  for (const entry of (await res.json()).entries as TimelineEntry[]) {
    const at = `${id} timeline entry ${entry.id}`;
    shown.push({ text: entry.by.name, field: "", at: `${at} by` });
    if (entry.kind === "action" && entry.action) {
      const text = actionText(entry.action, words);
      shown.push({ text, field: "", at: `${at} action`, label: text });
    }
    for (const change of entry.changes ?? []) {
      const text = changeText(change, words);
      shown.push({ text: text.label, field: "", at: `${at} change`, label: text.label });
      shown.push({ text: text.from, field: change.field, at: `${at} ${change.field} from` });
      shown.push({ text: text.to, field: change.field, at: `${at} ${change.field} to` });
    }
  }
  return shown;
}
