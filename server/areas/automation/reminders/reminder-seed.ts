/**
 * The demo's reminders in Acme: its administrator has one due tomorrow at 9:00
 * about the Northwind ERP Rollout, and one already sent this morning that is
 * still to be dismissed; the project manager has one from the administrator to
 * check the internal tooling project. Times are laid out from the seed's day, so
 * the seed is the same every time; a reminder already due when the server starts
 * is sent by the first delivery pass. Uses no random stream.
 */
import type { Queryable } from "../../../db/database.ts";
import { ORGS, PEOPLE } from "../../../db/seed/demo-people.ts";
import { REMINDER } from "./reminder-type.ts";

const column = (id: string) => REMINDER.field.get(id)!.column;
const HOUR = 60 * 60 * 1000;

/** Seeds the reminders (in the seed's transaction). */
export async function seedReminders(tx: Queryable, today: number): Promise<void> {
  const admin = PEOPLE.find((p) => p.email === "admin@acme.test")!.id;
  const pm = PEOPLE.find((p) => p.email === "pm@acme.test")!.id;
  const organization = ORGS.acme.id;
  const at = (ms: number) => new Date(today + ms).toISOString();
  const reminders: [string, string, string, number, string, string, string | null][] = [
    [
      "rem_acme_erp_review",
      "pending",
      "Review the Northwind ERP Rollout budget before the client call",
      33 * HOUR,
      admin,
      admin,
      null,
    ],
    [
      "rem_acme_timesheets",
      "sent",
      "Approve last week's timesheets",
      8 * HOUR - 24 * HOUR,
      admin,
      admin,
      at(8 * HOUR - 24 * HOUR),
    ],
    [
      "rem_acme_tooling",
      "pending",
      "Check the Acme Internal Tooling milestones",
      48 * HOUR + 10 * HOUR,
      pm,
      admin,
      null,
    ],
  ];
  const about: Record<string, [string, string]> = {
    rem_acme_erp_review: ["prj_northwind_erp", "Northwind ERP Rollout"],
    rem_acme_tooling: ["prj_acme_internal", "Acme Internal Tooling"],
  };
  const fields = ["note", "remind_at", "for_user", "record_type", "record_id", "record_title"]
    .concat(["sent_at"]);
  let number = 0;
  for (const [id, status, note, offset, forUser, by, sentAt] of reminders) {
    number++;
    const [recordId, title] = about[id] ?? ["", ""];
    await tx.run(
      `INSERT INTO ${REMINDER.table} (id, organization_id, name, status, ${
        fields.map(column).join(", ")
      }, created_at, created_by, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        organization,
        `REM-${String(number).padStart(5, "0")}`,
        status,
        note,
        at(offset),
        forUser,
        recordId ? "project" : "",
        recordId,
        title,
        sentAt,
        at(-2 * 24 * HOUR),
        by,
        at(-2 * 24 * HOUR),
      ],
    );
  }
  await tx.run(
    "INSERT INTO naming_series (organization_id, prefix, current) VALUES (?, 'REM-', ?)",
    [organization, number],
  );
}
