/**
 * The state of a record list the user changes (view, filters, sort, search,
 * columns) and what follows from it: the list request, the sort shown, and how
 * a header click (with Shift for a further column) changes the sort.
 */
import type { ListRequest } from "../../schemas/records/api.ts";
import type { Filter, RecordTypeMeta, Sort } from "../../schemas/records/meta.ts";
import type { View } from "./record-api.ts";

/** What the user chose. */
export interface ListChoices {
  viewId: string;
  filters: Filter[];
  /** Empty: the view's or the type's sort applies. */
  sort: Sort[];
  search: string;
  columns: string[];
}

/** The columns a view shows, else the type's list columns. */
export function columnsOf(meta: RecordTypeMeta, view: View | undefined): string[] {
  return view?.columns ?? meta.list.columns;
}

/** The sort in effect: the user's, else the view's, else the type's. */
export function sortInEffect(choices: ListChoices, meta: RecordTypeMeta, view?: View): Sort[] {
  if (choices.sort.length > 0) return choices.sort;
  return view?.sort ?? meta.list.sort;
}

/** The sort after clicking a column's header; with Shift the column is added or turned. */
export function nextSort(current: Sort[], field: string, extend: boolean): Sort[] {
  const existing = current.find((s) => s.field === field);
  const turned: Sort = { field, dir: existing?.dir === "asc" ? "desc" : "asc" };
  if (!extend) return [turned];
  if (existing) return current.map((s) => (s.field === field ? turned : s));
  return [...current, turned].slice(0, 5);
}

/** The request of the list's first page. */
export function listRequestOf(
  choices: ListChoices,
  fixed: Filter[],
  pageSize: number,
): ListRequest {
  const request: ListRequest = { limit: pageSize, fields: choices.columns };
  const filters = [...fixed, ...choices.filters];
  if (filters.length > 0) request.filters = filters;
  if (choices.viewId !== "") request.view = choices.viewId;
  if (choices.sort.length > 0) request.sort = choices.sort;
  if (choices.search.trim() !== "") request.search = choices.search.trim();
  return request;
}

/** The words of a list's total: "1,234 records" or "More than 10,000 records". */
export function totalText(total: { count: number; exact: boolean }): string {
  const count = total.count.toLocaleString("en-US");
  if (!total.exact) return `More than ${count} records`;
  return `${count} ${total.count === 1 ? "record" : "records"}`;
}
