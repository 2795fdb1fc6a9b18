/**
 * A rule's email: its template (named by id or name, written for the rule's record
 * type) rendered as the rule's owner may read the record — before the action's
 * transaction, since rendering reads — and queued in the outbox for each address
 * in the transaction that records the action done, so it is sent once, with the
 * outbox's retries, over `SMTP_URL`.
 */
import type { Queryable, Reader } from "../../../db/database.ts";
import type { Access } from "../../../platform/access/access.ts";
import { invalidInput } from "../../../platform/errors/app-error.ts";
import { enqueueMail } from "../../../platform/mail/outbox.ts";
import type { RecordType } from "../../../records/define.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import type { RecordData } from "../../../records/engine/record-rows.ts";
import { EMAIL_TEMPLATE } from "../types/email-template.ts";
import {
  type EmailTemplateText,
  type RenderedEmail,
  renderEmailTemplate,
} from "../email/render-template.ts";
import { recipientsOf } from "./recipients.ts";
import type { ActionOutcome } from "./rule-actions.ts";

const column = (id: string) => EMAIL_TEMPLATE.field.get(id)!.column;

/** The organisation's template with this id or name, or undefined. */
export async function findTemplate(
  read: Reader,
  organizationId: string,
  idOrName: string,
): Promise<(EmailTemplateText & { id: string; name: string }) | undefined> {
  const row = await read.get<Record<string, unknown>>(
    `SELECT id, name, ${
      ["subject", "body", "format", "record_type", "attach_pdf"].map((f) => `${column(f)} AS ${f}`)
        .join(", ")
    } FROM ${EMAIL_TEMPLATE.table} WHERE organization_id = ? AND (id = ? OR name = ?)
     ORDER BY CASE WHEN id = ? THEN 0 ELSE 1 END LIMIT 1`,
    [organizationId, idOrName, idOrName, idOrName],
  );
  if (!row) return undefined;
  return {
    id: String(row.id),
    name: String(row.name),
    subject: String(row.subject ?? ""),
    body: String(row.body ?? ""),
    format: String(row.format ?? "html"),
    record_type: String(row.record_type ?? ""),
    attach_pdf: Boolean(Number(row.attach_pdf ?? 0)),
  };
}

/** A mail ready to queue: rendered, and to whom. */
export interface PreparedMail {
  rendered: RenderedEmail;
  to: string[];
  template: string;
}

/** Renders a rule's mail for a record as its owner reads it, and finds its addresses. */
export async function prepareRuleMail(
  scope: {
    engine: RecordEngine;
    access: Access;
    type: RecordType;
    record: RecordData | null;
    ownerId: string;
  },
  params: Record<string, unknown>,
): Promise<PreparedMail> {
  const { engine, access, type, record } = scope;
  if (!record) throw invalidInput(`The ${type.declaration.label.toLowerCase()} no longer exists`);
  const template = await findTemplate(engine.db, access.organizationId, String(params.template));
  if (!template) throw invalidInput(`There is no email template "${params.template}"`);
  if (template.record_type !== type.id) {
    throw invalidInput(
      `The template "${template.name}" is not written for ${type.declaration.plural.toLowerCase()}`,
    );
  }
  const rendered = await renderEmailTemplate(engine, access, template, String(record.id));
  const people = await recipientsOf(engine.db, {
    organizationId: access.organizationId,
    ownerId: scope.ownerId,
    type,
    record,
    types: engine.types,
    mail: true,
  }, params.to as string[]);
  const to = new Set(people.emails);
  if (people.userIds.length > 0) {
    const rows = await engine.db.all<{ email: string }>(
      `SELECT email FROM users WHERE id IN (${people.userIds.map(() => "?").join(", ")})`,
      people.userIds,
    );
    for (const r of rows) to.add(r.email);
  }
  if (to.size === 0) throw invalidInput("No one to mail: the recipients name no address");
  return { rendered, to: [...to], template: template.name };
}

/** Queues a prepared mail in the caller's transaction; what was done, in words. */
export async function queueRuleMail(
  tx: Queryable,
  organizationId: string,
  mail: PreparedMail,
  now: string,
): Promise<ActionOutcome> {
  for (const to of mail.to) {
    await enqueueMail(tx, {
      organizationId,
      to,
      subject: mail.rendered.subject,
      text: mail.rendered.text,
      html: mail.rendered.html,
      kind: "template",
      attachments: mail.rendered.attachments,
    }, now);
  }
  return { said: `Mailed "${mail.template}" to ${mail.to.join(", ")}` };
}
