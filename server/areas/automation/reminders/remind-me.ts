/**
 * "Remind me" on every saved record's form: a dialog asking when, what and for
 * whom (the caller unless they choose a colleague), which sets a reminder about
 * the record shown. The reminder's own rules decide the rest (reminder-controller.ts).
 * The area's manifest offers it on every form (`recordScreens.formQuickAdds`).
 */
import { REMINDER } from "./reminder-type.ts";

export const REMIND_ME = {
  id: "remind_me",
  label: "Remind me",
  type: REMINDER,
  fields: ["remind_at", "note", "for_user"] as const,
  about: { type_field: "record_type", id_field: "record_id" },
  done: "Reminder set",
};
