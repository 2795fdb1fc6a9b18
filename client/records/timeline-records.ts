/**
 * The records a timeline shows: those whose span overlaps its window (started by
 * its last day and ending on or after its first), read through the list call with
 * the list's filters and search, every page of it up to a bound (past it the
 * timeline says how many it leaves out); and where the type declares dependencies,
 * the predecessors of those same records through the query call, one row per
 * dependency. The keys are a list's, so whatever reloads the type's lists reloads
 * them.
 */
import { useQuery } from "@tanstack/react-query";
import type { ListRequest } from "../../schemas/records/api.ts";
import type { Filter } from "../../schemas/records/meta.ts";
import type { TimelineDependencies } from "../../schemas/descriptor/record-widgets.ts";
import { listRecords, queryRecords } from "./record-api.ts";
import { recordKeys } from "./record-keys.ts";

type Row = Record<string, unknown>;

/** Records one page reads, pages one window reads at most, and dependencies read at most. */
const PAGE_SIZE = 500;
const PAGES_MAX = 10;
const LINKS_MAX = 5000;

/** What the timeline asks for: its dates, its window and the list's choices. */
export interface TimelineWindow {
  start: string;
  end: string;
  first: string;
  last: string;
  filters: readonly Filter[];
  search?: string;
  fetched: readonly string[];
}

/** The list's filters and those keeping the records whose span overlaps the window. */
export function overlapFilters(window: TimelineWindow): Filter[] {
  return [
    ...window.filters,
    { field: window.start, op: "lte", value: window.last },
    { field: window.end, op: "gte", value: window.first },
  ];
}

/** The request of a window's first page. */
export function windowRequest(window: TimelineWindow): ListRequest {
  return {
    filters: overlapFilters(window),
    sort: [{ field: window.start, dir: "asc" }],
    fields: [...window.fetched],
    limit: PAGE_SIZE,
    ...(window.search ? { search: window.search } : {}),
  };
}

/** The window's records, and how many more it holds than were read. */
export function useTimelineRecords(api: string, window: TimelineWindow) {
  const request = windowRequest(window);
  return useQuery({
    queryKey: recordKeys.list(api, { timeline: request }),
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

/** One dependency: `before` must be done before `after` starts. */
export interface TimelineLink {
  before: string;
  after: string;
}

/** The dependencies of the window's records, where the type declares them. */
export function useTimelineLinks(
  api: string,
  window: TimelineWindow,
  dependencies: TimelineDependencies | undefined,
) {
  const column = dependencies ? `${dependencies.field}.${dependencies.link}` : "";
  const request = {
    columns: [column],
    filters: overlapFilters(window),
    limit: LINKS_MAX,
    ...(window.search ? { search: window.search } : {}),
  };
  return useQuery({
    queryKey: recordKeys.list(api, { timelineLinks: request }),
    enabled: dependencies !== undefined,
    queryFn: async (): Promise<TimelineLink[]> => {
      const { rows } = await queryRecords(api, request);
      return rows.flatMap((row) => {
        const before = row[column];
        return typeof before === "string" ? [{ before, after: String(row.id) }] : [];
      });
    },
  });
}
