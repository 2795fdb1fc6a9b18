/**
 * Sends the nurturing mails that are due: for each active enrolment whose next
 * mail is due (of an active sequence), one transaction claims the step by a
 * conditional update (moving it to the next step, or completing it after the
 * last) that only one writer can make: on PostgreSQL a second instance's update
 * waits for the first to commit, then finds the step moved and changes nothing;
 * SQLite has one writer. The claim and the mail's outbox row commit together, so
 * each step's mail is sent exactly once. The mail is the step's email template
 * rendered with the lead's merge fields, ending with a one-click unsubscribe link
 * (unsubscribe-routes.ts). A lead without an address moves on without a mail; an
 * unsubscribed one leaves the sequence.
 */
import type { Database, Queryable } from "../../../db/database.ts";
import { enqueueMail } from "../../../platform/mail/outbox.ts";
import { logLine } from "../../../platform/http/log.ts";
import { loadRecord } from "../../../records/engine/record-store.ts";
import { recordLink } from "../../../records/record-link.ts";
import { HTML_LIQUID, TEXT_LIQUID } from "../../automation/email/liquid.ts";
import { htmlOfText, textOfHtml } from "../../automation/email/mail-text.ts";
import { recordValues } from "../../automation/email/merge-values.ts";
import { EMAIL_TEMPLATE } from "../../automation/types/email-template.ts";
import { LEAD } from "../types/lead.ts";
import { NURTURE_ENROLLMENT } from "../types/nurture-enrollment.ts";
import { enrolmentColumn as col } from "./enrol.ts";
import { exitEnrolments } from "./exits.ts";
import { dueAfter, sequenceSteps } from "./sequence-steps.ts";

/** Enrolments read per pass. */
const BATCH = 200;

interface DueRow {
  id: string;
  organization_id: string;
  lead: string;
  sequence: string;
  step: number;
  due: string;
  token: string;
}

/** The address of an enrolment's one-click unsubscribe. */
export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/api/nurture/unsubscribe?token=${
    encodeURIComponent(token)
  }`;
}

const tplColumn = (id: string) => EMAIL_TEMPLATE.field.get(id)!.column;

/** Renders the step's template for the lead, with the unsubscribe link, and queues it in `tx`. */
async function queueStepMail(
  tx: Queryable,
  row: DueRow,
  lead: Record<string, unknown>,
  templateId: string,
  options: { publicUrl: string; now: string },
): Promise<boolean> {
  const template = await tx.get<{ subject: string; body: string; format: string }>(
    `SELECT ${tplColumn("subject")} AS subject, ${tplColumn("body")} AS body,
            ${tplColumn("format")} AS format
       FROM ${EMAIL_TEMPLATE.table} WHERE organization_id = ? AND id = ?`,
    [row.organization_id, templateId],
  );
  if (!template) return false;
  const values = recordValues(LEAD, lead, {
    appUrl: `${options.publicUrl.replace(/\/+$/, "")}${recordLink(LEAD, row.lead)}`,
  });
  const subject = (await TEXT_LIQUID.parseAndRender(template.subject, values))
    .replace(/\s+/g, " ").trim();
  const isText = template.format === "text";
  const body = await (isText ? TEXT_LIQUID : HTML_LIQUID).parseAndRender(template.body, values);
  const url = unsubscribeUrl(options.publicUrl, row.token);
  const html = `${isText ? htmlOfText(body) : body}\n<p style="font-size:12px;color:#666">` +
    `<a href="${url}">Unsubscribe</a> from these mails.</p>`;
  const text = `${isText ? body : textOfHtml(body)}\n\n--\nUnsubscribe from these mails: ${url}\n`;
  await enqueueMail(tx, {
    organizationId: row.organization_id,
    to: String(lead.email),
    subject,
    text,
    html,
    kind: "template",
  }, options.now);
  return true;
}

/** Claims one due step and sends its mail, in one transaction; whether a mail was queued. */
async function sendStep(
  db: Database,
  row: DueRow,
  options: { publicUrl: string; now: string },
): Promise<boolean> {
  return await db.transaction(async (tx) => {
    const steps = await sequenceSteps(tx, row.organization_id, row.sequence);
    const step = steps[row.step - 1];
    const next = steps[row.step];
    const last = !next;
    const claimed = await tx.run(
      `UPDATE ${NURTURE_ENROLLMENT.table}
          SET ${col("current_step")} = ?, ${col("next_send_at")} = ?, ${col("state")} = ?,
              ${col("active_key")} = ?, ${col("exited_at")} = ?,
              version = version + 1, updated_at = ?
        WHERE organization_id = ? AND id = ? AND ${col("state")} = 'active'
          AND ${col("current_step")} = ? AND ${col("next_send_at")} = ?`,
      [
        last ? row.step : row.step + 1,
        last ? null : dueAfter(row.due, next.wait_days),
        last ? "completed" : "active",
        last ? null : row.lead,
        last ? options.now : null,
        options.now,
        row.organization_id,
        row.id,
        row.step,
        row.due,
      ],
    );
    if (claimed.changes !== 1 || !step) return false;
    const lead = await loadRecord(tx, LEAD, row.organization_id, row.lead);
    if (!lead) return false;
    if (lead.unsubscribed_at) {
      await exitEnrolments(tx, {
        organizationId: row.organization_id,
        lead: row.lead,
        reason: "unsubscribed",
        actorId: null,
        now: options.now,
      });
      return false;
    }
    if (typeof lead.email !== "string" || lead.email === "") return false;
    return await queueStepMail(tx, row, lead, step.email_template, options);
  });
}

/** Sends every nurturing mail due by `now`; the number queued. */
export async function sendDueSteps(
  db: Database,
  options: { publicUrl: string; now: string },
): Promise<number> {
  let sent = 0;
  let after = "";
  for (;;) {
    const due = await db.all<DueRow>(
      `SELECT e.id, e.organization_id, e.${col("lead")} AS lead, e.${col("sequence")} AS sequence,
              e.${col("current_step")} AS step, e.${col("next_send_at")} AS due,
              e.${col("unsubscribe_token")} AS token
         FROM ${NURTURE_ENROLLMENT.table} e
         JOIN nurture_sequences s ON s.organization_id = e.organization_id
                                 AND s.id = e.${col("sequence")} AND s.active = 1
        WHERE e.${col("state")} = 'active' AND e.${col("next_send_at")} <= ? AND e.id > ?
        ORDER BY e.id LIMIT ${BATCH}`,
      [options.now, after],
    );
    for (const row of due) {
      try {
        if (await sendStep(db, { ...row, step: Number(row.step) }, options)) sent++;
      } catch (error) {
        logLine(null, "error", "nurturing mail failed", { id: row.id, error: String(error) });
      }
    }
    if (due.length < BATCH) return sent;
    after = due[due.length - 1].id;
  }
}
