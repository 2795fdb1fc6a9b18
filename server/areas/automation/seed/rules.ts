/**
 * The demo's automation rules at Acme, owned by its administrator: a qualified
 * lead books its discovery call; an expense claim over 1,000 asks the
 * administrators for a second approval; an invoice 7 days overdue tells whoever
 * raised it; a proposal still unanswered 3 days before it expires reminds its
 * owner; every Monday at 9:00 the owners of leads still at Contacted are
 * reminded (each of these with runs in the log on real demo records, their
 * notices seeded with them, already read); and a lead's form has a button, "Send
 * welcome pack", that gives the lead's owner the task of sending it (never run
 * yet). Uses no random stream.
 */
import type { Queryable, SqlValue } from "../../../db/database.ts";
import { ORGS, PEOPLE } from "../../../db/seed/demo-people.ts";
import { insertRecord } from "../../../records/engine/record-store.ts";
import { AUTOMATION_RULE } from "../types/automation-rule.ts";
import { AUTOMATION_RUN } from "../types/automation-run.ts";
import { ruleColumn } from "../rules/rule-columns.ts";
import { runColumn } from "../rules/run-queue.ts";
import { recordLink } from "../../../records/record-link.ts";
import { findRecordType } from "../../../records/catalogue.ts";

interface SeedRule {
  id: string;
  name: string;
  values: Record<string, SqlValue>;
  actions: { action: string; params: unknown }[];
}

const RULES: readonly SeedRule[] = [
  {
    id: "rule_acme_qualified",
    name: "Qualified lead: book the discovery call",
    values: {
      record_type: "lead",
      trigger: "field_changed",
      watch_fields: "stage",
      to_value: "qualified",
    },
    actions: [
      {
        action: "create_record",
        params: {
          type: "task",
          values: {
            title: "Discovery call with {{ name }}",
            assignee: "{{ owner }}",
            due_date: "{{ add_days(today(), 2) }}",
            priority: 3,
          },
        },
      },
      {
        action: "notify",
        params: {
          to: ["owner"],
          message: "{{ name }} is qualified: a discovery call is on your task list.",
        },
      },
    ],
  },
  {
    id: "rule_acme_big_expense",
    name: "Expense claims over 1,000 need a second approval",
    values: {
      record_type: "expense",
      trigger: "state_entered",
      to_value: "submitted",
      condition: "total > 1000",
    },
    actions: [{
      action: "notify",
      params: {
        to: ["role:firm_admin"],
        title: "Second approval needed",
        message: "{{ name }} claims {{ total }}: please approve it as well before it is paid.",
      },
    }],
  },
  {
    id: "rule_acme_overdue",
    name: "Invoice 7 days overdue: tell whoever raised it",
    values: {
      record_type: "invoice",
      trigger: "date_offset",
      date_field: "due_date",
      offset_amount: 7,
      offset_unit: "days",
      offset_direction: "after",
      condition: "outstanding > 0",
    },
    actions: [{
      action: "notify",
      params: {
        to: ["created_by"],
        title: "Invoice a week overdue",
        message:
          "{{ name }} for {{ client.name }} is 7 days overdue with {{ outstanding }} outstanding.",
      },
    }],
  },
  {
    id: "rule_acme_proposal_expiry",
    name: "Proposal expires in 3 days: remind its owner",
    values: {
      record_type: "proposal",
      trigger: "date_offset",
      date_field: "valid_until",
      offset_amount: 3,
      offset_unit: "days",
      offset_direction: "before",
      condition: "status == 'sent' or status == 'viewed'",
    },
    actions: [{
      action: "notify",
      params: {
        to: ["record.owner"],
        title: "Proposal expires soon",
        message:
          "{{ name }} ({{ title }}) expires on {{ valid_until }} without an answer: follow it up or revise it.",
      },
    }],
  },
  {
    id: "rule_acme_monday",
    name: "Monday 9:00: chase leads still at Contacted",
    values: {
      record_type: "lead",
      trigger: "schedule",
      schedule: "0 9 * * 1",
      condition: "stage == 'contacted'",
    },
    actions: [{
      action: "notify",
      params: { to: ["owner"], message: "{{ name }} is still at Contacted: time for a follow-up." },
    }],
  },
  {
    id: "rule_acme_welcome",
    name: "Send welcome pack",
    values: { record_type: "lead", trigger: "manual" },
    actions: [{
      action: "create_record",
      params: {
        type: "task",
        values: {
          title: "Send the welcome pack to {{ name }}",
          assignee: "{{ owner }}",
          due_date: "{{ add_days(today(), 1) }}",
          priority: 2,
        },
      },
    }],
  },
];

/** The next Monday 9:00 UTC after `today` (the demo organisation keeps UTC). */
function nextMonday(today: number): string {
  const at = new Date(today + 9 * 3_600_000);
  do at.setUTCDate(at.getUTCDate() + 1); while (at.getUTCDay() !== 1);
  return at.toISOString();
}

/** Seeds the rules and their runs (in the seed's transaction). */
export async function seedAutomationRules(tx: Queryable, today: number): Promise<void> {
  const admin = PEOPLE.find((p) => p.email === "admin@acme.test")!.id;
  const organization = ORGS.acme.id;
  const at = (ms: number) => new Date(ms).toISOString();
  const created = at(today - 20 * 86_400_000);
  for (const rule of RULES) {
    const columns = new Map<string, SqlValue>([
      [ruleColumn("name"), rule.name],
      [ruleColumn("active"), 1],
      [ruleColumn("owner"), admin],
      [ruleColumn("rate_limit"), 600],
      [ruleColumn("failures"), 0],
      [ruleColumn("rotation"), 0],
      [ruleColumn("dates_planned"), 0],
      [ruleColumn("next_run_at"), rule.values.trigger === "schedule" ? nextMonday(today) : null],
      [ruleColumn("last_run_at"), null],
      ...Object.entries(rule.values).map(([f, v]) => [ruleColumn(f), v] as [string, SqlValue]),
    ]);
    await insertRecord(tx, AUTOMATION_RULE, {
      id: rule.id,
      organizationId: organization,
      name: rule.name,
      now: created,
      userId: admin,
    }, columns);
    for (const [i, step] of rule.actions.entries()) {
      await tx.run(
        `INSERT INTO automation_rule_actions (id, organization_id, rule_id, idx, action, params)
         VALUES (?, ?, ?, ?, ?, ?)`,
        [
          `${rule.id}_a${i + 1}`,
          organization,
          rule.id,
          i,
          step.action,
          JSON.stringify(step.params),
        ],
      );
    }
  }
  await seedRuns(tx, { organization, admin, today });
}

interface Past {
  rule: string;
  type: string;
  id: string;
  name: string;
  trigger: string;
  notice: { to: string; title: string; message: string };
  daysAgo: number;
}

/** Runs of the rules on the demo's own records, with the notices they gave. */
async function seedRuns(
  tx: Queryable,
  scope: { organization: string; admin: string; today: number },
): Promise<void> {
  const past: Past[] = [];
  const claims = await tx.all<{ id: string; name: string; total: number }>(
    "SELECT id, name, total FROM expenses WHERE organization_id = ? AND total > 1000 ORDER BY name LIMIT 2",
    [scope.organization],
  );
  for (const [i, claim] of claims.entries()) {
    past.push({
      rule: "rule_acme_big_expense",
      type: "expense",
      id: claim.id,
      name: claim.name,
      trigger: "state_entered",
      notice: {
        to: scope.admin,
        title: "Second approval needed",
        message: `${claim.name} claims ${
          Number(claim.total).toFixed(2)
        }: please approve it as well before it is paid.`,
      },
      daysAgo: 6 - i * 3,
    });
  }
  const overdue = await tx.all<{ id: string; name: string; created_by: string; client: string }>(
    `SELECT i.id, i.name, i.created_by, c.name AS client FROM invoices i JOIN clients c ON c.id = i.client_id
      WHERE i.organization_id = ? AND i.outstanding > 0 AND i.docstatus = 1 AND i.due_date < ?
      ORDER BY i.due_date LIMIT 2`,
    [scope.organization, new Date(scope.today - 7 * 86_400_000).toISOString().slice(0, 10)],
  );
  for (const [i, invoice] of overdue.entries()) {
    past.push({
      rule: "rule_acme_overdue",
      type: "invoice",
      id: invoice.id,
      name: invoice.name,
      trigger: "date_offset",
      notice: {
        to: invoice.created_by ?? scope.admin,
        title: "Invoice a week overdue",
        message: `${invoice.name} for ${invoice.client} is 7 days overdue.`,
      },
      daysAgo: 4 - i,
    });
  }
  const leads = await tx.all<{ id: string; name: string; owner: string | null }>(
    "SELECT id, name, assigned_to AS owner FROM leads WHERE organization_id = ? AND status = 'contacted' ORDER BY name LIMIT 3",
    [scope.organization],
  );
  for (const lead of leads) {
    past.push({
      rule: "rule_acme_monday",
      type: "lead",
      id: lead.id,
      name: lead.name,
      trigger: "schedule",
      notice: {
        to: lead.owner ?? scope.admin,
        title: "Monday 9:00: chase leads still at Contacted",
        message: `${lead.name} is still at Contacted: time for a follow-up.`,
      },
      daysAgo: 5,
    });
  }
  const qualified = await tx.all<{ id: string; name: string; owner: string | null }>(
    "SELECT id, name, assigned_to AS owner FROM leads WHERE organization_id = ? AND status = 'qualified' ORDER BY name LIMIT 2",
    [scope.organization],
  );
  for (const lead of qualified) {
    past.push({
      rule: "rule_acme_qualified",
      type: "lead",
      id: lead.id,
      name: lead.name,
      trigger: "field_changed",
      notice: {
        to: lead.owner ?? scope.admin,
        title: "Qualified lead: book the discovery call",
        message: `${lead.name} is qualified: a discovery call is on your task list.`,
      },
      daysAgo: 2,
    });
  }
  const last = new Map<string, string>();
  for (const [n, run] of past.entries()) {
    const when = new Date(scope.today - run.daysAgo * 86_400_000 + 9 * 3_600_000 + n * 60_000)
      .toISOString();
    const name = `RUN-ACME${String(n + 1).padStart(4, "0")}`;
    const type = findRecordType(run.type)!;
    if ((last.get(run.rule) ?? "") < when) last.set(run.rule, when);
    const log = `1. Notify in the app → Told 1 person: ${run.notice.title}`;
    const id = `arun_acme_${String(n + 1).padStart(3, "0")}`;
    await insertRecord(
      tx,
      AUTOMATION_RUN,
      {
        id,
        organizationId: scope.organization,
        name,
        now: when,
        userId: scope.admin,
      },
      new Map<string, SqlValue>([
        [runColumn("reference"), name],
        [runColumn("rule"), run.rule],
        [runColumn("record_type"), run.type],
        [runColumn("record_id"), run.id],
        [runColumn("record_name"), run.name],
        [runColumn("trigger"), run.trigger],
        [runColumn("status"), "succeeded"],
        [runColumn("due_at"), when],
        [runColumn("started_at"), when],
        [runColumn("finished_at"), new Date(Date.parse(when) + 180).toISOString()],
        [runColumn("depth"), 1],
        [runColumn("step"), 1],
        [runColumn("attempts"), 1],
        [runColumn("run_key"), `seed:${id}`],
        [runColumn("error"), ""],
        [runColumn("log"), log],
        [runColumn("snapshot"), ""],
      ]),
    );
    await tx.run(
      `INSERT INTO notifications (id, organization_id, user_id, title, message, category, read, created_at, link)
       VALUES (?, ?, ?, ?, ?, 'automation', 1, ?, ?)`,
      [
        `ntf_${id}`,
        scope.organization,
        run.notice.to,
        run.notice.title,
        run.notice.message,
        when,
        recordLink(type, run.id),
      ],
    );
  }
  for (const [rule, when] of last) {
    await tx.run(
      `UPDATE ${AUTOMATION_RULE.table} SET ${ruleColumn("last_run_at")} = ? WHERE id = ?`,
      [
        when,
        rule,
      ],
    );
  }
}
