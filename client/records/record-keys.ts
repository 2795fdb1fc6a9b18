/**
 * The query keys of record data, made in one place. Everything of one record
 * type's API sits under `recordKeys.all(api)`, so a change to the type can reload
 * all of it, or only its lists, its meta or one record's history.
 */
import type { Filter } from "../../schemas/records/meta.ts";

export const recordKeys = {
  /** Everything of the type behind `api`. */
  all: (api: string) => ["records", api] as const,
  /** The type's meta (fields, actions, what the caller may do). */
  meta: (api: string) => ["records", api, "meta"] as const,
  /** Its lists; with a request, that one list. */
  lists: (api: string) => ["records", api, "list"] as const,
  list: (api: string, request: unknown) => ["records", api, "list", request] as const,
  /** A board's columns (counts and sums): a list, so whatever reloads lists reloads it. */
  boardColumns: (api: string, request: unknown) =>
    ["records", api, "list", "board-columns", request] as const,
  /** The saved views of its list. */
  views: (api: string) => ["records", api, "views"] as const,
  /** One record. */
  record: (api: string, id: string | null | undefined) => ["records", api, "record", id] as const,
  /** One record's timeline. */
  history: (api: string, id: string | null | undefined) => ["records", api, "history", id] as const,
  /** The columns its import takes. */
  importColumns: (api: string) => ["records", api, "import-columns"] as const,
  /** A link picker's offers of `target` for what was typed, narrowed by its conditions. */
  search: (target: string, query: string, filters: readonly Filter[] | undefined) =>
    ["records", "search", target, query, filters] as const,
  /** The title of one record of `target`, for a link showing it. */
  title: (target: string, id: unknown) => ["records", "search", target, "title", id] as const,
};
