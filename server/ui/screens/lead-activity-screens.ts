/**
 * The screens of lead activities beyond their generated list and form: the
 * activity logger, a keyboard-first entry form (Enter, or Ctrl+Enter from the
 * notes, saves; the form is then empty for the next entry and the caller's latest
 * entries show under it), and the dashboard's card of the caller's next steps
 * past their date and not done. Both read activities through the engine's list
 * call, so they show only what the caller may read.
 */
import type { Node, Source } from "../../../schemas/descriptor/mod.ts";
import { screen, type ScreenDef } from "./screen-def.ts";
import {
  ACTIVITY_OUTCOMES,
  ACTIVITY_TYPES,
  LEAD_ACTIVITY,
} from "../../areas/sales/types/lead-activity.ts";

const LIST_PATH = `/api/records/${LEAD_ACTIVITY.id}/list`;
/** Where one activity's form opens. */
const FORM_PATH = `/app/${LEAD_ACTIVITY.module}/{id}`;
/** How many of the caller's latest entries the logger shows. */
const LOGGED_SHOWN = 5;
/** How many overdue next steps the dashboard lists. */
const OVERDUE_SHOWN = 8;

const TYPE_LABELS = Object.fromEntries(ACTIVITY_TYPES.map((o) => [o.value, o.label]));
const TYPE_TONES = Object.fromEntries(ACTIVITY_TYPES.map((o) => [o.value, o.tone]));
const OUTCOME_LABELS = Object.fromEntries(ACTIVITY_OUTCOMES.map((o) => [o.value, o.label]));

const typeColumn = {
  key: "activity_type",
  label: "Type",
  labels: TYPE_LABELS,
  tone: { $match: { value: { $field: "activity_type" }, cases: TYPE_TONES, otherwise: "neutral" } },
} as const;

/** The caller's latest entries, newest first. */
const LOGGED_JUST_NOW: Source = {
  method: "POST",
  path: LIST_PATH,
  body: {
    filters: [{ field: "created_by", op: "eq", value: "@me" }],
    sort: [{ field: "created_at", dir: "desc" }],
    limit: LOGGED_SHOWN,
  },
  follows: [LEAD_ACTIVITY.id],
  label: "Logged just now",
  errorText: "Could not load your latest activities",
};

function loggerForm(today: string): Node {
  return {
    type: "form",
    id: "activity-logger",
    fields: [
      {
        name: "lead",
        label: "Lead",
        kind: "search",
        placeholder: "Type a lead's name or company",
        search: { path: "/api/records/lead/search" },
        help: "A lead or a client is required.",
      },
      {
        name: "client",
        label: "Client",
        kind: "search",
        placeholder: "Or type a client's name",
        search: { path: "/api/records/client/search" },
      },
      {
        name: "activity_type",
        label: "Type *",
        kind: "select",
        required: true,
        options: ACTIVITY_TYPES.map(({ value, label }) => ({ value, label })),
        initial: "call",
        messages: { required: "Pick the type of activity" },
      },
      {
        name: "subject",
        label: "Subject *",
        kind: "text",
        required: true,
        maxLength: 140,
        placeholder: "Discovery call",
        messages: { required: "Say in a few words what it was" },
      },
      {
        name: "date",
        label: "Date *",
        kind: "date",
        required: true,
        initial: today,
        messages: { required: "Give the date of the activity" },
      },
      {
        name: "duration_minutes",
        label: "Duration (minutes)",
        kind: "number",
        min: 0,
        max: 1440,
        messages: { min: "A duration cannot be negative", max: "At most 1,440 minutes (a day)" },
      },
      {
        name: "outcome",
        label: "Outcome",
        kind: "select",
        placeholder: "No outcome",
        options: ACTIVITY_OUTCOMES.map(({ value, label }) => ({ value, label })),
      },
      { name: "notes", label: "Notes", kind: "textarea", help: "Ctrl+Enter saves from here." },
      { name: "next_step", label: "Next step", kind: "text", maxLength: 140 },
      { name: "next_step_date", label: "Next step date", kind: "date" },
    ],
    submit: {
      label: "Log activity",
      method: "POST",
      path: `/api/records/${LEAD_ACTIVITY.id}`,
      bodyKey: "values",
      resetOnSuccess: true,
      successText: "Activity logged",
      invalidate: ["loggedJustNow"],
    },
  };
}

const loggedTable: Node = {
  type: "table",
  source: "loggedJustNow",
  path: "items",
  columns: [
    typeColumn,
    { key: "subject", label: "Subject" },
    { key: "lead__title", label: "Lead", fallback: "—" },
    { key: "client__title", label: "Client", fallback: "—" },
    { key: "date", label: "Date", format: "date" },
    { key: "outcome", label: "Outcome", labels: OUTCOME_LABELS, fallback: "—" },
  ],
  rowAction: { kind: "navigate", to: FORM_PATH },
  pageSize: LOGGED_SHOWN,
  emptyText: "Nothing logged yet: what you log shows here",
  phone: { first: ["subject", "activity_type"] },
};

const activityLogger: ScreenDef = {
  id: "activity-logger",
  audience: "staff",
  module: "activity-logger",
  perDay: true,
  build: ({ now }) =>
    screen(
      "activity-logger",
      "Activity Logger",
      "dynamic",
      { loggedJustNow: LOGGED_JUST_NOW },
      [
        { type: "card", title: "Log an activity", children: [loggerForm(isoDay(now))] },
        { type: "card", title: "Logged just now", children: [loggedTable] },
      ],
      "Log a call, meeting, email, note or task without leaving the keyboard: Enter saves, and the form is ready for the next one.",
    ),
};

/** The activity logger. */
export const ACTIVITY_LOGGER_SCREEN: ScreenDef = activityLogger;

/** The dashboard's card of the caller's own next steps past their date and not done, oldest first. */
export function overdueNextSteps(): { sources: Record<string, Source>; node: Node } {
  return {
    sources: {
      overdueNextSteps: {
        method: "POST",
        path: LIST_PATH,
        body: {
          filters: [
            { field: "owner", op: "eq", value: "@me" },
            { field: "next_step_date", op: "lt", value: "@today" },
            { field: "next_step_done", op: "eq", value: false },
          ],
          sort: [{ field: "next_step_date", dir: "asc" }],
          limit: OVERDUE_SHOWN,
        },
        follows: [LEAD_ACTIVITY.id],
        label: "Overdue next steps",
        errorText: "Could not load your overdue next steps",
      },
    },
    node: {
      type: "card",
      title: "Overdue next steps",
      children: [{
        type: "table",
        source: "overdueNextSteps",
        path: "items",
        columns: [
          { key: "next_step", label: "Next step", fallback: "—" },
          { key: "next_step_date", label: "Due", format: "date" },
          { key: "lead__title", label: "Lead", fallback: "—" },
          { key: "client__title", label: "Client", fallback: "—" },
          { key: "subject", label: "Activity" },
        ],
        rowAction: { kind: "navigate", to: FORM_PATH },
        pageSize: OVERDUE_SHOWN,
        emptyText: "No next steps past their date",
        phone: { first: ["next_step", "next_step_date"] },
      }],
    },
  };
}

function isoDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}
