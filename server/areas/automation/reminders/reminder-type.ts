/**
 * A reminder (`reminder`, module `reminders`): "remind me (or a colleague) of
 * this, then", with a note, and optionally about one record (`record_type` +
 * `record_id`, its title kept in `record_title`). At `remind_at` it is sent once
 * — a notice in the app and a mail (reminder-delivery.ts) — and moves from
 * Pending to Sent; its person snoozes it (10 minutes, an hour, tomorrow 9:00 in
 * the organisation's time zone, or any later time by changing `remind_at`),
 * which makes it Pending again, or dismisses it.
 *
 * Who sees what: each person sees the reminders they made and those for them,
 * administrators included, since a reminder is a personal note. A reminder about
 * a record is attached to it: it is read only by those who may read that record
 * (the record's own visibility decides), and it is set for a colleague only when
 * the colleague may read the record (reminder-controller.ts).
 */
import { defineRecordType } from "../../../records/define.ts";
import { RECORD_TYPE_OPTIONS } from "../../../records/declaration.ts";

/** The snooze actions and how far each puts a reminder off (`tomorrow`: 9:00 the next day). */
export const SNOOZES = {
  snooze_10_minutes: { label: "Snooze 10 minutes", minutes: 10 },
  snooze_1_hour: { label: "Snooze 1 hour", minutes: 60 },
  snooze_tomorrow: { label: "Snooze until tomorrow 9:00", minutes: null },
} as const;

/** The snooze actions' ids. */
export type SnoozeAction = keyof typeof SNOOZES;

/** The local hour a reminder snoozed until tomorrow comes back at. */
export const TOMORROW_HOUR = 9;

/** Every staff role keeps reminders; each sees only their own (made by or for them). */
const KEEPERS = ["firm_admin", "project_manager", "sales", "finance", "member"];
const OWN_REMINDERS = ["read", "create", "update", "delete", ...Object.keys(SNOOZES), "dismiss"];

export const REMINDER = defineRecordType({
  id: "reminder",
  label: "Reminder",
  plural: "Reminders",
  module: "reminders",
  table: "reminders",
  naming: { series: "REM-.#####" },
  title_field: "note",
  search_fields: ["note", "record_title"],
  fields: [
    {
      id: "note",
      label: "Note",
      type: "data",
      required: true,
      max_length: 500,
      in_list: true,
      description: "What to be reminded of.",
    },
    {
      id: "remind_at",
      label: "Remind at",
      type: "datetime",
      required: true,
      in_list: true,
      sortable: true,
      filterable: true,
      description: "When the reminder is sent: a time still to come.",
    },
    {
      id: "for_user",
      label: "For",
      type: "link",
      link: "user",
      required: true,
      default: "@me",
      in_list: true,
      filterable: true,
      description: "You, or a colleague who may read the record it is about.",
    },
    {
      id: "record_type",
      label: "About (type)",
      type: "select",
      options_from: RECORD_TYPE_OPTIONS,
      hidden: true,
      filterable: true,
    },
    {
      id: "record_id",
      label: "About (record)",
      type: "data",
      max_length: 64,
      hidden: true,
      required_if: "is_set(record_type)",
    },
    { id: "record_title", label: "About", type: "data", max_length: 140, read_only: true },
    { id: "sent_at", label: "Sent", type: "datetime", read_only: true, in_list: true },
    { id: "snoozes", label: "Times snoozed", type: "int", read_only: true, default: 0 },
  ],
  // The delivery reads the due pending reminders of every organisation by this index.
  indexes: [{ fields: ["status", "remind_at"], across_organizations: true }],
  states: {
    initial: "pending",
    list: [
      { id: "pending", label: "Pending", tone: "info", docstatus: 0 },
      { id: "sent", label: "Sent", tone: "success", docstatus: 0 },
      { id: "dismissed", label: "Dismissed", tone: "neutral", docstatus: 0, editable: [] },
    ],
    transitions: [
      ...Object.entries(SNOOZES).map(([action, snooze]) => ({
        action,
        label: snooze.label,
        from: ["pending", "sent"],
        to: "pending",
        done: "snoozed",
      })),
      { action: "dismiss", label: "Dismiss", from: ["pending", "sent"], to: "dismissed" },
    ],
  },
  list: {
    columns: ["remind_at", "note", "for_user", "record_title", "status", "sent_at"],
    sort: [{ field: "remind_at", dir: "desc" }],
    views: [
      {
        id: "pending",
        label: "Pending",
        filters: [{ field: "status", op: "eq", value: "pending" }],
        sort: [{ field: "remind_at", dir: "asc" }],
      },
    ],
  },
  form: {
    tabs: [{
      id: "details",
      label: "Details",
      sections: [{
        columns: [["note", "remind_at", "for_user"], ["record_title", "sent_at", "snoozes"]],
      }],
    }],
  },
  roles: Object.fromEntries(KEEPERS.map((role) => [role, OWN_REMINDERS])),
  own_records: { roles: KEEPERS, fields: ["created_by", "for_user"] },
  attached_to: { type_field: "record_type", id_field: "record_id" },
});
