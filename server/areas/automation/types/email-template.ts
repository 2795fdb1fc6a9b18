/**
 * An email template (`email_template`, module `automation/email-templates`): a
 * subject and an HTML or text body with merge fields (`{{ name }}`,
 * `{{ client.name }}`) filled from one record of its record type and the records
 * it links to, rendered by LiquidJS (email/liquid.ts: no code, no files, escaped
 * in HTML). A template is saved only when both parse and name fields its record
 * type has (email/template-controller.ts). It may attach the record's printable
 * PDF where the type has one (an invoice's). Administrators write templates;
 * everyone else reads them and previews them against the records they may read.
 */
import { RECORD_TYPE_OPTIONS } from "../../../records/declaration.ts";
import { defineRecordType } from "../../../records/define.ts";

/** How a template's body is written. */
export const EMAIL_FORMATS = [
  { value: "html", label: "HTML" },
  { value: "text", label: "Plain text" },
] as const;

/** Record types whose records have a printable PDF a template may attach. */
export const PRINTABLE_TYPES: readonly string[] = ["invoice"];

export const EMAIL_TEMPLATE = defineRecordType({
  id: "email_template",
  label: "Email template",
  plural: "Email templates",
  module: "automation/email-templates",
  table: "email_templates",
  naming: { field: "name" },
  title_field: "name",
  search_fields: ["name", "subject"],
  fields: [
    {
      id: "name",
      label: "Name",
      type: "data",
      required: true,
      unique: true,
      max_length: 140,
      in_list: true,
      sortable: true,
    },
    {
      id: "record_type",
      label: "Records",
      type: "select",
      options_from: RECORD_TYPE_OPTIONS,
      required: true,
      in_list: true,
      filterable: true,
      description: "The record type the template is written for: its fields are the merge fields.",
      example: "invoice",
    },
    {
      id: "format",
      label: "Format",
      type: "select",
      required: true,
      default: "html",
      in_list: true,
      options: EMAIL_FORMATS,
    },
    {
      id: "subject",
      label: "Subject",
      type: "data",
      required: true,
      max_length: 300,
      in_list: true,
      description: "Merge fields in double braces: {{ name }}, {{ client.name }}.",
      example: "Invoice {{ name }} is overdue",
    },
    {
      id: "body",
      label: "Body",
      type: "long_text",
      required: true,
      max_length: 50_000,
      description:
        "Merge fields in double braces ({{ due_date }}), tags in {% %} ({% if notes %}…{% endif %}). Values are escaped in HTML.",
      example: "<p>Dear {{ client.name }},</p><p>{{ outstanding }} is due on {{ due_date }}.</p>",
    },
    {
      id: "attach_pdf",
      label: "Attach the record's PDF",
      type: "check",
      default: false,
      visible_if: PRINTABLE_TYPES.map((type) => `record_type == '${type}'`).join(" or "),
      description: "Only for records that print as a PDF (invoices).",
    },
  ],
  list: {
    columns: ["name", "record_type", "format", "subject"],
    sort: [{ field: "name", dir: "asc" }],
  },
  form: {
    tabs: [{
      id: "details",
      label: "Details",
      sections: [
        { columns: [["name", "record_type"], ["format", "attach_pdf"]] },
        { label: "Message", columns: [["subject", "body"]] },
      ],
    }],
  },
  // Administrators keep the templates; a role granted their read previews them as it reads records.
  roles: { firm_admin: ["read", "create", "update", "delete"] },
});
