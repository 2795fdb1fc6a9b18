/**
 * Email templates through HTTP: a template saves only when its subject and body
 * parse (a syntax error is a 400 naming the field and its line) and name merge
 * fields its record type has (an unknown one is a 400 naming the field and the
 * merge field), and nothing is stored when refused. Its preview renders it
 * against a real record as the caller may read it: linked records' fields, values
 * escaped in HTML, the invoice's PDF attached, fields above the caller's level
 * left empty, and not found for a record the caller may not read. A template's
 * mail goes to the outbox with its PDF, and out over SMTP with it. Runs on SQLite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { assertInvalidFields, errorOf, jsonOf } from "../../../testing/http-assertions.ts";
import { createAccessResolver } from "../../../platform/access/resolver.ts";
import { deliverDueMail } from "../../../platform/mail/delivery.ts";
import { createSmtpTransport } from "../../../platform/mail/smtp-transport.ts";
import { startSmtpTestServer } from "../../../platform/mail/smtp-test-server.ts";
import type { MailAttachment, OutboxRow } from "../../../platform/mail/outbox.ts";
import { sendTemplateMail } from "./send-template-mail.ts";
import { renderEmailTemplate } from "./render-template.ts";

type Row = Record<string, unknown>;

interface Preview {
  subject: string;
  html: string;
  text: string;
  attachments: { filename: string; content_type: string; size: number }[];
}

const INVOICE_TEMPLATE = "etpl_org_acme_invoice_overdue";

async function withApp(fn: (t: TestApp, admin: string) => Promise<void>): Promise<void> {
  const t = await createTestApp();
  try {
    await fn(t, await t.tokenFor("admin@acme.test"));
  } finally {
    await t.close();
  }
}

function createTemplate(t: TestApp, token: string, values: Row) {
  return t.call("POST", "/api/records/email_template", {
    token,
    body: { values: { format: "html", ...values } },
  });
}

async function templateCount(t: TestApp): Promise<number> {
  const row = await t.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM email_templates");
  return Number(row!.n);
}

function preview(t: TestApp, token: string, template: string, recordId: string) {
  return t.call("POST", `/api/automation/email-templates/${template}/preview`, {
    token,
    body: { record_id: recordId },
  });
}

async function firstOf(t: TestApp, token: string, type: string, body: Row = {}): Promise<Row> {
  const { items } = await jsonOf<{ items: Row[] }>(
    await t.call("POST", `/api/records/${type}/list`, { token, body: { limit: 50, ...body } }),
  );
  ok(items.length > 0, `the demo has ${type} records`);
  return items[0];
}

/** Lets the demo member read email templates (administrators alone do by default). */
async function grantMemberTemplates(t: TestApp): Promise<void> {
  await t.db.run(
    `INSERT INTO role_permissions (organization_id, role_id, permission)
     SELECT organization_id, id, 'automation_email_templates.read' FROM roles
      WHERE organization_id = 'org_acme' AND name = 'member'
     ON CONFLICT DO NOTHING`,
  );
}

Deno.test("an administrator saves a template whose merge fields its record type has", async () => {
  await withApp(async (t, admin) => {
    const { record } = await jsonOf<{ record: Row }>(
      await createTemplate(t, admin, {
        name: "Payment reminder",
        record_type: "invoice",
        subject: "Reminder: {{ name }}",
        body: "<p>{{ client.name }} owes {{ outstanding }} since {{ due_date }}.</p>\n" +
          "{% for line in lines %}<p>{{ line.description }}</p>{% endfor %}",
        attach_pdf: true,
      }),
      201,
    );
    assertEquals(record.record_type, "invoice");
    assertEquals(record.attach_pdf, true);
    const { items } = await jsonOf<{ items: Row[] }>(
      await t.call("POST", "/api/records/email_template/list", { token: admin, body: {} }),
    );
    assertEquals(
      items.map((i) => i.name).sort(),
      [
        "Invoice overdue",
        "Lead qualified",
        // Lead nurturing's demo templates (sales/seed/nurture-sequences.ts).
        "Nurture: after the event",
        "Nurture: case study",
        "Nurture: check-in",
        "Nurture: welcome",
        "Payment reminder",
      ],
    );
  });
});

Deno.test("a template with a syntax error is refused naming the field and its line", async () => {
  await withApp(async (t, admin) => {
    const before = await templateCount(t);
    const body = await assertInvalidFields(
      await createTemplate(t, admin, {
        name: "Broken",
        record_type: "invoice",
        subject: "Invoice {{ name }}",
        body: "<p>Hello</p>\n<p>{{ name }}</p>\n{% if outstanding %}\n<p>due</p>",
      }),
      "body",
    );
    ok(/line 3/.test(body.details!.fields!.body), body.details!.fields!.body);
    const subject = await assertInvalidFields(
      await createTemplate(t, admin, {
        name: "Broken subject",
        record_type: "invoice",
        subject: "Invoice {{ name ",
        body: "<p>Hello</p>",
      }),
      "subject",
    );
    ok(/line 1/.test(subject.details!.fields!.subject), subject.details!.fields!.subject);
    const filter = await assertInvalidFields(
      await createTemplate(t, admin, {
        name: "Unknown filter",
        record_type: "invoice",
        subject: "Invoice",
        body: "<p>a</p>\n{{ name | shout }}",
      }),
      "body",
    );
    ok(/line 2.*shout/.test(filter.details!.fields!.body), filter.details!.fields!.body);
    assertEquals(await templateCount(t), before, "nothing is stored");
  });
});

Deno.test("a merge field the record type lacks is refused naming it", async () => {
  await withApp(async (t, admin) => {
    const before = await templateCount(t);
    const error = await assertInvalidFields(
      await createTemplate(t, admin, {
        name: "Unknown fields",
        record_type: "invoice",
        subject: "{{ name }} for {{ customer_name }}",
        body: "<p>{{ client.nickname }} {{ client.name }}</p>",
      }),
      "subject",
      "body",
    );
    ok(error.details!.fields!.subject.includes('"customer_name"'), error.details!.fields!.subject);
    ok(error.details!.fields!.body.includes('"client.nickname"'), error.details!.fields!.body);
    await assertInvalidFields(
      await createTemplate(t, admin, {
        name: "Files",
        record_type: "invoice",
        subject: "x",
        body: "{% include 'secrets' %}",
      }),
      "body",
    );
    await assertInvalidFields(
      await createTemplate(t, admin, {
        name: "Lead with PDF",
        record_type: "lead",
        subject: "{{ name }}",
        body: "Hello",
        attach_pdf: true,
      }),
      "attach_pdf",
    );
    await assertInvalidFields(
      await createTemplate(t, admin, {
        name: "No type",
        record_type: "no_such_type",
        subject: "x",
        body: "y",
      }),
      "record_type",
    );
    assertEquals(await templateCount(t), before, "nothing is stored");
  });
});

Deno.test("a change that breaks a saved template is refused too", async () => {
  await withApp(async (t, admin) => {
    const { record } = await jsonOf<{ record: Row }>(
      await t.call("GET", `/api/records/email_template/${INVOICE_TEMPLATE}`, { token: admin }),
    );
    await assertInvalidFields(
      await t.call("PATCH", `/api/records/email_template/${INVOICE_TEMPLATE}`, {
        token: admin,
        body: { version: record.version, values: { record_type: "lead" } },
      }),
      "subject",
      "body",
    );
  });
});

Deno.test("the preview renders a real invoice: its values, its client's and its PDF", async () => {
  await withApp(async (t, admin) => {
    const invoice = await firstOf(t, admin, "invoice", {
      filters: [{ field: "outstanding", op: "gt", value: 0 }],
    });
    const { record } = await jsonOf<{ record: Row }>(
      await t.call("GET", `/api/records/invoice/${invoice.id}`, { token: admin }),
    );
    const client = await jsonOf<{ record: Row }>(
      await t.call("GET", `/api/records/client/${record.client}`, { token: admin }),
    );
    const mail = await jsonOf<Preview>(
      await preview(t, admin, INVOICE_TEMPLATE, String(invoice.id)),
    );
    ok(mail.subject.startsWith(`Invoice ${record.name} is overdue: `), mail.subject);
    const money = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: String(record.currency),
    }).format(Number(record.outstanding));
    ok(mail.subject.endsWith(`${money} outstanding`), `${mail.subject} / ${money}`);
    const clientName = String(client.record.name).replace(/&/g, "&amp;");
    ok(mail.html.includes(`Dear ${clientName},`), mail.html);
    ok(mail.html.includes(`/app/invoices/${invoice.id}`), "links to the invoice");
    ok(mail.text.includes(`Dear ${client.record.name},`), mail.text);
    ok(!mail.text.includes("<p>"), "the text version has no tags");
    assertEquals(mail.attachments.length, 1);
    assertEquals(mail.attachments[0].content_type, "application/pdf");
    ok(mail.attachments[0].filename.endsWith(".pdf"), mail.attachments[0].filename);
    ok(mail.attachments[0].size > 1000, "a PDF's worth of bytes");
    const { items } = await jsonOf<{ items: { id: string; title: string }[] }>(
      await t.call("GET", `/api/automation/email-templates/${INVOICE_TEMPLATE}/records?q=`, {
        token: admin,
      }),
    );
    ok(items.length > 0, "invoices to pick from");
  });
});

Deno.test("values are escaped in an HTML body and written as they are in a text one", async () => {
  await withApp(async (t, admin) => {
    const lead = (await jsonOf<{ record: Row }>(
      await t.call("POST", "/api/records/lead", {
        token: admin,
        body: {
          values: { name: "<script>alert('x')</script>", company: "Evil & Co", source: "website" },
        },
      }),
      201,
    )).record;
    const html = (await jsonOf<{ record: Row }>(
      await createTemplate(t, admin, {
        name: "Lead hello",
        record_type: "lead",
        subject: "Hello {{ name }}",
        body: "<p>Hello {{ name }} of {{ company }}, stage {{ stage }}</p>",
      }),
      201,
    )).record;
    const mail = await jsonOf<Preview>(await preview(t, admin, String(html.id), String(lead.id)));
    ok(!mail.html.includes("<script>"), mail.html);
    ok(
      mail.html.includes("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; of Evil &amp; Co"),
      mail.html,
    );
    ok(mail.html.includes("stage New"), "a select reads as its label");
    assertEquals(mail.subject, "Hello <script>alert('x')</script>");
    ok(mail.text.includes("Hello <script>alert('x')</script> of Evil & Co"), mail.text);
    const text = await jsonOf<Preview>(
      await preview(t, admin, "etpl_org_acme_lead_qualified", String(lead.id)),
    );
    ok(text.text.startsWith("Dear <script>alert('x')</script>,"), text.text);
    ok(!text.html.includes("<script>"), text.html);
    assertEquals(text.attachments, []);
  });
});

Deno.test("a caller previews only records they may read", async () => {
  await withApp(async (t, admin) => {
    await grantMemberTemplates(t);
    const member = await t.tokenFor("member@acme.test");
    const template = (await jsonOf<{ record: Row }>(
      await createTemplate(t, admin, {
        name: "Task update",
        record_type: "task",
        subject: "{{ title }}",
        body: "<p>{{ title }}: {{ status }}</p>",
      }),
      201,
    )).record;
    const { items } = await jsonOf<{ items: Row[] }>(
      await t.call("POST", "/api/records/task/list", {
        token: admin,
        body: { limit: 500, fields: ["title", "assignee", "created_by"] },
      }),
    );
    const theirs = items.find((i) => i.assignee === "usr_acme_member");
    const others = items.find((i) =>
      i.assignee !== "usr_acme_member" && i.created_by !== "usr_acme_member"
    );
    ok(theirs && others, "the demo has tasks of the member and of others");
    const own = await jsonOf<Preview>(
      await preview(t, member, String(template.id), String(theirs.id)),
    );
    assertEquals(own.subject, theirs.title);
    await errorOf(
      await preview(t, member, String(template.id), String(others.id)),
      404,
      "not_found",
    );
    const invoice = await firstOf(t, admin, "invoice");
    await errorOf(
      await preview(t, member, INVOICE_TEMPLATE, String(invoice.id)),
      404,
      "not_found",
    );
    await assertInvalidFields(
      await t.call("POST", `/api/automation/email-templates/${template.id}/preview`, {
        token: admin,
        body: {},
      }),
      "record_id",
    );
    await errorOf(
      await createTemplate(t, member, {
        name: "Mine",
        record_type: "task",
        subject: "x",
        body: "y",
      }),
      403,
      "forbidden",
    );
  });
});

Deno.test("a template's mail goes to the outbox with its PDF, and out with it", async () => {
  await withApp(async (t, admin) => {
    const access = await createAccessResolver(t.db)("usr_acme_admin", "org_acme");
    ok(access);
    const caller = { ...access, sessionId: "ses_test" };
    const invoice = await firstOf(t, admin, "invoice");
    const template = {
      subject: "Invoice {{ name }}",
      body: "<p>{{ client.name }}</p>",
      format: "html",
      record_type: "invoice",
      attach_pdf: true,
    };
    const rendered = await renderEmailTemplate(t.records, caller, template, String(invoice.id));
    assertEquals(rendered.subject, `Invoice ${invoice.name}`);
    const id = await sendTemplateMail(t.records, caller, {
      template,
      recordId: String(invoice.id),
      to: "client@example.test",
    });
    const sent: { row: OutboxRow; files: readonly MailAttachment[] }[] = [];
    const pass = await deliverDueMail(t.db, (row, files) => {
      sent.push({ row, files });
      return Promise.resolve();
    }, { clock: () => t.clock.now + 1000 });
    ok(pass.sent >= 1);
    const mine = sent.find((s) => s.row.id === id);
    ok(mine, "the template's mail was delivered");
    assertEquals(mine.row.kind, "template");
    assertEquals(mine.row.subject, `Invoice ${invoice.name}`);
    assertEquals(mine.files.length, 1);
    assertEquals(mine.files[0].contentType, "application/pdf");
    assertEquals(
      new TextDecoder().decode(mine.files[0].content.slice(0, 5)),
      "%PDF-",
    );
    assertEquals(mine.files[0].content, rendered.attachments[0].content);
  });
});

Deno.test("a template's mail reaches the SMTP server with its PDF attached", async () => {
  const smtp = startSmtpTestServer();
  try {
    await withApp(async (t, admin) => {
      const access = await createAccessResolver(t.db)("usr_acme_finance", "org_acme");
      ok(access);
      const invoice = await firstOf(t, admin, "invoice");
      const { record } = await jsonOf<{ record: Row }>(
        await t.call("GET", `/api/records/email_template/${INVOICE_TEMPLATE}`, { token: admin }),
      );
      await sendTemplateMail(t.records, { ...access, sessionId: "ses_test" }, {
        template: {
          subject: String(record.subject),
          body: String(record.body),
          format: String(record.format),
          record_type: String(record.record_type),
          attach_pdf: record.attach_pdf === true,
        },
        recordId: String(invoice.id),
        to: "accounts@northwind.test",
      });
      const transport = createSmtpTransport(smtp.url, { from: "no-reply@opsuite.test" });
      const pass = await deliverDueMail(t.db, transport, { clock: () => t.clock.now + 1000 });
      ok(pass.sent >= 1 && pass.failed === 0, JSON.stringify(pass));
      const mail = smtp.received.find((m) => m.to.includes("accounts@northwind.test"));
      ok(mail, "the mail reached the server");
      ok(mail.data.includes(`is overdue`), "with its subject");
      ok(mail.data.includes("Content-Type: application/pdf"), "with a PDF part");
      ok(mail.data.includes(`${invoice.name}.pdf`), "named by the invoice's number");
      ok(mail.data.includes("JVBERi0"), "holding the PDF's bytes (base64 of %PDF-)");
    });
  } finally {
    await smtp.close();
  }
});

Deno.test("a field above the reader's level stays empty in their preview", async () => {
  await withApp(async (t, admin) => {
    await grantMemberTemplates(t);
    const member = await t.tokenFor("member@acme.test");
    const template = (await jsonOf<{ record: Row }>(
      await createTemplate(t, admin, {
        name: "Project budget",
        record_type: "project",
        subject: "{{ title }}",
        body: "<p>Budget [{{ budget }}]</p>",
      }),
      201,
    )).record;
    const project = await firstOf(t, member, "project");
    const full = (await jsonOf<{ record: Row }>(
      await t.call("GET", `/api/records/project/${project.id}`, { token: admin }),
    )).record;
    ok(Number(full.budget) > 0, "the demo project has a budget");
    const seen = await jsonOf<Preview>(
      await preview(t, admin, String(template.id), String(project.id)),
    );
    const amount = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2 }).format(
      Number(full.budget),
    );
    ok(seen.html.includes(`Budget [${amount}]`), seen.html);
    const hidden = await jsonOf<Preview>(
      await preview(t, member, String(template.id), String(project.id)),
    );
    ok(hidden.html.includes("Budget []"), hidden.html);
  });
});
