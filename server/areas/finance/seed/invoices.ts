/**
 * Demo finance, part one: tax templates for both organisations (Acme's items get
 * the template matching their tax rate), a year of Acme invoices (about two a
 * week over its main clients, numbered in issue order per year, submitted and
 * open — payments are seeded by money.ts, which settles some and pays part of
 * others — with a few recent drafts, one cancelled invoice and a credit note), and
 * a few for Globex. Line amounts are computed by the invoice declaration's own
 * expressions, so seeded totals are what the engine would store. Runs after the
 * item master (items.ts), with its own random stream.
 */
import type { Queryable } from "../../../db/database.ts";
import { newId } from "../../../platform/ids.ts";
import { nextSeriesNames } from "../../../records/engine/record-store.ts";
import { INVOICE } from "../types/invoice.ts";
import { evaluateExpression, parseExpression } from "../../../../schemas/records/expression.ts";
import { SeededRandom } from "../../../db/seed/random.ts";
import { ORGS } from "../../../db/seed/demo-people.ts";
import { ORG_ADMINS } from "../../../db/seed/demo-people.ts";
import { roundMoney } from "../../../../schemas/money/rounding.ts";

const INVOICES_SEED = 20261516;
const DAY = 86_400_000;

/** Title, then each row: tax name, rate, included in price. */
const TEMPLATES: Record<keyof typeof ORGS, [string, [string, number, boolean][]][]> = {
  acme: [
    ["VAT 20%", [["VAT", 20, false]]],
    ["VAT 20% included", [["VAT", 20, true]]],
    ["Reduced rate 5%", [["VAT", 5, false]]],
    ["Zero rated", [["VAT", 0, false]]],
  ],
  globex: [["Sales tax 8%", [["Sales tax", 8, false]]]],
};

const ACME_CLIENTS = [
  "cli_northwind",
  "cli_northwind",
  "cli_contoso",
  "cli_fabrikam",
  "cli_tailspin",
  "cli_wingtip",
  "cli_litware",
];

const LINE_FIELDS = INVOICE.field.get("lines")!.childFields!;
const LINE_FORMULAS = LINE_FIELDS.flatMap((f) =>
  f.computed && "expression" in f.computed
    ? [{ field: f, expression: parseExpression(f.computed.expression) }]
    : []
);

interface Line {
  item_id: string;
  description: string;
  quantity: number;
  rate: number;
  discount_percent: number;
  tax_template_id: string | null;
  inclusive_rate: number;
  exclusive_rate: number;
  net_amount: number;
  tax_amount: number;
  amount: number;
}

/** A line's amounts by the declaration's formulas. */
function priced(line: Omit<Line, "net_amount" | "tax_amount" | "amount">): Line {
  const values: Record<string, unknown> = { ...line };
  for (const { field, expression } of LINE_FORMULAS) {
    const value = evaluateExpression(expression, values, { today: "2000-01-01" });
    values[field.id] = typeof value === "number" ? roundMoney(value) : 0;
  }
  return values as unknown as Line;
}

interface Template {
  id: string;
  inclusive: number;
  exclusive: number;
}

async function seedTemplates(
  tx: Queryable,
  org: keyof typeof ORGS,
  random: SeededRandom,
  created: string,
): Promise<Map<string, Template>> {
  const byTitle = new Map<string, Template>();
  for (const [title, rows] of TEMPLATES[org]) {
    const id = newId("txt", random.next);
    const inclusive = rows.reduce((s, [, rate, incl]) => s + (incl ? rate : 0), 0);
    const exclusive = rows.reduce((s, [, rate, incl]) => s + (incl ? 0 : rate), 0);
    await tx.run(
      `INSERT INTO tax_templates (id, organization_id, name, created_at, created_by, updated_at, title, inclusive_rate, exclusive_rate)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [id, ORGS[org].id, title, created, ORG_ADMINS[org], created, title, inclusive, exclusive],
    );
    for (const [idx, [name, rate, included]] of rows.entries()) {
      await tx.run(
        `INSERT INTO tax_template_rows (id, organization_id, tax_template_id, idx, tax_name, rate, included_in_price, included_rate, added_rate)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          `${id}.${idx}`,
          ORGS[org].id,
          id,
          idx,
          name,
          rate,
          included ? 1 : 0,
          included ? rate : 0,
          included ? 0 : rate,
        ],
      );
    }
    byTitle.set(title, { id, inclusive, exclusive });
  }
  return byTitle;
}

interface SeedItem {
  id: string;
  name: string;
  rate: number;
  tax_template_id: string | null;
}

/** Gives the organisation's items the template of their tax rate; returns the active ones. */
async function itemsWithTemplates(
  tx: Queryable,
  organizationId: string,
  templates: Map<string, Template>,
): Promise<SeedItem[]> {
  const byRate: Record<number, string | undefined> = {
    20: templates.get("VAT 20%")?.id,
    5: templates.get("Reduced rate 5%")?.id,
    0: templates.get("Zero rated")?.id,
    8: templates.get("Sales tax 8%")?.id,
  };
  const items = await tx.all<{ id: string; name: string; rate: number; tax_rate: number }>(
    "SELECT id, name, rate, tax_rate FROM items WHERE organization_id = ? AND active = 1 ORDER BY name",
    [organizationId],
  );
  const out: SeedItem[] = [];
  for (const item of items) {
    const template = byRate[item.tax_rate] ?? [...templates.values()][0]?.id ?? null;
    await tx.run("UPDATE items SET tax_template_id = ? WHERE id = ?", [template, item.id]);
    out.push({ id: item.id, name: item.name, rate: item.rate, tax_template_id: template });
  }
  return out;
}

interface Plan {
  client: string;
  issue: string;
  docstatus: 0 | 1 | 2;
  lines: Line[];
  returnAgainst?: string;
}

/** Rows waiting to be written, by table, in one multi-row INSERT per chunk. */
class Rows {
  readonly invoices: unknown[][] = [];
  readonly lines: unknown[][] = [];
}

const INVOICE_COLUMNS = [
  "id",
  "organization_id",
  "name",
  "created_at",
  "created_by",
  "updated_at",
  "updated_by",
  "docstatus",
  "client_id",
  "payment_terms_days",
  "issue_date",
  "due_date",
  "currency",
  "net_total",
  "tax_total",
  "grand_total",
  "paid_amount",
  "outstanding",
  "payment_status",
  "is_return",
  "return_against",
];
const LINE_COLUMNS = [
  "id",
  "organization_id",
  "invoice_id",
  "idx",
  "item_id",
  "description",
  "quantity",
  "rate",
  "discount_percent",
  "tax_template_id",
  "inclusive_rate",
  "exclusive_rate",
  "net_amount",
  "tax_amount",
  "amount",
];

async function insertAll(tx: Queryable, table: string, columns: string[], rows: unknown[][]) {
  const one = `(${columns.map(() => "?").join(", ")})`;
  for (let at = 0; at < rows.length; at += 200) {
    const chunk = rows.slice(at, at + 200);
    await tx.run(
      `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${chunk.map(() => one).join(", ")}`,
      chunk.flat() as never,
    );
  }
}

/** Adds an invoice and its lines to `rows`; returns its id. */
function addInvoice(
  rows: Rows,
  org: keyof typeof ORGS,
  plan: Plan & { name: string },
  random: SeededRandom,
): string {
  const organizationId = ORGS[org].id;
  const id = newId("inv", random.next);
  const sum = (key: "net_amount" | "tax_amount" | "amount") =>
    roundMoney(plan.lines.reduce((s, l) => s + l[key], 0));
  const grand = sum("amount");
  const isReturn = plan.returnAgainst !== undefined;
  const status = plan.docstatus === 0
    ? "draft"
    : plan.docstatus === 2
    ? "cancelled"
    : isReturn
    ? "paid"
    : "unpaid";
  const open = plan.docstatus === 1 && !isReturn;
  const due = new Date(Date.parse(plan.issue) + 30 * DAY).toISOString().slice(0, 10);
  const stamp = `${plan.issue}T09:00:00.000Z`;
  rows.invoices.push([
    id,
    organizationId,
    plan.name,
    stamp,
    ORG_ADMINS[org],
    stamp,
    ORG_ADMINS[org],
    plan.docstatus,
    plan.client,
    30,
    plan.issue,
    due,
    "USD",
    sum("net_amount"),
    sum("tax_amount"),
    grand,
    isReturn && plan.docstatus === 1 ? grand : 0,
    open ? grand : 0,
    status,
    isReturn ? 1 : 0,
    plan.returnAgainst ?? null,
  ]);
  for (const [idx, line] of plan.lines.entries()) {
    rows.lines.push([
      `${id}.${idx}`,
      organizationId,
      id,
      idx,
      line.item_id,
      line.description,
      line.quantity,
      line.rate,
      line.discount_percent,
      line.tax_template_id,
      line.inclusive_rate,
      line.exclusive_rate,
      line.net_amount,
      line.tax_amount,
      line.amount,
    ]);
  }
  return id;
}

/** Series names for the plans, in order, allocated per year in one step each. */
async function namesOf(tx: Queryable, organizationId: string, plans: Plan[]): Promise<string[]> {
  const names: string[] = [];
  let at = 0;
  while (at < plans.length) {
    const year = plans[at].issue.slice(0, 4);
    let end = at;
    while (end < plans.length && plans[end].issue.slice(0, 4) === year) end++;
    names.push(
      ...await nextSeriesNames(tx, organizationId, "INV-.YYYY.-.#####", plans[at].issue, end - at),
    );
    at = end;
  }
  return names;
}

function linesFor(
  random: SeededRandom,
  items: SeedItem[],
  templates: Map<string, Template>,
): Line[] {
  const count = random.int(1, 3);
  const byId = new Map([...templates.values()].map((t) => [t.id, t]));
  return Array.from({ length: count }, () => {
    const item = items[random.int(0, items.length - 1)];
    const template = item.tax_template_id ? byId.get(item.tax_template_id) : undefined;
    const hourly = item.rate < 300;
    return priced({
      item_id: item.id,
      description: item.name,
      quantity: hourly ? random.int(4, 60) : random.int(1, 3),
      rate: item.rate,
      discount_percent: random.chance(0.2) ? 10 : 0,
      tax_template_id: template?.id ?? null,
      inclusive_rate: template?.inclusive ?? 0,
      exclusive_rate: template?.exclusive ?? 0,
    });
  });
}

/** Seeds tax templates and invoices (in the seed's transaction). */
export async function seedInvoices(tx: Queryable, today: number): Promise<void> {
  const random = new SeededRandom(INVOICES_SEED);
  const created = new Date(today - 380 * DAY).toISOString();
  const day = (offset: number) => new Date(today - offset * DAY).toISOString().slice(0, 10);
  for (const org of Object.keys(TEMPLATES) as (keyof typeof ORGS)[]) {
    const templates = await seedTemplates(tx, org, random, created);
    const items = await itemsWithTemplates(tx, ORGS[org].id, templates);
    if (items.length === 0) continue;
    const plans: Plan[] = [];
    if (org === "acme") {
      // About two invoices a week over the last year, the newest few still drafts.
      for (let offset = 360; offset >= 0; offset -= random.int(2, 5)) {
        plans.push({
          client: ACME_CLIENTS[random.int(0, ACME_CLIENTS.length - 1)],
          issue: day(offset),
          docstatus: offset < 6 ? 0 : 1,
          lines: linesFor(random, items, templates),
        });
      }
      plans[Math.floor(plans.length / 2)].docstatus = 2;
    } else {
      for (const offset of [75, 40, 12]) {
        const clients = await tx.all<{ id: string }>(
          "SELECT id FROM clients WHERE organization_id = ? ORDER BY id LIMIT 2",
          [ORGS[org].id],
        );
        plans.push({
          client: clients[offset % clients.length].id,
          issue: day(offset),
          docstatus: 1,
          lines: linesFor(random, items, templates),
        });
      }
    }
    const recent = plans.find((p) => org === "acme" && p.docstatus === 1 && p.issue >= day(45));
    if (recent) {
      // A credit note for part of one recent invoice's first line (linked below).
      const first = recent.lines[0];
      plans.push({
        client: recent.client,
        issue: day(20),
        docstatus: 1,
        returnAgainst: "",
        lines: [priced({ ...first, quantity: -Math.max(1, Math.floor(first.quantity / 2)) })],
      });
    }
    const names = await namesOf(tx, ORGS[org].id, plans);
    const rows = new Rows();
    const ids = new Map<Plan, string>();
    for (const [index, plan] of plans.entries()) {
      const against = plan.returnAgainst === undefined ? undefined : ids.get(recent!);
      ids.set(
        plan,
        addInvoice(rows, org, { ...plan, returnAgainst: against, name: names[index] }, random),
      );
    }
    await insertAll(tx, "invoices", INVOICE_COLUMNS, rows.invoices);
    await insertAll(tx, "invoice_lines", LINE_COLUMNS, rows.lines);
  }
}
