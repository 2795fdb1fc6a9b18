/**
 * A reminder's controller. A save is refused (400, nothing stored) when its time
 * is set to one already past (`remind_at`), when it names a record the caller may
 * not read (`record_id`) or, set for a colleague, a record that colleague may not
 * read (`for_user`): a reminder never shows a record to someone its own rules keep
 * it from. The record a reminder is about is kept for good (its title taken when
 * it is set). A sent reminder given a later time is pending again. Snoozing puts
 * the time off by the action's span from now (reminder-snooze.ts).
 */
import type { Reader } from "../../../db/database.ts";
import type { MembershipAccess } from "../../../platform/access/access.ts";
import { authorize } from "../../../platform/access/authorize.ts";
import { readMembershipAccess } from "../../../platform/access/resolver.ts";
import { recordTypeMap } from "../../../records/catalogue.ts";
import { defineController } from "../../../records/engine/controller.ts";
import { invalidFields } from "../../../records/engine/field-problems.ts";
import { titlesOf } from "../../../records/engine/link-titles.ts";
import { readableClause } from "../../../records/engine/record-access.ts";
import type { RecordData } from "../../../records/engine/record-rows.ts";
import { REMINDER, type SnoozeAction, SNOOZES } from "./reminder-type.ts";
import { snoozedUntil } from "./reminder-snooze.ts";

const column = (id: string) => REMINDER.field.get(id)!.column;

function refuse(field: string, message: string): never {
  throw invalidFields(REMINDER, { [field]: message });
}

/** Whether `access` may read the record of `typeId` with this id. */
async function reads(
  read: Reader,
  access: MembershipAccess,
  target: { typeId: string; id: string },
): Promise<boolean> {
  const types = recordTypeMap();
  const type = types.get(target.typeId);
  if (!type) return false;
  // The record's own visibility decision, as its GET takes it.
  const where = readableClause({ types }, access, type);
  const row = await read.get<{ id: string }>(
    `SELECT t.id FROM ${type.table} t WHERE ${where.sql} AND t.id = ?`,
    [...where.params, target.id],
  );
  return row !== undefined && row !== null;
}

/** The record the reminder is about: readable by the caller and by the person it is for. */
async function checkAbout(
  read: Reader,
  access: MembershipAccess,
  values: RecordData,
): Promise<string | null> {
  const typeId = String(values.record_type ?? "");
  const id = String(values.record_id ?? "");
  if (typeId === "" || id === "") return null;
  const target = { typeId, id };
  if (!(await reads(read, access, target))) {
    refuse("record_id", "Must be a record you may read");
  }
  const forUser = String(values.for_user ?? "");
  if (forUser !== access.user.id) {
    const colleague = await readMembershipAccess(read, forUser, access.organizationId);
    if (!colleague || !(await reads(read, colleague, target))) {
      const label = recordTypeMap().get(typeId)!.declaration.label.toLowerCase();
      refuse("for_user", `Cannot see this ${label}: choose someone who may read it`);
    }
  }
  const titles = await titlesOf(
    read,
    access.organizationId,
    typeId,
    [id],
    (t) => recordTypeMap().get(t),
  );
  return titles.get(id) ?? "";
}

/** A colleague the reminder is for must be able to receive reminders. */
async function checkRecipient(read: Reader, access: MembershipAccess, forUser: string) {
  if (forUser === "" || forUser === access.user.id) return;
  const colleague = await readMembershipAccess(read, forUser, access.organizationId);
  if (!colleague || !authorize(colleague, REMINDER.module, "read")) {
    refuse("for_user", "Must be a colleague who may receive reminders");
  }
}

export const REMINDER_CONTROLLER = defineController({
  type: REMINDER,
  async beforeSave({ read, access, checked, existing, now }) {
    const values = checked.values;
    const at = String(values.remind_at ?? "");
    const moved = !existing || Date.parse(String(existing.remind_at)) !== Date.parse(at);
    if (moved && !(Date.parse(at) > Date.parse(now))) {
      refuse("remind_at", "Must be a time still to come");
    }
    if (existing) {
      for (const field of ["record_type", "record_id"]) {
        if (String(existing[field] ?? "") !== String(values[field] ?? "")) {
          refuse(field, "Cannot be changed");
        }
      }
    }
    const forUser = String(values.for_user ?? "");
    await checkRecipient(read, access, forUser);
    const forChanged = !existing || existing.for_user !== forUser;
    if (forChanged) {
      const title = await checkAbout(read, access, values);
      if (title !== null) checked.columns.set(column("record_title"), title.slice(0, 140));
    }
    // Given a later time, a sent reminder is pending again (snoozed until a chosen time).
    if (existing && moved && existing.status === "sent") checked.columns.set("status", "pending");
  },
  async afterAction({ read, access, action, record, now }) {
    if (!(action in SNOOZES)) return;
    const remindAt = await snoozedUntil(read, access.organizationId, {
      action: action as SnoozeAction,
      now,
    });
    return { remind_at: remindAt, snoozes: Number(record.snoozes ?? 0) + 1 };
  },
});
