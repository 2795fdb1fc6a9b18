/**
 * Renders an email template for one record, as one reader may see it: the record
 * is read through the engine's own GET (`records.get`: not found for a record
 * the reader may not read, fields above their level left out, so they stay
 * empty), and each record it links to likewise (one they may not read is only
 * its title, as the record's own page shows it). The subject and a text body are
 * written as they are; an HTML body escapes every value, and its text version is
 * the HTML without tags. A template that attaches the PDF attaches the record's
 * printable PDF (an invoice's). The rule engine's send-mail action and the
 * template's preview both render through here.
 */
import type { Access } from "../../../platform/access/access.ts";
import { AppError, invalidInput } from "../../../platform/errors/app-error.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import { recordLink } from "../../../records/record-link.ts";
import type { Liquid } from "liquidjs";
import { HTML_LIQUID, TEXT_LIQUID } from "./liquid.ts";
import { linkedValue, type MergeValues, recordValues } from "./merge-values.ts";
import { printablePdf } from "./printable-pdf.ts";
import type { MailAttachment } from "../../../platform/mail/outbox.ts";
import { htmlOfText, textOfHtml } from "./mail-text.ts";

/** What a template holds that rendering reads. */
export interface EmailTemplateText {
  subject: string;
  body: string;
  format: string;
  record_type: string;
  attach_pdf?: boolean;
}

/** A rendered mail. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
}

/** The values of the records a record links to, where the reader may read them. */
async function linkedValues(
  records: RecordEngine,
  access: Access,
  typeId: string,
  record: Readonly<Record<string, unknown>>,
): Promise<Record<string, MergeValues>> {
  const type = records.findType(typeId)!;
  const out: Record<string, MergeValues> = {};
  for (const field of type.fields) {
    const id = record[field.id];
    if (field.type !== "link" || !field.link || typeof id !== "string" || id === "") continue;
    const target = records.findType(field.link);
    if (!target) continue;
    try {
      const linked = (await records.get(access, target.id, id)).record;
      const values = recordValues(target, linked, { appUrl: appUrl(records, target.id, id) });
      out[field.id] = linkedValue(String(values.title), values);
    } catch (error) {
      if (!(error instanceof AppError) || (error.status !== 403 && error.status !== 404)) {
        throw error;
      }
      // Not theirs to read: the link's title, as the record's own page shows it.
      const title = String(record[`${field.id}__title`] ?? "");
      out[field.id] = linkedValue(title, { id, name: title });
    }
  }
  return out;
}

/** One text of the template rendered; a failure (a render too long or too big) names its field. */
async function rendered(
  liquid: Liquid,
  source: string,
  values: MergeValues,
  field: "subject" | "body",
): Promise<string> {
  try {
    return await liquid.parseAndRender(source, values);
  } catch (error) {
    const message = `${field === "subject" ? "Subject" : "Body"} cannot be rendered: ${
      error instanceof Error ? error.message.split("\n")[0] : String(error)
    }`;
    throw invalidInput(message, { [field]: message });
  }
}

function appUrl(records: RecordEngine, typeId: string, id: string): string {
  return `${records.publicUrl.replace(/\/+$/, "")}${recordLink(records.findType(typeId)!, id)}`;
}

/** Renders `template` for the record `recordId` of its record type, as `access` may read it. */
export async function renderEmailTemplate(
  records: RecordEngine,
  access: Access,
  template: EmailTemplateText,
  recordId: string,
): Promise<RenderedEmail> {
  if (!records.findType(template.record_type)) {
    const message = `Unknown record type "${template.record_type}"`;
    throw invalidInput(message, { record_type: message });
  }
  const { record } = await records.get(access, template.record_type, recordId);
  const type = records.findType(template.record_type)!;
  const values = recordValues(type, record, {
    appUrl: appUrl(records, type.id, recordId),
    links: await linkedValues(records, access, type.id, record),
  });
  const subject = (await rendered(TEXT_LIQUID, template.subject, values, "subject"))
    .replace(/\s+/g, " ").trim();
  const isText = template.format === "text";
  const body = await rendered(isText ? TEXT_LIQUID : HTML_LIQUID, template.body, values, "body");
  const html = isText ? htmlOfText(body) : body;
  const text = isText ? body : textOfHtml(body);
  const attachments: MailAttachment[] = [];
  if (template.attach_pdf) {
    const pdf = await printablePdf(records.db, type.id, {
      organizationId: access.organizationId,
      id: String(record.id),
      today: new Date(records.clock()).toISOString().slice(0, 10),
    });
    if (pdf) attachments.push(pdf);
  }
  return { subject, html, text, attachments };
}
