/**
 * A record type's list screen, generated from its declaration: one `record-list`
 * widget carrying the type's metadata as the caller may see it. The widget pages,
 * sorts, filters, searches and runs bulk work against the engine's API itself.
 */
import type { Node, NodeOf, ScreenDescriptor, Source } from "../../../schemas/descriptor/mod.ts";
import type { RecordTypeMeta } from "../../../schemas/records/meta.ts";
import type { MembershipAccess } from "../../platform/access/access.ts";
import type { RecordType } from "../../records/define.ts";
import { recordTypeMeta } from "../../records/type-meta.ts";
import { boardSetup } from "../../records/board-fields.ts";
import { calendarSetup } from "../../records/calendar-fields.ts";
import { timelineSetup } from "../../records/timeline-fields.ts";
import { groupSetup } from "../../records/group-fields.ts";
import { head } from "./screen-def.ts";

/** The base path of a record type's API. */
export function recordApi(type: RecordType): string {
  return `/api/records/${type.id}`;
}

/** A value every record of a list has, and every new record of it starts with. */
export interface ListPreset {
  field: string;
  value: string;
}

/** What varies between the list screens of one type. */
export interface ListScreenOptions {
  /** Screen id (the module's screen). */
  id: string;
  /** Page title (default: the type's plural). */
  title?: string;
  description?: string;
  /** The declared view selected first. */
  view?: string;
  /** Confines the list to records with this value (a type master's kind). */
  preset?: ListPreset;
  /** Where this list's records open, when not the type's own form route. */
  formRoute?: string;
  /** Nodes and sources of the screen besides the list (before and after it). */
  extras?: ListScreenExtras;
}

/** Parts a module keeps around its record list (statistics, related tools). */
export interface ListScreenExtras {
  sources?: Record<string, Source>;
  before?: Node[];
  after?: Node[];
}

/** The `record-list` widget of a type for a caller. */
export function recordListNode(
  type: RecordType,
  meta: RecordTypeMeta,
  options: Pick<ListScreenOptions, "view" | "preset"> & { compact?: boolean; parent?: string } = {},
): NodeOf<"record-list"> {
  const fixedFilters = [
    ...(options.preset
      ? [{ field: options.preset.field, op: "eq" as const, value: options.preset.value }]
      : []),
    ...(options.parent
      ? [{ field: options.parent, op: "eq" as const, value: { $param: "id" } }]
      : []),
  ];
  // A related list on a form stays a list; a module's list may also be a board, a calendar, groups or a timeline.
  const board = options.compact ? undefined : boardSetup(meta);
  const calendar = options.compact ? undefined : calendarSetup(meta);
  const groups = options.compact ? undefined : groupSetup(meta);
  const timeline = options.compact ? undefined : timelineSetup(meta);
  return {
    type: "record-list",
    api: recordApi(type),
    meta,
    ...(options.view ? { view: options.view } : {}),
    ...(fixedFilters.length > 0 ? { fixedFilters } : {}),
    ...(options.compact ? { compact: true } : {}),
    ...(board ? { board } : {}),
    ...(calendar ? { calendar } : {}),
    ...(groups ? { groups } : {}),
    ...(timeline ? { timeline } : {}),
    emptyText: `No ${meta.plural.toLowerCase()} yet`,
  };
}

/**
 * The sources around a list (its figure cards) follow the list's record type
 * unless they name what they follow: whatever changes the list changes them, so
 * they reload on the same live events as the list.
 */
function followingTheList(
  sources: Record<string, Source>,
  type: RecordType,
): Record<string, Source> {
  return Object.fromEntries(
    Object.entries(sources).map(([name, source]) => [
      name,
      source.follows ? source : { ...source, follows: [type.id] },
    ]),
  );
}

/** The list screen of `type` for the caller. */
export function recordListScreen(
  type: RecordType,
  access: MembershipAccess,
  options: ListScreenOptions,
): ScreenDescriptor {
  const meta = recordTypeMeta(type, access);
  if (options.formRoute) meta.form_route = options.formRoute;
  const title = options.title ?? meta.plural;
  const extras = options.extras ?? {};
  return {
    ...head(options.id, title, "dynamic"),
    ...(extras.sources ? { sources: followingTheList(extras.sources, type) } : {}),
    body: {
      type: "page",
      title,
      ...(options.description ? { description: options.description } : {}),
      children: [
        ...(extras.before ?? []),
        recordListNode(type, meta, options),
        ...(extras.after ?? []),
      ],
    },
  };
}
