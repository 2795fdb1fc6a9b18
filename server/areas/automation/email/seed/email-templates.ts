/**
 * The demo's email templates, in each organisation: "Invoice overdue" tells an
 * invoice's client what is outstanding and since when, with a link and the
 * invoice's PDF attached; "Lead qualified" tells a qualified lead who looks after
 * them. Both name only fields their record types have, so they save as they are.
 */
import type { Queryable } from "../../../../db/database.ts";
import { ORGS } from "../../../../db/seed/demo-people.ts";
import { EMAIL_TEMPLATE } from "../../types/email-template.ts";

const column = (id: string) => EMAIL_TEMPLATE.field.get(id)!.column;

const INVOICE_OVERDUE = {
  name: "Invoice overdue",
  record_type: "invoice",
  format: "html",
  subject: "Invoice {{ name }} is overdue: {{ outstanding }} outstanding",
  body: `<p>Dear {{ client.name }},</p>
<p>Our invoice <strong>{{ name }}</strong> of {{ issue_date }} was due on {{ due_date }}.
{{ outstanding }} of its {{ grand_total }} is still outstanding.</p>
<p>Please pay at your earliest convenience. The invoice is attached; you can also
<a href="{{ link }}">view it online</a>.</p>
<p>Kind regards,<br>Accounts receivable</p>`,
  attach_pdf: 1,
};

const LEAD_QUALIFIED = {
  name: "Lead qualified",
  record_type: "lead",
  format: "text",
  subject: "{{ company | default: name }}: next steps",
  body: `Dear {{ name }},

Thank you for your interest{% if company != "" %} on behalf of {{ company }}{% endif %}.
{{ owner | default: "Our team" }} will be in touch shortly to talk about what you need.

Kind regards,
The sales team`,
  attach_pdf: 0,
};

/** Seeds both templates in every demo organisation (in the seed's transaction). */
export async function seedEmailTemplates(tx: Queryable, today: number): Promise<void> {
  const at = new Date(today).toISOString();
  const fields = ["name", "record_type", "format", "subject", "body", "attach_pdf"] as const;
  for (const org of Object.values(ORGS)) {
    for (
      const [key, template] of [["invoice_overdue", INVOICE_OVERDUE], [
        "lead_qualified",
        LEAD_QUALIFIED,
      ]] as const
    ) {
      await tx.run(
        `INSERT INTO ${EMAIL_TEMPLATE.table} (id, organization_id, ${
          fields.map(column).join(", ")
        }, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          `etpl_${org.id}_${key}`,
          org.id,
          ...fields.map((field) => template[field]),
          at,
          at,
        ],
      );
    }
  }
}
