/**
 * Sends a template's mail about one record: rendered as the sender may read the
 * record (render-template.ts), then put in the outbox with its attachments, in
 * the transaction given (`q`) when there is one, so it leaves only if that
 * transaction commits. Delivery is the outbox's: over `SMTP_URL` when set, with
 * its retries.
 */
import type { Queryable } from "../../../db/database.ts";
import type { Access } from "../../../platform/access/access.ts";
import { enqueueMail } from "../../../platform/mail/outbox.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import { type EmailTemplateText, renderEmailTemplate } from "./render-template.ts";

/** What to send: the template, the record it is about, and to whom. */
export interface TemplateMail {
  template: EmailTemplateText;
  recordId: string;
  to: string;
  /** Where to queue it (the caller's transaction); the engine's database by default. */
  q?: Queryable;
}

/** Renders and queues the mail; returns the outbox message's id. */
export async function sendTemplateMail(
  records: RecordEngine,
  access: Access,
  mail: TemplateMail,
): Promise<string> {
  const rendered = await renderEmailTemplate(records, access, mail.template, mail.recordId);
  return await enqueueMail(mail.q ?? records.db, {
    organizationId: access.organizationId,
    to: mail.to,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    kind: "template",
    attachments: rendered.attachments,
  }, new Date(records.clock()).toISOString());
}
