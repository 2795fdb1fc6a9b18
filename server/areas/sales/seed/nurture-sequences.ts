/**
 * The demo's lead nurturing, in each organisation: four email templates about a
 * lead, three sequences made of them (one enrolling new leads met at events by
 * its rule, two enrolled by hand), and the first new or contacted leads with an
 * address enrolled by hand at different steps, their next mails due in the days
 * after the seed. Nothing is drawn at random.
 */
import type { Queryable } from "../../../db/database.ts";
import { ORG_ADMINS, ORGS } from "../../../db/seed/demo-people.ts";
import { EMAIL_TEMPLATE } from "../../automation/types/email-template.ts";
import { NURTURE_ENROLLMENT } from "../types/nurture-enrollment.ts";
import { enrolmentColumn, newUnsubscribeToken } from "../nurturing/enrol.ts";
import { nextSeriesNames } from "../../../records/engine/record-store.ts";

const DAY = 86_400_000;

const TEMPLATES = {
  nurture_welcome: {
    name: "Nurture: welcome",
    subject: "Welcome, {{ name }}: how we help teams like {{ company | default: 'yours' }}",
    body: `Dear {{ name }},

Thank you for getting in touch. Over the next weeks we will send you a few short
notes on how firms like {{ company | default: "yours" }} plan, staff and deliver
their projects with us.

Kind regards,
The sales team`,
  },
  nurture_case_study: {
    name: "Nurture: case study",
    subject: "How a team like {{ company | default: 'yours' }} cut delivery time by a third",
    body: `Dear {{ name }},

One of our clients moved its project reporting to us last year and now closes
each month two days earlier. The full case study is a reply away.

Kind regards,
The sales team`,
  },
  nurture_check_in: {
    name: "Nurture: check-in",
    subject: "{{ name }}, shall we talk?",
    body: `Dear {{ name }},

If it is a good time, we would be glad to hear what you are working on and to
show you how we could help. Reply to this mail and we will find a slot.

Kind regards,
The sales team`,
  },
  nurture_event: {
    name: "Nurture: after the event",
    subject: "Good to meet you, {{ name }}",
    body: `Dear {{ name }},

It was good to meet you at the event. As promised, here is a short summary of
what we talked about, and the slides are a reply away.

Kind regards,
The sales team`,
  },
} as const;

type TemplateKey = keyof typeof TEMPLATES;

const SEQUENCES: {
  key: string;
  name: string;
  description: string;
  rule: string;
  steps: [TemplateKey, number][];
}[] = [
  {
    key: "event",
    name: "Event follow-up",
    description: "New leads met at events: a thank-you at once, then a case study and a check-in.",
    rule: "source == 'event' and stage == 'new'",
    steps: [["nurture_event", 0], ["nurture_case_study", 4], ["nurture_check_in", 7]],
  },
  {
    key: "welcome",
    name: "Website welcome",
    description: "Leads from the website: a welcome, a case study a week later, then a check-in.",
    rule: "",
    steps: [["nurture_welcome", 1], ["nurture_case_study", 7], ["nurture_check_in", 14]],
  },
  {
    key: "reengage",
    name: "Re-engage quiet leads",
    description: "Leads that went quiet after the first contact.",
    rule: "",
    steps: [["nurture_check_in", 0], ["nurture_case_study", 10]],
  },
];

/** The hand enrolments: sequence, step reached, days until its mail. */
const ENROLMENTS: [string, number, number][] = [
  ["welcome", 1, 1],
  ["welcome", 2, 3],
  ["welcome", 3, 5],
  ["reengage", 1, 2],
  ["reengage", 2, 6],
];

const tpl = (id: string) => EMAIL_TEMPLATE.field.get(id)!.column;

/** Seeds the templates, sequences and enrolments of every demo organisation. */
export async function seedNurtureSequences(tx: Queryable, today: number): Promise<void> {
  const at = new Date(today).toISOString();
  for (const [orgKey, org] of Object.entries(ORGS) as [keyof typeof ORGS, typeof ORGS.acme][]) {
    const admin = ORG_ADMINS[orgKey];
    for (const [key, t] of Object.entries(TEMPLATES)) {
      await tx.run(
        `INSERT INTO ${EMAIL_TEMPLATE.table} (id, organization_id, ${tpl("name")}, ${
          tpl("record_type")
        }, ${tpl("format")}, ${tpl("subject")}, ${tpl("body")}, ${tpl("attach_pdf")},
            created_at, updated_at)
         VALUES (?, ?, ?, 'lead', 'text', ?, ?, 0, ?, ?)`,
        [`etpl_${org.id}_${key}`, org.id, t.name, t.subject, t.body, at, at],
      );
    }
    for (const sequence of SEQUENCES) {
      const id = `nseq_${org.id}_${sequence.key}`;
      await tx.run(
        `INSERT INTO nurture_sequences (id, organization_id, name, active, description, enrol_rule,
            version, created_at, created_by, updated_at, updated_by)
         VALUES (?, ?, ?, 1, ?, ?, 1, ?, ?, ?, ?)`,
        [id, org.id, sequence.name, sequence.description, sequence.rule, at, admin, at, admin],
      );
      for (const [i, [template, wait]] of sequence.steps.entries()) {
        await tx.run(
          `INSERT INTO nurture_sequence_steps (id, organization_id, sequence_id, idx, position,
              wait_days, email_template)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
          [`${id}_${i + 1}`, org.id, id, i, i + 1, wait, `etpl_${org.id}_${template}`],
        );
      }
    }
    const leads = await tx.all<{ id: string; name: string }>(
      `SELECT id, name FROM leads WHERE organization_id = ? AND status IN ('new', 'contacted')
          AND email <> '' ORDER BY id LIMIT ${ENROLMENTS.length}`,
      [org.id],
    );
    const col = enrolmentColumn;
    for (const [i, lead] of leads.entries()) {
      const [sequence, step, days] = ENROLMENTS[i];
      const sequenceId = `nseq_${org.id}_${sequence}`;
      await tx.run(
        `INSERT INTO ${NURTURE_ENROLLMENT.table} (id, organization_id, name, version, created_at,
            created_by, updated_at, updated_by, ${col("lead")}, ${col("sequence")},
            ${col("current_step")}, ${col("state")}, ${col("next_send_at")},
            ${col("enrolled_via")}, ${col("enrolled_by")}, ${col("active_key")},
            ${col("unsubscribe_token")}, ${col("title")})
         VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, 'active', ?, 'hand', ?, ?, ?, ?)`,
        [
          `nenr_${lead.id}_${sequence}`,
          org.id,
          (await nextSeriesNames(tx, org.id, "NUR-.#####", at))[0],
          at,
          admin,
          at,
          admin,
          lead.id,
          sequenceId,
          step,
          new Date(today + days * DAY).toISOString(),
          admin,
          lead.id,
          newUnsubscribeToken(),
          `${lead.name} in ${SEQUENCES.find((q) => q.key === sequence)!.name}`,
        ],
      );
    }
  }
}
