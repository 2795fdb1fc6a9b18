/**
 * A saved view's layout, checked against what the caller's list offers: a board by
 * one of its board's fields, a calendar by one of its dates, groups by one or two
 * of its group fields, a timeline by its start and end dates. Anything else is a 400
 * naming the field.
 */
import type { RecordTypeMeta } from "../../schemas/records/meta.ts";
import { invalidInput } from "../platform/errors/app-error.ts";
import { boardSetup } from "./board-fields.ts";
import { calendarSetup } from "./calendar-fields.ts";
import { groupSetup } from "./group-fields.ts";
import { timelineSetup } from "./timeline-fields.ts";

/** The layouts a saved view may keep. */
export const VIEW_LAYOUTS = ["list", "board", "calendar", "groups", "timeline"] as const;

/** What of a view says how it is laid out. */
export interface ViewLayout {
  board_field?: string;
  calendar_field?: string;
  group_fields?: string[];
  timeline_start?: string;
  timeline_end?: string;
}

/** Refuses a layout field the caller's list (`seen`) does not offer. */
export function checkViewLayout(seen: RecordTypeMeta, body: ViewLayout): void {
  if (body.board_field !== undefined) {
    if (!boardSetup(seen)?.fields.some((f) => f.id === body.board_field)) {
      throw invalidInput(`"${body.board_field}" is not a field this list has a board by`, {
        board_field: `Not a field this list has a board by`,
      });
    }
  }
  if (body.calendar_field !== undefined) {
    if (!calendarSetup(seen)?.fields.some((f) => f.id === body.calendar_field)) {
      throw invalidInput(`"${body.calendar_field}" is not a date this list has a calendar by`, {
        calendar_field: `Not a date this list has a calendar by`,
      });
    }
  }
  const timeline = timelineSetup(seen);
  for (
    const [key, field] of [["timeline_start", timeline?.start], [
      "timeline_end",
      timeline?.end,
    ]] as const
  ) {
    const asked = body[key];
    if (asked !== undefined && asked !== field?.id) {
      const why = `Not a date this list has a timeline ${
        key === "timeline_start" ? "start" : "end"
      } by`;
      throw invalidInput(`${why}: "${asked}"`, { [key]: why });
    }
  }
  const offered = groupSetup(seen)?.fields ?? [];
  for (const id of body.group_fields ?? []) {
    if (!offered.some((f) => f.id === id)) {
      const why = "Not a field this list has groups by";
      throw invalidInput(`${why}: "${id}"`, { group_fields: why });
    }
  }
}
