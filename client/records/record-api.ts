/**
 * The calls of the record engine's API (`/api/records/{type}/…`) the record
 * widgets make, typed with the shared payload schemas. `api` is a type's base
 * path as the descriptor gives it.
 */
import type { z } from "zod";
import type {
  BulkResponse,
  HistoryResponse,
  ImportColumnsResponse,
  ImportResponse,
  ListRequest,
  ListResponse,
  MadeRecord,
  MadeRecordResponse,
  MetaResponse,
  RecordAction,
  RecordMake,
  RecordValues,
  SearchResponse,
} from "../../schemas/records/api.ts";
import type { Filter, Sort, ViewMeta } from "../../schemas/records/meta.ts";
import type { QueryRequest, QueryResponse } from "../../schemas/records/query.ts";
import { apiFile, apiRequest } from "../api/api-client.ts";

export type ListAnswer = z.infer<typeof ListResponse>;
export type RecordAnswer = {
  record: RecordValues;
  actions: z.infer<typeof RecordAction>[];
  /** Fields the caller may not change now; a child table's column as `<table>.<column>`. */
  read_only_fields: string[];
  /** New records of other types the caller may start from this one (absent from older answers). */
  makes?: z.infer<typeof RecordMake>[];
  /** Whom the record waits for in its state ("Waiting for Alice Morgan to approve"). */
  waiting_for?: string | null;
  /** Why the record's state keeps fields from changing ("Only a draft can be changed: …"). */
  read_only_reason?: string;
};
export type MadeRecord = z.infer<typeof MadeRecordResponse>;
export type HistoryAnswer = z.infer<typeof HistoryResponse>;
/** An action's answer: the record after it, and the records it made. */
export type ActionAnswer = { record: RecordValues; made: z.infer<typeof MadeRecord>[] };
export type BulkAnswer = z.infer<typeof BulkResponse>;
export type ImportAnswer = z.infer<typeof ImportResponse>;
export type ImportColumnsAnswer = z.infer<typeof ImportColumnsResponse>;
export type SearchAnswer = z.infer<typeof SearchResponse>;
export type MetaAnswer = z.infer<typeof MetaResponse>;
export type View = z.infer<typeof ViewMeta>;

/** One page of a list. */
export function listRecords(api: string, request: ListRequest): Promise<ListAnswer> {
  return apiRequest<ListAnswer>(`${api}/list`, { method: "POST", body: request });
}

/** A query of the type's records: grouped counts and sums, or columns (a board's columns). */
export function queryRecords(api: string, request: QueryRequest): Promise<QueryResponse> {
  return apiRequest<QueryResponse>(`${api}/query`, { method: "POST", body: request });
}

/** A record with the actions the caller may take now. */
export function getRecord(api: string, id: string): Promise<RecordAnswer> {
  return apiRequest<RecordAnswer>(`${api}/${encodeURIComponent(id)}`);
}

/** The values a new record started from this one by `make` begins with (nothing is stored). */
export function makeRecord(api: string, id: string, make: string): Promise<MadeRecord> {
  return apiRequest<MadeRecord>(
    `${api}/${encodeURIComponent(id)}/make/${encodeURIComponent(make)}`,
  );
}

/** Creates a record. */
export function createRecord(api: string, values: RecordValues): Promise<{ record: RecordValues }> {
  return apiRequest(api, { method: "POST", body: { values } });
}

/** Changes some fields of a record at the version the caller has. */
export function updateRecord(
  api: string,
  id: string,
  version: number,
  values: RecordValues,
): Promise<{ record: RecordValues }> {
  return apiRequest(`${api}/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: { version, values },
  });
}

/** Deletes a record at the version the caller has. */
export function deleteRecord(api: string, id: string, version: number): Promise<void> {
  return apiRequest(`${api}/${encodeURIComponent(id)}?version=${version}`, { method: "DELETE" });
}

/** Takes a workflow action. */
export function runRecordAction(
  api: string,
  id: string,
  action: string,
  body: { version: number; comment?: string; signature_name?: string },
): Promise<ActionAnswer> {
  return apiRequest(`${api}/${encodeURIComponent(id)}/actions/${encodeURIComponent(action)}`, {
    method: "POST",
    body,
  });
}

/** A record's timeline. */
export function recordHistory(api: string, id: string): Promise<HistoryAnswer> {
  return apiRequest<HistoryAnswer>(`${api}/${encodeURIComponent(id)}/history`);
}

/** Adds a comment to a record's timeline. */
export function addComment(api: string, id: string, body: string): Promise<unknown> {
  return apiRequest(`${api}/${encodeURIComponent(id)}/comments`, {
    method: "POST",
    body: { body },
  });
}

/** Undoes the caller's bulk edit `edit` (while the server keeps it). */
export function undoBulkEdit(api: string, edit: string): Promise<BulkAnswer> {
  return apiRequest<BulkAnswer>(`${api}/bulk/undo`, { method: "POST", body: { edit } });
}

/** Changes one set of values, or takes one action, on many records. */
export function bulkChange(
  api: string,
  body: { ids: string[]; values: RecordValues } | {
    ids: string[];
    action: string;
    comment?: string;
  },
): Promise<BulkAnswer> {
  return apiRequest<BulkAnswer>(`${api}/bulk`, { method: "POST", body });
}

/** Sends a CSV file to import (a dry run only checks it). */
export function importCsv(api: string, file: File, dryRun: boolean): Promise<ImportAnswer> {
  const form = new FormData();
  form.append("file", file);
  form.append("dry_run", dryRun ? "true" : "false");
  return apiRequest<ImportAnswer>(`${api}/import`, { method: "POST", body: form });
}

/** What an import of the type takes: its columns, as the import dialog lists them. */
export function importColumns(api: string): Promise<ImportColumnsAnswer> {
  return apiRequest<ImportColumnsAnswer>(`${api}/import/columns`);
}

/** A template CSV for an import: the columns' headings and one example row. */
export function importTemplate(api: string): Promise<Blob> {
  return apiFile(`${api}/import/template`);
}

/** The CSV of the list as filtered now. */
export function exportCsv(
  api: string,
  filters: Filter[],
  list: { search?: string; sort?: readonly Sort[] } = {},
): Promise<Blob> {
  const query = new URLSearchParams({ format: "csv" });
  if (filters.length > 0) query.set("filters", JSON.stringify(filters));
  if (list.search) query.set("search", list.search);
  if (list.sort && list.sort.length > 0) query.set("sort", JSON.stringify(list.sort));
  return apiFile(`${api}/export?${query}`);
}

/**
 * Link type-ahead: records of `target` (a record type id, or `user`) matching `q`
 * and meeting `filters` (a link field's conditions, filled in).
 */
export function searchRecords(
  target: string,
  q: string,
  filters: readonly Filter[] = [],
): Promise<SearchAnswer> {
  const query = new URLSearchParams({ q });
  if (filters.length > 0) query.set("filters", JSON.stringify(filters));
  return apiRequest<SearchAnswer>(`/api/records/${encodeURIComponent(target)}/search?${query}`);
}

/** A type's metadata with the options of its type-master select fields. */
export function recordMeta(api: string): Promise<MetaAnswer> {
  return apiRequest<MetaAnswer>(`${api}/meta`);
}

/** Who besides its owner sees a saved view. */
export interface ViewShare {
  sharing: "private" | "roles" | "organization";
  shared_roles: string[];
}

/** The type's declared list views, those the caller saved and those shared with them. */
export interface ViewsAnswer {
  views: View[];
  /** The roles a view may be shared with. */
  roles?: { value: string; label: string }[];
  /** Who a view may be shared with: the choices, as people read them. */
  sharing?: { value: string; label: string }[];
}

/** The type's declared list views, those the caller saved and those shared with them. */
export function listViews(api: string): Promise<ViewsAnswer> {
  return apiRequest<ViewsAnswer>(`${api}/views`);
}

/** Saves the list's current filters, sort and columns as the caller's named view. */
export function saveView(
  api: string,
  view: {
    label: string;
    filters: Filter[];
    sort: Sort[];
    columns: string[];
    layout?: "list" | "board" | "calendar" | "groups" | "timeline";
    board_field?: string;
    calendar_field?: string;
    group_fields?: string[];
    timeline_start?: string;
    timeline_end?: string;
  } & Partial<ViewShare>,
): Promise<{ view: View }> {
  return apiRequest(`${api}/views`, { method: "POST", body: view });
}

/** Shares one of the caller's saved views differently. */
export function shareView(api: string, id: string, share: ViewShare): Promise<void> {
  return apiRequest(`${api}/views/${encodeURIComponent(id)}`, { method: "PATCH", body: share });
}

/** Deletes one of the caller's saved views. */
export function deleteView(api: string, id: string): Promise<void> {
  return apiRequest(`${api}/views/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** What an upload answers: the stored file, whose id an attach field holds. */
export interface UploadedFile {
  id: string;
  name: string;
  content_type: string;
  size: number;
}

/** Uploads a file for the type's attach fields. */
export async function uploadFile(api: string, file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append("file", file);
  const answer = await apiRequest<{ file: UploadedFile }>(`${api}/files`, {
    method: "POST",
    body: form,
  });
  return answer.file;
}

/** The file of a saved record's attach field (a child row's: `lines.receipt` and the row's id). */
export function downloadFile(
  api: string,
  id: string,
  field: string,
  row?: string,
): Promise<Blob> {
  const query = row === undefined ? "" : `?row=${encodeURIComponent(row)}`;
  return apiFile(`${api}/${encodeURIComponent(id)}/files/${encodeURIComponent(field)}${query}`);
}
