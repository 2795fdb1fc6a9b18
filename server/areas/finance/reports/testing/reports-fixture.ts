/**
 * Test support: replaces the finance records of Acme and Globex with a small set
 * whose figures are worked out by hand in the tests (today 2026-03-10). Rows are
 * written as the record types store them (FIN15 storage), without the engine,
 * so each figure is checked against known rows only.
 */
import type { Database } from "../../../../db/database.ts";

/** 2026-03-10, noon UTC: "today" of the finance figure tests. */
export const FINANCE_NOW = Date.parse("2026-03-10T12:00:00.000Z");

const STAMP = "2026-01-01T00:00:00.000Z";

const CLEARED = [
  "payment_allocations",
  "payments",
  "invoice_lines",
  "invoices",
  "expense_lines",
  "expenses",
  "budget_items",
  "budgets",
];

interface InvoiceRow {
  id: string;
  client: string | null;
  issue: string;
  due: string;
  total: number;
  outstanding: number;
  status: string;
  docstatus: number;
  isReturn?: number;
  org?: string;
}

/**
 * Acme's invoices: A (due 03-01, owes 1000), B (due 01-20, partly paid, owes
 * 200), C (due 12-15, owes 300), D (due 10-01, owes 800), E (not due, owes 250),
 * F (paid), a credit note R (−100), a draft G and a cancelled H; Globex's X
 * (owes 5000). Payments 300 (Jan), 400 (Feb), 60 (Mar), a draft and a
 * cancelled one. Claims: paid (travel 100, software 50 sanctioned), approved
 * (travel 80), submitted (software 40 claimed), a draft and a rejected one; an
 * approved travel budget of 1000 for 2026.
 */
export async function plantFinance(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    for (const table of CLEARED) await tx.run(`DELETE FROM ${table}`);
    const invoices: InvoiceRow[] = [
      inv("inv_a", "cli_northwind", "2026-01-05", "2026-03-01", 1000, 1000, "unpaid"),
      inv("inv_b", "cli_contoso", "2025-12-10", "2026-01-20", 500, 200, "partly_paid"),
      inv("inv_c", "cli_contoso", "2025-11-01", "2025-12-15", 300, 300, "unpaid"),
      inv("inv_d", "cli_contoso", "2025-09-01", "2025-10-01", 800, 800, "unpaid"),
      inv("inv_e", "cli_northwind", "2026-03-05", "2026-04-04", 250, 250, "unpaid"),
      inv("inv_f", "cli_northwind", "2026-02-01", "2026-03-03", 400, 0, "paid"),
      {
        ...inv("inv_r", "cli_northwind", "2026-02-15", "2026-02-15", -100, 0, "paid"),
        isReturn: 1,
      },
      {
        ...inv("inv_g", "cli_northwind", "2026-03-01", "2026-03-31", 999, 999, "draft"),
        docstatus: 0,
      },
      {
        ...inv("inv_h", "cli_northwind", "2026-02-10", "2026-03-12", 777, 0, "cancelled"),
        docstatus: 2,
      },
      {
        ...inv("inv_x", "cli_initech", "2026-03-01", "2026-01-01", 5000, 5000, "unpaid"),
        org: "org_globex",
      },
    ];
    for (const i of invoices) {
      await tx.run(
        `INSERT INTO invoices (id, organization_id, name, created_at, updated_at, docstatus, client_id,
           issue_date, due_date, currency, grand_total, net_total, outstanding, payment_status, is_return)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'USD', ?, ?, ?, ?, ?)`,
        [
          i.id,
          i.org ?? "org_acme",
          i.id.toUpperCase(),
          STAMP,
          STAMP,
          i.docstatus,
          i.client,
          i.issue,
          i.due,
          i.total,
          i.total,
          i.outstanding,
          i.status,
          i.isReturn ?? 0,
        ],
      );
    }
    await tx.run(
      `INSERT INTO tax_templates (id, organization_id, name, created_at, updated_at, title)
       VALUES ('txt_vat', 'org_acme', 'VAT 25%', ?, ?, 'VAT 25%')
       ON CONFLICT (id) DO NOTHING`,
      [STAMP, STAMP],
    );
    const lines: [string, string, string | null, number, number][] = [
      ["inl_a", "inv_a", "txt_vat", 800, 200],
      ["inl_e", "inv_e", "txt_vat", 200, 50],
      ["inl_f", "inv_f", null, 400, 0],
      ["inl_g", "inv_g", "txt_vat", 799.2, 199.8],
    ];
    for (const [id, invoice, tax, net, taxAmount] of lines) {
      await tx.run(
        `INSERT INTO invoice_lines (id, organization_id, invoice_id, idx, tax_template_id, net_amount,
           tax_amount, amount) VALUES (?, 'org_acme', ?, 1, ?, ?, ?, ?)`,
        [id, invoice, tax, net, taxAmount, net + taxAmount],
      );
    }
    const payments: [string, string, number, number][] = [
      ["pay_1", "2026-01-25", 300, 1],
      ["pay_2", "2026-02-05", 400, 1],
      ["pay_3", "2026-03-04", 60, 1],
      ["pay_4", "2026-03-02", 50, 0],
      ["pay_5", "2026-03-03", 70, 2],
    ];
    for (const [id, date, amount, docstatus] of payments) {
      await tx.run(
        `INSERT INTO payments (id, organization_id, name, created_at, updated_at, docstatus, client_id,
           payment_date, amount) VALUES (?, 'org_acme', ?, ?, ?, ?, 'cli_northwind', ?, ?)`,
        [id, id.toUpperCase(), STAMP, STAMP, docstatus, date, amount],
      );
    }
    const claims: [string, string, [string, string, number, number][]][] = [
      ["exp_paid", "paid", [
        ["travel", "2026-02-10", 120, 100],
        ["software", "2026-02-11", 50, 50],
      ]],
      ["exp_approved", "approved", [["travel", "2026-03-01", 80, 80]]],
      ["exp_submitted", "submitted", [["software", "2026-03-02", 40, 0]]],
      ["exp_draft", "draft", [["travel", "2026-03-03", 999, 0]]],
      ["exp_rejected", "rejected", [["travel", "2026-03-04", 500, 0]]],
    ];
    for (const [id, status, rows] of claims) {
      await tx.run(
        `INSERT INTO expenses (id, organization_id, name, created_at, updated_at, status, claimant_id)
         VALUES (?, 'org_acme', ?, ?, ?, ?, 'usr_acme_pm')`,
        [id, id.toUpperCase(), STAMP, STAMP, status],
      );
      for (const [n, [category, date, amount, sanctioned]] of rows.entries()) {
        await tx.run(
          `INSERT INTO expense_lines (id, organization_id, expense_id, idx, expense_date, category,
             amount, sanctioned_amount) VALUES (?, 'org_acme', ?, ?, ?, ?, ?, ?)`,
          [`${id}_${n}`, id, n + 1, date, category, amount, sanctioned],
        );
      }
    }
    const budgets: [string, string, string, string, number][] = [
      ["bud_travel", "approved", "2026-01-01", "2026-12-31", 1000],
      ["bud_draft", "draft", "2026-01-01", "2026-12-31", 500],
      ["bud_last_year", "approved", "2025-01-01", "2025-12-31", 700],
    ];
    for (const [id, status, start, end, total] of budgets) {
      await tx.run(
        `INSERT INTO budgets (id, organization_id, name, created_at, updated_at, status, title, scope,
           category, period_start, period_end, action_on_excess, total)
         VALUES (?, 'org_acme', ?, ?, ?, ?, ?, 'category', 'travel', ?, ?, 'stop', ?)`,
        [id, id.toUpperCase(), STAMP, STAMP, status, `Travel ${id}`, start, end, total],
      );
    }
  });
}

function inv(
  id: string,
  client: string | null,
  issue: string,
  due: string,
  total: number,
  outstanding: number,
  status: string,
): InvoiceRow {
  return { id, client, issue, due, total, outstanding, status, docstatus: 1 };
}
