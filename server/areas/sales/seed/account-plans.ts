/**
 * Two demo account plans for Acme's key clients, Contoso and Northwind, with
 * their goals, stakeholders, opportunities, whitespace and actions (one action
 * of the sales manager past its date and not done). Laid out by hand.
 */
import type { Queryable } from "../../../db/database.ts";
import { ORGS } from "../../../db/seed/demo-people.ts";

const DAY = 86_400_000;
const SALES = "usr_acme_sales";
const ADMIN = "usr_acme_admin";

type Rows = (string | number | null)[][];

interface DemoPlan {
  id: string;
  title: string;
  client: string;
  owner: string;
  period: string;
  status: string;
  summary: string;
  /** goal, measure, target (days from the seed day), status */
  goals: Rows;
  /** name, role, influence, stance, notes */
  stakeholders: Rows;
  /** description, value, stage, lead */
  opportunities: Rows;
  /** offering, potential value, notes */
  whitespace: Rows;
  /** action, owner, due (days from the seed day), done */
  actions: Rows;
}

const PLANS: DemoPlan[] = [
  {
    id: "apl_acme_contoso",
    title: "Contoso growth plan",
    client: "cli_contoso",
    owner: SALES,
    period: "FY2027",
    status: "active",
    summary:
      "Grow Contoso from one delivery team to a multi-year partnership across operations and data.",
    goals: [
      ["Renew the operations retainer for two years", "Signed renewal", 90, "on_track"],
      ["Open the data platform programme", "First statement of work", 150, "not_started"],
      ["Meet the new CFO", "Meeting held", 30, "at_risk"],
    ],
    stakeholders: [
      ["Dana Whitfield", "Chief Operating Officer", "high", "champion", "Sponsor of the retainer."],
      ["Marcus Lee", "Chief Financial Officer", "high", "neutral", "New this year; cost-focused."],
      ["Priya Nair", "Head of IT", "medium", "supporter", "Wants help with the data platform."],
      ["Tom Berger", "Procurement lead", "medium", "detractor", "Pushes for a tender."],
    ],
    opportunities: [
      ["Operations retainer renewal", 180000, "proposed", null],
      ["Data platform discovery", 45000, "qualifying", null],
    ],
    whitespace: [
      ["Change management training", 30000, "Their rollout teams have no training budget yet."],
      ["Managed reporting service", 60000, "Reports are built by hand every month."],
    ],
    actions: [
      ["Send the renewal proposal", SALES, -3, 0],
      ["Book a meeting with the CFO", SALES, 7, 0],
      ["Workshop on the data platform", ADMIN, 21, 0],
      ["Thank-you note after the quarterly review", SALES, -10, 1],
    ],
  },
  {
    id: "apl_acme_northwind",
    title: "Northwind account plan",
    client: "cli_northwind",
    owner: ADMIN,
    period: "FY2027",
    status: "draft",
    summary: "Win back the e-commerce work and become Northwind's first call for store projects.",
    goals: [
      ["Win the store rollout project", "Contract signed", 120, "not_started"],
      ["Two projects running at once", "Projects active", 240, "not_started"],
    ],
    stakeholders: [
      ["Elena Rossi", "Head of E-commerce", "high", "supporter", null],
      ["George Hall", "IT Director", "medium", "blocker", "Prefers the incumbent supplier."],
    ],
    opportunities: [["Store rollout project", 95000, "identified", null]],
    whitespace: [["Mobile app support", 25000, null]],
    actions: [
      ["Map the store rollout decision makers", ADMIN, 14, 0],
      ["Invite Elena to the retail round table", SALES, 28, 0],
    ],
  },
];

async function insertRows(
  tx: Queryable,
  table: string,
  columns: string[],
  plan: DemoPlan,
  rows: Rows,
): Promise<void> {
  for (const [idx, row] of rows.entries()) {
    await tx.run(
      `INSERT INTO ${table} (id, organization_id, account_plan_id, idx, ${columns.join(", ")})
       VALUES (?, ?, ?, ?, ${columns.map(() => "?").join(", ")})`,
      [
        `${plan.id}_${table.slice("account_plan_".length)}_${idx + 1}`,
        ORGS.acme.id,
        plan.id,
        idx,
        ...row,
      ],
    );
  }
}

const dayFrom = (today: number, days: number) =>
  new Date(today + days * DAY).toISOString().slice(0, 10);

/** Seeds Acme's account plans (in the seed's transaction). */
export async function seedAccountPlans(tx: Queryable, today: number): Promise<void> {
  const created = new Date(today - 20 * DAY).toISOString();
  for (const plan of PLANS) {
    await tx.run(
      `INSERT INTO account_plans (id, organization_id, name, title, client_id, owner_id, period, status, summary, created_at, created_by, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        plan.id,
        ORGS.acme.id,
        plan.title,
        plan.title,
        plan.client,
        plan.owner,
        plan.period,
        plan.status,
        plan.summary,
        created,
        plan.owner,
        created,
      ],
    );
    await insertRows(
      tx,
      "account_plan_goals",
      ["goal", "measure", "target_date", "goal_status"],
      plan,
      plan.goals.map(([g, m, days, s]) => [g, m, dayFrom(today, Number(days)), s]),
    );
    await insertRows(
      tx,
      "account_plan_stakeholders",
      ["person", "role", "influence", "stance", "notes"],
      plan,
      plan.stakeholders.map((r) => r.map((v) => v ?? "")),
    );
    await insertRows(
      tx,
      "account_plan_opportunities",
      ["description", "estimated_value", "opportunity_stage", "lead_id"],
      plan,
      plan.opportunities,
    );
    await insertRows(
      tx,
      "account_plan_whitespace",
      ["offering", "potential_value", "notes"],
      plan,
      plan.whitespace.map((r) => r.map((v) => v ?? "")),
    );
    await insertRows(
      tx,
      "account_plan_actions",
      ["step", "assignee_id", "due_date", "done"],
      plan,
      plan.actions.map(([a, who, days, done]) => [a, who, dayFrom(today, Number(days)), done]),
    );
  }
}
