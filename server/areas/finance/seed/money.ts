/**
 * Demo money: for Acme a year of expense claims (most paid, some approved,
 * waiting or drafts, a few rejected), budget templates, budgets per expense
 * category and one per project (the travel budget close to its limit, one waiting
 * for approval, one draft), and payments against the submitted invoices found at
 * seed time (some invoices settled, some partly paid), applied to each invoice's
 * outstanding amount and payment status the way a submitted payment is. Globex
 * gets a few claims and one budget. Names follow the types' series, so records
 * created later continue them.
 */
import type { Queryable, SqlValue } from "../../../db/database.ts";
import { newId } from "../../../platform/ids.ts";
import { nextSeriesNames } from "../../../records/engine/record-store.ts";
import { movedBalance } from "../invoices/invoice-balance.ts";
import { SeededRandom } from "../../../db/seed/random.ts";
import { ORGS } from "../../../db/seed/demo-people.ts";
import { roundMoney } from "../../../../schemas/money/rounding.ts";

const MONEY_SEED = 20261501;
const DAY = 86_400_000;

const CATEGORIES = [
  "travel",
  "meals",
  "lodging",
  "software",
  "hardware",
  "office_supplies",
  "training",
];
const DESCRIPTIONS: Record<string, string[]> = {
  travel: ["Train to client site", "Flight to workshop", "Taxi from airport", "Car rental"],
  meals: ["Team lunch with client", "Working dinner", "Coffee with prospect"],
  lodging: ["Hotel, two nights", "Hotel near client office"],
  software: ["Design tool licence", "Cloud credits", "Diagramming subscription"],
  hardware: ["Laptop dock", "External monitor", "Headset"],
  office_supplies: ["Printer paper and toner", "Notebooks and pens"],
  training: ["Conference ticket", "Online course", "Certification exam"],
};
const RANGES: Record<string, [number, number]> = {
  travel: [40, 420],
  meals: [15, 160],
  lodging: [90, 380],
  software: [10, 240],
  hardware: [30, 600],
  office_supplies: [8, 90],
  training: [60, 900],
};

/** Who claims and who approves, per organisation. */
const PEOPLE = {
  acme: {
    claimants: [
      "usr_acme_tom",
      "usr_acme_maya",
      "usr_acme_lena",
      "usr_acme_omar",
      "usr_acme_julia",
      "usr_acme_ken",
      "usr_acme_pm",
      "usr_acme_sales",
    ],
    approvers: ["usr_acme_finance", "usr_acme_pm", "usr_acme_admin"],
    creator: "usr_acme_finance",
    approver: "usr_acme_admin",
  },
  globex: {
    claimants: ["usr_globex_ravi", "usr_globex_ines"],
    approvers: ["usr_globex_admin"],
    creator: "usr_globex_admin",
    approver: "usr_globex_admin",
  },
};

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

const round = roundMoney;

async function insert(tx: Queryable, table: string, row: Record<string, SqlValue>): Promise<void> {
  const keys = Object.keys(row);
  await tx.run(
    `INSERT INTO ${table} (${keys.join(", ")}) VALUES (${keys.map(() => "?").join(", ")})`,
    Object.values(row),
  );
}

function stamps(org: string, by: string, at: string, name: string) {
  return {
    organization_id: org,
    name,
    version: 1,
    created_at: at,
    created_by: by,
    updated_at: at,
    updated_by: by,
  };
}

/** A claim's state by its age: old claims are paid, recent ones still on their way. */
function claimState(random: SeededRandom, ageDays: number): string {
  if (random.chance(0.05)) return "rejected";
  if (ageDays > 45) return random.chance(0.92) ? "paid" : "approved";
  if (ageDays > 15) return random.pick(["paid", "approved", "approved", "submitted"]);
  return random.pick(["approved", "submitted", "submitted", "draft"]);
}

async function seedClaims(
  tx: Queryable,
  random: SeededRandom,
  org: keyof typeof PEOPLE,
  options: { today: number; count: number; projects: string[] },
): Promise<void> {
  const orgId = ORGS[org].id;
  const people = PEOPLE[org];
  for (let n = 0; n < options.count; n++) {
    const ageDays = Math.floor((365 * (options.count - n)) / options.count) - random.int(0, 2);
    const day = options.today - Math.max(ageDays, 1) * DAY;
    const claimant = random.pick(people.claimants);
    const approver = random.pick(people.approvers.filter((a) => a !== claimant));
    const status = claimState(random, ageDays);
    const created = iso(day + random.int(8, 17) * 3_600_000);
    const [name] = await nextSeriesNames(tx, orgId, "EXP-.YYYY.-.#####", created);
    const id = newId("exp", random.next);
    const lines = Array.from({ length: random.int(1, 3) }, () => {
      const category = random.pick(CATEGORIES);
      const [low, high] = RANGES[category];
      const amount = round(low + random.next() * (high - low));
      return {
        expense_date: iso(day - random.int(0, 6) * DAY).slice(0, 10),
        category,
        description: random.pick(DESCRIPTIONS[category]),
        amount,
        project_id: options.projects.length > 0 && random.chance(0.45)
          ? random.pick(options.projects)
          : null,
        sanctioned_amount: ["approved", "paid"].includes(status) ? amount : 0,
      };
    });
    const total = round(lines.reduce((s, l) => s + l.amount, 0));
    const sanctioned = round(lines.reduce((s, l) => s + l.sanctioned_amount, 0));
    const approvedAt = ["approved", "paid"].includes(status) ? iso(day + 2 * DAY) : null;
    await insert(tx, "expenses", {
      id,
      ...stamps(orgId, claimant, created, name),
      status,
      purpose: lines[0].description,
      claimant_id: claimant,
      approver_id: approver,
      total,
      sanctioned_total: sanctioned,
      budget_warning: "",
      approved_at: approvedAt,
      paid_at: status === "paid" ? iso(day + 9 * DAY) : null,
    });
    for (const [idx, line] of lines.entries()) {
      await insert(tx, "expense_lines", {
        id: newId("row", random.next),
        organization_id: orgId,
        expense_id: id,
        idx,
        ...line,
        receipt: "",
      });
    }
  }
}

async function seedTemplates(
  tx: Queryable,
  random: SeededRandom,
  orgId: string,
  by: string,
  at: string,
) {
  const templates: [string, string, string, [number, number, string][]][] = [
    [
      "Even over the year",
      "category",
      "warn",
      Array.from({ length: 12 }, (_, m) => [m, m === 11 ? 8.37 : 8.33, ""]),
    ],
    ["Front-loaded quarter", "category", "stop", [[0, 50, ""], [1, 30, ""], [2, 20, ""]]],
    [
      "Project delivery (six months)",
      "project",
      "warn",
      [[0, 10, "travel"], [1, 20, ""], [2, 25, ""], [3, 25, ""], [4, 15, ""], [5, 5, "training"]],
    ],
  ];
  const ids: Record<string, string> = {};
  for (const [title, scope, onExcess, lines] of templates) {
    const id = newId("btp", random.next);
    ids[title] = id;
    await insert(tx, "budget_templates", {
      id,
      ...stamps(orgId, by, at, title),
      title,
      scope,
      action_on_excess: onExcess,
      share_total: round(lines.reduce((s, l) => s + l[1], 0)),
    });
    for (const [idx, [offset, share, category]] of lines.entries()) {
      await insert(tx, "budget_template_lines", {
        id: newId("row", random.next),
        organization_id: orgId,
        budget_template_id: id,
        idx,
        month_offset: offset,
        category,
        share_percent: share,
      });
    }
  }
  return ids;
}

interface BudgetPlan {
  title: string;
  scope: "category" | "project";
  category?: string;
  project?: string;
  onExcess: "stop" | "warn";
  status: string;
  /** Monthly amount, or the total spread evenly. */
  total: number;
  template?: string;
}

async function seedBudget(
  tx: Queryable,
  random: SeededRandom,
  org: keyof typeof PEOPLE,
  plan: BudgetPlan,
  year: number,
): Promise<void> {
  const orgId = ORGS[org].id;
  const at = `${year}-01-0${random.int(2, 6)}T09:00:00.000Z`;
  const [name] = await nextSeriesNames(tx, orgId, "BUD-.YYYY.-.####", at);
  const id = newId("bud", random.next);
  const monthly = Array.from({ length: 12 }, () => round(plan.total / 12));
  monthly[11] = round(plan.total - monthly.slice(0, 11).reduce((s, v) => s + v, 0));
  await insert(tx, "budgets", {
    id,
    ...stamps(orgId, PEOPLE[org].creator, at, name),
    updated_by: plan.status === "approved" ? PEOPLE[org].approver : PEOPLE[org].creator,
    status: plan.status,
    title: plan.title,
    scope: plan.scope,
    project_id: plan.project ?? null,
    category: plan.category ?? "",
    period_start: `${year}-01-01`,
    period_end: `${year}-12-31`,
    action_on_excess: plan.onExcess,
    template_id: plan.template ?? null,
    amount: plan.template ? plan.total : 0,
    total: round(plan.total),
  });
  for (const [idx, amount] of monthly.entries()) {
    await insert(tx, "budget_items", {
      id: newId("row", random.next),
      organization_id: orgId,
      budget_id: id,
      idx,
      month: `${year}-${String(idx + 1).padStart(2, "0")}`,
      category: plan.category ?? "",
      description: "",
      amount,
    });
  }
}

/** Committed plus consumed of a category (or project) in a year, as budgets count them. */
async function spent(
  tx: Queryable,
  orgId: string,
  year: number,
  where: { category?: string; project?: string },
): Promise<number> {
  const row = await tx.get<{ total: number | null }>(
    `SELECT SUM(l.sanctioned_amount) AS total FROM expense_lines l
       JOIN expenses e ON e.id = l.expense_id AND e.status IN ('approved', 'paid')
      WHERE l.organization_id = ? AND l.expense_date >= ? AND l.expense_date <= ?
        AND ${where.project ? "l.project_id = ?" : "l.category = ?"}`,
    [orgId, `${year}-01-01`, `${year}-12-31`, where.project ?? where.category ?? ""],
  );
  return Number(row?.total ?? 0);
}

const METHODS = ["bank_transfer", "bank_transfer", "bank_transfer", "card", "cheque"];

/**
 * Payments against the organisation's submitted invoices found now, oldest first:
 * about half settled in full, a fifth partly paid, the rest left open; a few
 * payments keep an unallocated remainder. Each is applied to its invoice as a
 * submitted payment is.
 */
async function seedPayments(
  tx: Queryable,
  random: SeededRandom,
  org: keyof typeof PEOPLE,
  today: number,
): Promise<void> {
  const orgId = ORGS[org].id;
  const open = await tx.all<
    { id: string; name: string; client_id: string; issue_date: string; outstanding: number }
  >(
    `SELECT id, name, client_id, issue_date, outstanding FROM invoices
      WHERE organization_id = ? AND docstatus = 1 AND is_return = 0 AND outstanding > 0
      ORDER BY issue_date, name`,
    [orgId],
  );
  for (const invoice of open) {
    const roll = random.next();
    if (roll > 0.7) continue;
    const paidOn = Date.parse(invoice.issue_date) + random.int(5, 45) * DAY;
    if (paidOn >= today) continue;
    const outstanding = Number(invoice.outstanding);
    const allocated = roll < 0.5 ? outstanding : round(outstanding * (0.3 + random.next() * 0.4));
    const remainder = random.chance(0.06) ? round(random.int(5, 40) * 10) : 0;
    const at = iso(paidOn + random.int(9, 16) * 3_600_000);
    const [name] = await nextSeriesNames(tx, orgId, "PAY-.YYYY.-.#####", at);
    const id = newId("pay", random.next);
    await insert(tx, "payments", {
      id,
      ...stamps(orgId, PEOPLE[org].creator, at, name),
      version: 2,
      docstatus: 1,
      amended_from: null,
      client_id: invoice.client_id,
      payment_date: at.slice(0, 10),
      amount: round(allocated + remainder),
      method: random.pick(METHODS),
      reference: `${invoice.name} / ${random.int(100_000, 999_999)}`,
      allocated_amount: allocated,
      unallocated_amount: remainder,
    });
    await insert(tx, "payment_allocations", {
      id: newId("row", random.next),
      organization_id: orgId,
      payment_id: id,
      idx: 0,
      invoice_id: invoice.id,
      amount: allocated,
    });
    // Applied to the invoice as a submitted payment is (invoice-balance.ts), leaving no audit
    // trail, as for every other record the seed writes.
    const stored = await tx.get<Parameters<typeof movedBalance>[1]>(
      `SELECT name, currency, docstatus, grand_total, paid_amount, outstanding FROM invoices
        WHERE id = ?`,
      [invoice.id],
    );
    const moved = movedBalance(invoice.id, stored!, allocated);
    await tx.run(
      `UPDATE invoices SET paid_amount = ?, outstanding = ?, payment_status = ?,
              version = version + 1, updated_at = ?
        WHERE id = ?`,
      [moved.paid_amount, moved.outstanding, moved.payment_status, at, invoice.id],
    );
  }
}

/** Seeds the demo money of both organisations. */
export async function seedMoney(tx: Queryable, today: number): Promise<void> {
  const random = new SeededRandom(MONEY_SEED);
  const year = new Date(today).getUTCFullYear();
  const projectsOf = async (orgId: string) => (await tx.all<{ id: string; name: string }>(
    "SELECT id, name FROM projects WHERE organization_id = ? ORDER BY name, id",
    [orgId],
  ));
  const acmeProjects = await projectsOf(ORGS.acme.id);
  await seedClaims(tx, random, "acme", {
    today,
    count: 150,
    projects: acmeProjects.map((p) => p.id),
  });
  await seedClaims(tx, random, "globex", { today, count: 6, projects: [] });
  await seedPayments(tx, random, "acme", today);
  await seedPayments(tx, random, "globex", today);

  const templates = await seedTemplates(
    tx,
    random,
    ORGS.acme.id,
    PEOPLE.acme.creator,
    `${year}-01-02T09:00:00.000Z`,
  );
  const acme = ORGS.acme.id;
  // Travel sits near its limit: what was committed and consumed so far is 93 % of it.
  const travel = Math.max(
    Math.ceil((await spent(tx, acme, year, { category: "travel" })) / 0.93 / 10) * 10,
    1200,
  );
  const headroom = async (where: { category?: string; project?: string }, factor: number) =>
    Math.max(Math.ceil(((await spent(tx, acme, year, where)) * factor) / 100) * 100, 1200);
  const plans: BudgetPlan[] = [
    {
      title: `Travel ${year}`,
      scope: "category",
      category: "travel",
      onExcess: "stop",
      status: "approved",
      total: travel,
    },
    {
      title: `Software ${year}`,
      scope: "category",
      category: "software",
      onExcess: "warn",
      status: "approved",
      total: await headroom({ category: "software" }, 1.6),
      template: templates["Even over the year"],
    },
    {
      title: `Training ${year}`,
      scope: "category",
      category: "training",
      onExcess: "stop",
      status: "approved",
      total: await headroom({ category: "training" }, 1.4),
    },
    {
      title: `Hardware ${year}`,
      scope: "category",
      category: "hardware",
      onExcess: "warn",
      status: "approved",
      total: await headroom({ category: "hardware" }, 1.2),
    },
    {
      title: `Marketing ${year}`,
      scope: "category",
      category: "marketing",
      onExcess: "warn",
      status: "pending_approval",
      total: 12_000,
    },
    {
      title: `Office supplies ${year}`,
      scope: "category",
      category: "office_supplies",
      onExcess: "warn",
      status: "draft",
      total: 1_800,
    },
  ];
  for (const project of acmeProjects.slice(0, 2)) {
    plans.push({
      title: `${project.name} delivery`,
      scope: "project",
      project: project.id,
      onExcess: "warn",
      status: "approved",
      total: await headroom({ project: project.id }, 1.5),
    });
  }
  for (const plan of plans) await seedBudget(tx, random, "acme", plan, year);
  await seedBudget(tx, random, "globex", {
    title: `Travel ${year}`,
    scope: "category",
    category: "travel",
    onExcess: "warn",
    status: "approved",
    total: 6_000,
  }, year);
}
