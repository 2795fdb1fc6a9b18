/**
 * Where a payment's money goes: its allocations checked against the invoices they
 * name (the payment's client's, submitted, not a credit note, each allocation at
 * most what the invoice still owes, all of them at most the payment's amount),
 * and the oldest-first allocation of a payment that names none: the client's open
 * invoices by due date, each filled until the amount runs out.
 */
import type { Reader } from "../../../db/database.ts";
import { roundMoney } from "../invoices/budget-actuals.ts";
import { money } from "../budget/budget-check.ts";

/** One allocation of a payment. */
export interface Allocation {
  invoice: string;
  amount: number;
}

interface InvoiceRow {
  id: string;
  name: string;
  client_id: string | null;
  docstatus: number;
  is_return: number;
  outstanding: number;
}

/**
 * Why each allocation is refused, by field (`allocations[1].amount`), as phrases
 * the engine names the field and row in (field-problems.ts); empty when all hold.
 */
export async function allocationProblems(
  q: Reader,
  organizationId: string,
  payment: { client: string; amount: number; allocations: readonly Allocation[] },
): Promise<Record<string, string>> {
  const problems: Record<string, string> = {};
  const ids = [...new Set(payment.allocations.map((a) => a.invoice).filter(Boolean))];
  const invoices = new Map<string, InvoiceRow>();
  if (ids.length > 0) {
    const rows = await q.all<InvoiceRow>(
      `SELECT id, name, client_id, docstatus, is_return, outstanding FROM invoices
        WHERE organization_id = ? AND id IN (${ids.map(() => "?").join(", ")})`,
      [organizationId, ...ids],
    );
    for (const row of rows) invoices.set(row.id, row);
  }
  const claimed = new Map<string, number>();
  let total = 0;
  for (const [i, allocation] of payment.allocations.entries()) {
    const invoice = invoices.get(allocation.invoice);
    const at = `allocations[${i}]`;
    total += allocation.amount;
    if (!invoice) continue;
    if (invoice.client_id !== payment.client) {
      problems[`${at}.invoice`] = `Invoice ${invoice.name} belongs to another client`;
    } else if (Number(invoice.docstatus) !== 1 || Number(invoice.is_return) === 1) {
      problems[`${at}.invoice`] = `Invoice ${invoice.name} is not a submitted invoice`;
    } else {
      const sum = roundMoney((claimed.get(invoice.id) ?? 0) + allocation.amount);
      claimed.set(invoice.id, sum);
      if (sum > Number(invoice.outstanding) + 0.005) {
        problems[`${at}.amount`] = `Is more than invoice ${invoice.name} has outstanding (${
          money(Number(invoice.outstanding))
        })`;
      }
    }
  }
  if (roundMoney(total) > payment.amount + 0.005) {
    problems.allocations = `Allocations total ${
      money(roundMoney(total))
    }, more than the payment's ${money(payment.amount)}`;
  }
  return problems;
}

/** The ids of the client's invoices that still owe something (those oldest-first allocation reads). */
export async function openInvoiceIds(
  q: Reader,
  organizationId: string,
  client: string,
): Promise<string[]> {
  const rows = await q.all<{ id: string }>(
    `SELECT id FROM invoices
      WHERE organization_id = ? AND client_id = ? AND docstatus = 1 AND is_return = 0
        AND outstanding > 0`,
    [organizationId, client],
  );
  return rows.map((r) => r.id);
}

/** The client's open invoices, oldest due first, filled with `amount` until it runs out. */
export async function allocateOldestFirst(
  q: Reader,
  organizationId: string,
  payment: { client: string; amount: number },
): Promise<Allocation[]> {
  const open = await q.all<{ id: string; outstanding: number }>(
    `SELECT id, outstanding FROM invoices
      WHERE organization_id = ? AND client_id = ? AND docstatus = 1 AND is_return = 0
        AND outstanding > 0
      ORDER BY due_date, issue_date, name`,
    [organizationId, payment.client],
  );
  const out: Allocation[] = [];
  let left = roundMoney(payment.amount);
  for (const invoice of open) {
    if (left <= 0) break;
    const amount = roundMoney(Math.min(left, Number(invoice.outstanding)));
    out.push({ invoice: invoice.id, amount });
    left = roundMoney(left - amount);
  }
  return out;
}
