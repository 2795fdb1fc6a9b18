/**
 * An email template's preview: the template rendered against a real record its
 * caller picks, as that caller may read the record
 * (`POST /api/automation/email-templates/{id}/preview`: not found for a record
 * they may not read), and the records of the template's type to pick from
 * (`GET /api/automation/email-templates/{id}/records?q=`: the 50 changed last,
 * or those the search finds). Both first read the template through the engine,
 * so only those who may read templates preview them.
 */
import { z } from "zod";
import type { Api } from "../../../platform/http/api.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import type { Access } from "../../../platform/access/access.ts";
import { notFound } from "../../../platform/errors/app-error.ts";
import { mayReadType } from "../../../records/engine/record-access.ts";
import { EMAIL_TEMPLATE } from "../types/email-template.ts";
import { type EmailTemplateText, renderEmailTemplate } from "./render-template.ts";

const TAG = "Automation: Email templates";

const PreviewRequest = z.object({
  record_id: z.string().min(1).max(64).describe("The record to render the template against"),
}).strict();

const PreviewResponse = z.object({
  subject: z.string(),
  html: z.string().describe("The HTML body, every merge value escaped"),
  text: z.string(),
  attachments: z.array(
    z.object({ filename: z.string(), content_type: z.string(), size: z.number().int() }).strict(),
  ),
}).strict();

const RecordsQuery = z.object({ q: z.string().max(200).optional() }).strict();

const RecordsResponse = z.object({
  items: z.array(z.object({ id: z.string(), title: z.string() }).strict()),
}).strict();

/** How many records the picker offers at once. */
const PICKED_FROM = 50;

/** A record as the picker names it: its title, and its number when that differs. */
function titleOf(item: Record<string, unknown>, titleField: string): string {
  const title = String(item[titleField] ?? item.name ?? item.id);
  const name = String(item.name ?? "");
  return name === "" || name === title ? title : `${title} (${name})`;
}

/** The template as the caller may read it. */
async function templateOf(records: RecordEngine, access: Access, id: string) {
  const { record } = await records.get(access, EMAIL_TEMPLATE.id, id);
  return {
    subject: String(record.subject ?? ""),
    body: String(record.body ?? ""),
    format: String(record.format ?? "html"),
    record_type: String(record.record_type ?? ""),
    attach_pdf: record.attach_pdf === true || record.attach_pdf === 1,
  } satisfies EmailTemplateText;
}

/** Declares the preview calls. */
export function emailTemplateRoutes(api: Api, records: RecordEngine): void {
  api.route({
    method: "post",
    path: "/api/automation/email-templates/:id/preview",
    reads: true,
    tag: TAG,
    summary: "An email template rendered against one record, as the caller may read it",
    audience: "staff",
    body: PreviewRequest,
    response: PreviewResponse,
  }, async (c, { access, body }) => {
    const template = await templateOf(records, access, c.req.param("id")!);
    const type = records.findType(template.record_type);
    // A record of a type the caller may not read is, to them, no record at all.
    if (type && !mayReadType(type, access)) throw notFound(type.declaration.label);
    const mail = await renderEmailTemplate(records, access, template, body.record_id);
    return c.json({
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      attachments: mail.attachments.map((file) => ({
        filename: file.filename,
        content_type: file.contentType,
        size: file.content.length,
      })),
    });
  });

  api.route({
    method: "get",
    path: "/api/automation/email-templates/:id/records",
    tag: TAG,
    summary:
      "Records of an email template's type the caller may read, changed last first, to preview it against",
    audience: "staff",
    query: RecordsQuery,
    response: RecordsResponse,
  }, async (c, { access, query }) => {
    const template = await templateOf(records, access, c.req.param("id")!);
    const type = records.findType(template.record_type);
    if (!type) return c.json({ items: [] });
    const titleField = type.declaration.title_field ?? "name";
    const { items } = await records.list(access, type.id, {
      search: query.q || undefined,
      sort: [{ field: "updated_at", dir: "desc" }],
      fields: [...new Set(["name", titleField])],
      limit: PICKED_FROM,
    });
    return c.json({
      items: items.map((item) => ({ id: String(item.id), title: titleOf(item, titleField) })),
    });
  });
}
