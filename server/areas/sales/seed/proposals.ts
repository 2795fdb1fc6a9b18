/**
 * Demo proposals at Acme: two templates, and a proposal in each state — a draft,
 * one sent, one the client has viewed (Northwind, whose portal user can accept
 * it), one accepted and signed with its sent revision and SHA-256, one declined
 * and one past its valid-until day (read as Expired). Line amounts and totals are
 * computed by the proposal declaration's own expressions, and each sent revision
 * by the same code the Send action runs, so what is seeded is what the engine
 * would store. Acme's approval thresholds are a line discount over 20% or a
 * total over 50,000. Uses no random stream.
 */
import type { Queryable, SqlValue } from "../../../db/database.ts";
import { ORGS } from "../../../db/seed/demo-people.ts";
import {
  insertRecord,
  nextSeriesNames,
  replaceChildren,
} from "../../../records/engine/record-store.ts";
import { evaluateExpression, parseExpression } from "../../../../schemas/records/expression.ts";
import { roundMoney } from "../../../../schemas/money/rounding.ts";
import { PROPOSAL } from "../types/proposal.ts";
import { PROPOSAL_TEMPLATE } from "../types/proposal-template.ts";
import { revisionContent, sha256Hex } from "../proposals/proposal-revision.ts";
import { APPROVAL_KEY } from "../proposals/approval-thresholds.ts";

const DAY = 86_400_000;
const SALES = "usr_acme_sales";
const ORG = ORGS.acme.id;

type Line = [section: string, description: string, quantity: number, rate: number, options?: {
  discount?: number;
  optional?: boolean;
  selected?: boolean;
}];

const WEBSITE_LINES: Line[] = [
  ["Discovery", "Discovery workshops (days)", 2, 1200],
  ["Design", "User experience and visual design (days)", 5, 900],
  ["Build", "Build and integration (days)", 15, 850, { discount: 5 }],
  ["Launch", "Training day for your team", 1, 700, { optional: true }],
];

const RETAINER_LINES: Line[] = [
  ["Monthly", "Consulting retainer (month)", 1, 4000],
  ["Extras", "Quarterly board report", 1, 900, { optional: true }],
];

const TERMS =
  "Prices exclude VAT. Invoices are due 30 days from issue. The deposit is invoiced on acceptance and set against the final invoice.";

const LINE_FIELDS = PROPOSAL.field.get("lines")!.childFields!;
const FORMULAS = LINE_FIELDS.flatMap((f) =>
  f.computed && "expression" in f.computed
    ? [{ id: f.id, expression: parseExpression(f.computed.expression) }]
    : []
);

/** A line's stored values, its amounts by the declaration's formulas. */
function priced([section, description, quantity, rate, options]: Line): Record<string, SqlValue> {
  const values: Record<string, unknown> = {
    section,
    description,
    quantity,
    rate,
    discount_percent: options?.discount ?? 0,
    inclusive_rate: 0,
    exclusive_rate: 0,
    optional: !!options?.optional,
    selected: !!options?.selected,
  };
  for (const { id, expression } of FORMULAS) {
    const value = evaluateExpression(expression, values, { today: "2000-01-01" });
    values[id] = typeof value === "number" ? roundMoney(value) : 0;
  }
  const row: Record<string, SqlValue> = {};
  for (const [key, value] of Object.entries(values)) {
    row[key] = typeof value === "boolean" ? (value ? 1 : 0) : value as SqlValue;
  }
  return row;
}

const sum = (rows: Record<string, SqlValue>[], column: string) =>
  roundMoney(rows.reduce((total, row) => total + Number(row[column] ?? 0), 0));

const iso = (ms: number) => new Date(ms).toISOString();
const day = (ms: number) => iso(ms).slice(0, 10);

interface DemoProposal {
  id: string;
  title: string;
  client: string;
  status: "draft" | "sent" | "viewed" | "accepted" | "declined";
  /** Days before the seed day it was written. */
  written: number;
  /** Days after the seed day it is valid until (negative: already past). */
  validFor: number;
  lines: Line[];
  deposit?: number;
  template?: string;
  /** The name of the project template whose plan acceptance starts. */
  plan?: string;
  signedBy?: string;
}

const PROPOSALS: DemoProposal[] = [
  {
    id: "pro_acme_draft",
    title: "Loyalty app discovery",
    client: "cli_contoso",
    status: "draft",
    written: 1,
    validFor: 29,
    lines: RETAINER_LINES,
    template: "ptpl_acme_retainer",
  },
  {
    id: "pro_acme_sent",
    title: "Data platform audit",
    client: "cli_fabrikam",
    status: "sent",
    written: 3,
    validFor: 27,
    lines: [["Audit", "Platform audit (days)", 6, 1100], [
      "Audit",
      "Written recommendations",
      1,
      1500,
    ]],
  },
  {
    id: "pro_acme_viewed",
    title: "Store relaunch, phase 2",
    client: "cli_northwind",
    status: "viewed",
    written: 5,
    validFor: 25,
    lines: WEBSITE_LINES,
    deposit: 30,
    template: "ptpl_acme_website",
    plan: "Web application",
  },
  {
    id: "pro_acme_accepted",
    title: "Website redesign",
    client: "cli_northwind",
    status: "accepted",
    written: 40,
    validFor: -10,
    lines: WEBSITE_LINES.map((
      [s, d, q, r, o],
    ) => [s, d, q, r, { ...o, selected: !!o?.optional }] as Line),
    template: "ptpl_acme_website",
    signedBy: "Nancy Davolio",
  },
  {
    id: "pro_acme_declined",
    title: "Mobile ordering",
    client: "cli_tailspin",
    status: "declined",
    written: 20,
    validFor: 10,
    lines: [["Build", "Mobile ordering app (days)", 30, 850]],
  },
  {
    id: "pro_acme_expired",
    title: "Investor reporting portal",
    client: "cli_wingtip",
    status: "sent",
    written: 45,
    validFor: -15,
    lines: [["Build", "Reporting portal (days)", 12, 900]],
  },
];

/** Seeds the templates and proposals (in the seed's transaction). */
export async function seedProposals(tx: Queryable, today: number): Promise<void> {
  // Acme approves inside the firm a line discounted over 20% or a total over 50,000.
  await tx.run(
    `INSERT INTO settings (organization_id, key, value, version, updated_at) VALUES (?, ?, ?, 1, ?)`,
    [
      ORGS.acme.id,
      APPROVAL_KEY,
      JSON.stringify({ discount_percent: 20, total: 50_000 }),
      new Date(today).toISOString(),
    ],
  );
  for (
    const [id, name, description, lines, deposit] of [
      [
        "ptpl_acme_website",
        "Website project",
        "Discovery, design, build and launch",
        WEBSITE_LINES,
        30,
      ],
      ["ptpl_acme_retainer", "Monthly retainer", "A month of consulting", RETAINER_LINES, 0],
    ] as const
  ) {
    await insertRecord(
      tx,
      PROPOSAL_TEMPLATE,
      { id, organizationId: ORG, name, now: iso(today - 60 * DAY), userId: SALES },
      new Map<string, SqlValue>([
        ["template_name", name],
        ["description", description],
        ["valid_days", 30],
        ["deposit_percent", deposit],
        ["introduction", "Thank you for the chance to propose this work. Here is what we will do."],
        ["terms", TERMS],
        ["active", 1],
      ]),
    );
    await replaceChildren(
      tx,
      PROPOSAL_TEMPLATE,
      "lines",
      { organizationId: ORG, id },
      lines.map(([section, desc, quantity, rate, options]) => ({
        section,
        description: desc,
        quantity,
        rate,
        discount_percent: options?.discount ?? 0,
        optional: options?.optional ? 1 : 0,
      })),
    );
  }
  const series = (PROPOSAL.declaration.naming as { series: string }).series;
  // Numbered in the order they were written, from the organisation's own series.
  for (const p of [...PROPOSALS].sort((a, b) => b.written - a.written)) {
    const written = today - p.written * DAY;
    const [name] = await nextSeriesNames(tx, ORG, series, iso(written));
    const sentAt = p.status === "draft" ? null : iso(written + DAY);
    const lines = p.lines.map(priced);
    const plan = p.plan
      ? (await tx.get<{ id: string }>(
        "SELECT id FROM project_templates WHERE organization_id = ? AND name = ?",
        [ORG, p.plan],
      ))?.id ?? null
      : null;
    const values: Record<string, SqlValue> = {
      title: p.title,
      client_id: p.client,
      owner: SALES,
      date: day(written),
      valid_until: day(today + p.validFor * DAY),
      currency: "USD",
      template: p.template ?? null,
      project_template: plan,
      deposit_percent: p.deposit ?? 0,
      introduction: "Thank you for the chance to propose this work. Here is what we will do.",
      net_total: sum(lines, "counted_net"),
      tax_total: sum(lines, "counted_tax"),
      grand_total: sum(lines, "counted_amount"),
      terms: TERMS,
      revision: 1,
      sent_at: sentAt,
      viewed_at: p.status === "draft" || p.status === "sent" ? null : iso(written + 2 * DAY),
      signature_name: p.signedBy ?? "",
      accepted_at: p.signedBy ? iso(written + 3 * DAY) : null,
    };
    const columns = new Map<string, SqlValue>(
      Object.entries(values).map(([field, value]) => [
        PROPOSAL.field.get(field)?.column ?? field,
        value,
      ]),
    );
    await insertRecord(tx, PROPOSAL, {
      id: p.id,
      organizationId: ORG,
      name,
      now: iso(written),
      userId: SALES,
      status: p.status,
    }, columns);
    await replaceChildren(tx, PROPOSAL, "lines", { organizationId: ORG, id: p.id }, lines);
    if (sentAt) {
      // What was sent: the revision as the Send action freezes it (picks come later).
      const sent = p.lines.map(([s, d, q, r, o]) =>
        priced([s, d, q, r, { ...o, selected: false }])
      );
      const record = {
        ...values,
        name,
        client: p.client,
        net_total: sum(sent, "counted_net"),
        tax_total: sum(sent, "counted_tax"),
        grand_total: sum(sent, "counted_amount"),
        lines: sent,
      };
      const content = revisionContent(record, 1);
      await replaceChildren(tx, PROPOSAL, "revisions", { organizationId: ORG, id: p.id }, [{
        revision: 1,
        sent_at: sentAt,
        grand_total: record.grand_total,
        sha256: await sha256Hex(content),
        changes: "",
        content,
      }]);
    }
  }
}
