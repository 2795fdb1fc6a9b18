/**
 * Sending reminders (`ReminderDelivery`): every 30 seconds (or as configured) the
 * pending reminders whose time has come, of every organisation, are read through
 * the index on (status, remind_at), and each is sent in its own transaction that
 * first claims it with one conditional update (pending → sent, only while it is
 * pending and due) and then writes its notice and queues its mail. Only the
 * transaction whose update changed the row tells anyone, so two instances on one
 * database, a check repeated after a crash, or a start after downtime (which
 * finds every reminder missed meanwhile due, and sends each once) never send one
 * twice. The notice links to the record the reminder is about while the person
 * may still read it, else to their reminders, and then names no record.
 */
import type { Database, Queryable } from "../../../db/database.ts";
import { actingFor } from "../../../db/change-context.ts";
import { readMembershipAccess } from "../../../platform/access/resolver.ts";
import { logLine } from "../../../platform/http/log.ts";
import { PeriodicCheck } from "../../../platform/jobs/periodic-check.ts";
import { notify } from "../../../platform/notifications/mod.ts";
import { recordTypeMap } from "../../../records/catalogue.ts";
import { readableIds } from "../../../records/engine/record-access.ts";
import { announceRecord } from "../../../records/engine/record-store.ts";
import { recordLink } from "../../../records/record-link.ts";
import { REMINDER } from "./reminder-type.ts";

/** How often due reminders are looked for by default, so each is sent within a minute. */
export const REMINDER_CHECK_EVERY_MS = 30_000;

/** Most reminders one pass sends; the next pass goes on with the rest. */
const PER_PASS = 200;

/** The reminders list, where a notice points when it may not point at the record. */
const REMINDERS_PATH = `/app/${REMINDER.module}`;

const column = (id: string) => REMINDER.field.get(id)!.column;

interface ReminderRow {
  id: string;
  organization_id: string;
  version: number;
  note: string;
  for_user: string;
  created_by: string | null;
  record_type: string | null;
  record_id: string | null;
  record_title: string | null;
}

/** The notice's link and the record it names, as the person may see them now. */
async function pointer(tx: Queryable, reminder: ReminderRow, userId: string) {
  const typeId = reminder.record_type ?? "";
  const id = reminder.record_id ?? "";
  const types = recordTypeMap();
  const type = types.get(typeId);
  if (!type || id === "") return { link: REMINDERS_PATH, about: "" };
  const access = await readMembershipAccess(tx, userId, reminder.organization_id);
  if (!access || !(await readableIds({ q: tx, types }, access, type, [id])).has(id)) {
    return { link: REMINDERS_PATH, about: "" };
  }
  return { link: recordLink(type, id), about: reminder.record_title || type.declaration.label };
}

/** Tells the person of a claimed reminder, in the claiming transaction. */
async function tell(
  tx: Queryable,
  reminder: ReminderRow,
  options: { now: string; publicUrl: string },
): Promise<void> {
  const { link, about } = await pointer(tx, reminder, reminder.for_user);
  const setter = reminder.created_by && reminder.created_by !== reminder.for_user
    ? await tx.get<{ first_name: string; last_name: string }>(
      "SELECT first_name, last_name FROM users WHERE id = ?",
      [reminder.created_by],
    )
    : undefined;
  const by = setter ? `${setter.first_name} ${setter.last_name}`.trim() : "";
  await notify(tx, {
    organizationId: reminder.organization_id,
    userId: reminder.for_user,
    title: about ? "Reminder: {about}" : "Reminder",
    message: by ? "{note} (set by {by})" : "{note}",
    params: { note: reminder.note, ...(about ? { about } : {}), ...(by ? { by } : {}) },
    link,
    category: "reminder",
    // The version the claim moved to names this sending: one notice for it, however retried.
    key: `reminder:${reminder.id}:${reminder.version}`,
  }, { now: options.now, mailWith: { publicUrl: options.publicUrl } });
}

/**
 * Claims one due reminder and tells its person, in one transaction; true when
 * this call sent it (false when another instance or pass had, or it moved).
 */
export async function sendReminder(
  db: Database,
  id: string,
  options: { now: string; publicUrl: string },
): Promise<boolean> {
  return await db.transaction(async (tx) => {
    const claimed = await tx.run(
      `UPDATE ${REMINDER.table}
          SET status = 'sent', ${column("sent_at")} = ?, version = version + 1, updated_at = ?
        WHERE id = ? AND status = 'pending' AND ${column("remind_at")} <= ?`,
      [options.now, options.now, id, options.now],
    );
    if (claimed.changes !== 1) return false;
    const reminder = (await tx.get<ReminderRow>(
      `SELECT id, organization_id, version, created_by, ${
        ["note", "for_user", "record_type", "record_id", "record_title"]
          .map((f) => `${column(f)} AS ${f}`).join(", ")
      } FROM ${REMINDER.table} WHERE id = ?`,
      [id],
    ))!;
    await tell(tx, reminder, options);
    await announceRecord(tx, reminder.organization_id, REMINDER, id, reminder.version);
    return true;
  });
}

/** Sends every reminder due at `now` (up to one pass's worth); returns how many this call sent. */
export async function sendDueReminders(
  db: Database,
  options: { now: string; publicUrl: string },
): Promise<number> {
  const due = await db.all<{ id: string; organization_id: string }>(
    `SELECT id, organization_id FROM ${REMINDER.table}
      WHERE status = 'pending' AND ${column("remind_at")} <= ?
      ORDER BY ${column("remind_at")}, id LIMIT ${PER_PASS}`,
    [options.now],
  );
  let sent = 0;
  for (const { id, organization_id } of due) {
    try {
      // Written on the organisation's behalf, so its open pages (the bell) hear of it.
      if (await actingFor(organization_id, () => sendReminder(db, id, options))) sent++;
    } catch (error) {
      logLine(null, "error", "reminder delivery failed", { id, error: String(error) });
    }
  }
  return sent;
}

/** Sends due reminders at start and then every `everyMs`, until stopped. */
export class ReminderDelivery extends PeriodicCheck {
  constructor(
    db: Database,
    options: { publicUrl: string; clock?: () => number; everyMs?: number },
  ) {
    super(
      "reminder delivery",
      (now) => sendDueReminders(db, { now, publicUrl: options.publicUrl }),
      { clock: options.clock, everyMs: options.everyMs ?? REMINDER_CHECK_EVERY_MS },
    );
  }
}
