/**
 * The records a calendar shows: those of its range, read through the list call
 * with the list's filters and search and the field between the range's first and
 * last day, every page of it up to a bound; past the bound the calendar says how
 * many it does not show rather than dropping them silently. The key is a list's,
 * so whatever reloads the type's lists (a change, a live event) reloads it.
 */
import { useQuery } from "@tanstack/react-query";
import type { ListRequest } from "../../schemas/records/api.ts";
import type { Filter } from "../../schemas/records/meta.ts";
import { listRecords } from "./record-api.ts";
import { recordKeys } from "./record-keys.ts";

type Row = Record<string, unknown>;

/** Records one page reads, and pages one range reads at most. */
const PAGE_SIZE = 500;
const PAGES_MAX = 10;

/** What the calendar asks for: its field (a date or a datetime), range and the list's choices. */
export interface CalendarRange {
  field: string;
  type: "date" | "datetime";
  first: string;
  last: string;
  filters: readonly Filter[];
  search?: string;
  fetched: readonly string[];
}

/** The request of a range's first page. */
export function rangeRequest(range: CalendarRange): ListRequest {
  const bounds = range.type === "date"
    ? [range.first, range.last]
    : [`${range.first}T00:00:00.000Z`, `${range.last}T23:59:59.999Z`];
  return {
    filters: [...range.filters, { field: range.field, op: "between", value: bounds }],
    sort: [{ field: range.field, dir: "asc" }],
    fields: [...range.fetched],
    limit: PAGE_SIZE,
    ...(range.search ? { search: range.search } : {}),
  };
}

/** The range's records, and how many more it holds than were read. */
export function useCalendarRecords(api: string, range: CalendarRange) {
  const request = rangeRequest(range);
  return useQuery({
    queryKey: recordKeys.list(api, { calendar: request }),
    queryFn: async () => {
      const items: Row[] = [];
      let cursor: string | undefined;
      let total = 0;
      for (let page = 0; page < PAGES_MAX; page++) {
        const answer = await listRecords(api, cursor ? { ...request, cursor } : request);
        items.push(...answer.items);
        total = answer.total.count;
        cursor = answer.next_cursor ?? undefined;
        if (!cursor) return { items, unread: 0 };
      }
      return { items, unread: Math.max(total - items.length, 1) };
    },
  });
}
