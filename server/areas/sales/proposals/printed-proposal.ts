/**
 * What a proposal says on paper: `printedProposal()` builds the printed document
 * (schemas/api/printed-document.ts) that its printable page, its PDF and its
 * signature draw. The firm's letterhead heads it; it is for the client (with
 * the billing address) or, before there is one, the lead and their company.
 * Each line is printed under its section, marked Included, Optional, or
 * Optional — picked once the client picked it; the totals count what is included
 * and picked. The introduction and the terms follow, then the deposit asked on
 * acceptance and, once accepted, who signed and when.
 */
import type { PrintedDocument } from "../../../../schemas/api/printed-document.ts";
import type { Queryable } from "../../../db/database.ts";
import { notFound } from "../../../platform/errors/app-error.ts";
import { documentFormats } from "../../../platform/orgs/document-formats.ts";
import { readLetterhead } from "../../../platform/orgs/letterhead.ts";
import {
  issuerOf,
  linesOf,
  ORGANIZATION_COLUMNS,
  type PrintingOrganization,
} from "../../../platform/printing/printed-issuer.ts";
import type { PrintedRecord, PrintWhere } from "../../../platform/printing/record-printer.ts";
import { derivedStatusSql } from "../../../records/engine/derived-status-sql.ts";
import { PROPOSAL, PROPOSAL_STATES, SENT_SQL } from "../types/proposal.ts";

interface ProposalRow extends PrintingOrganization {
  name: string;
  title: string;
  date: string;
  valid_until: string;
  currency: string;
  status: string;
  revision: number;
  introduction: string;
  terms: string;
  deposit_percent: number;
  net_total: number;
  tax_total: number;
  grand_total: number;
  signature_name: string | null;
  accepted_at: string | null;
  client: string | null;
  client_billing_address: string | null;
  lead: string | null;
  lead_company: string | null;
}

interface LineRow {
  section: string | null;
  item: string | null;
  description: string;
  quantity: number;
  rate: number;
  discount_percent: number;
  tax: string | null;
  optional: number;
  selected: number;
  amount: number;
}

async function load(q: Queryable, where: PrintWhere) {
  const row = await q.get<ProposalRow>(
    `SELECT p.name, p.title, p.date, p.valid_until, p.currency, ${
      derivedStatusSql(PROPOSAL, "p", where.today, q.dialect)
    } AS status, p.revision, p.introduction, p.terms, p.deposit_percent, p.net_total,
            p.tax_total, p.grand_total, p.signature_name, p.accepted_at, ${ORGANIZATION_COLUMNS},
            c.name AS client, c.billing_address AS client_billing_address,
            l.name AS lead, l.company AS lead_company
       FROM proposals p
       JOIN organizations o ON o.id = p.organization_id
       LEFT JOIN clients c ON c.organization_id = p.organization_id AND c.id = p.client_id
       LEFT JOIN leads l ON l.organization_id = p.organization_id AND l.id = p.lead
      WHERE p.organization_id = ? AND p.id = ?
        AND (CAST(? AS text) IS NULL OR (p.client_id = ? AND ${SENT_SQL}))`,
    [where.organizationId, where.id, where.clientId ?? null, where.clientId ?? null],
  );
  if (!row) throw notFound("Proposal");
  const lines = await q.all<LineRow>(
    `SELECT l.section, it.name AS item, l.description, l.quantity, l.rate, l.discount_percent,
            t.title AS tax, l.optional, l.selected, l.amount
       FROM proposal_lines l
       LEFT JOIN items it ON it.organization_id = l.organization_id AND it.id = l.item_id
       LEFT JOIN tax_templates t ON t.organization_id = l.organization_id AND t.id = l.tax_template_id
      WHERE l.organization_id = ? AND l.proposal_id = ?
      ORDER BY l.idx`,
    [where.organizationId, where.id],
  );
  return { row, lines };
}

/** "Included", "Optional" or "Optional — picked". */
function inclusion(line: LineRow): string {
  if (!line.optional) return "Included";
  return line.selected ? "Optional — picked" : "Optional";
}

/** The printed document of a loaded proposal with its organisation's letterhead. */
export function proposalDocument(
  { row, lines }: Awaited<ReturnType<typeof load>>,
  letterhead: Parameters<typeof issuerOf>[1],
): PrintedDocument {
  const format = documentFormats(letterhead.locale);
  const money = (amount: number) => format.money(amount, row.currency);
  const status = PROPOSAL_STATES.find((s) => s.id === row.status)?.label ?? row.status;
  const sectioned = lines.some((line) => (line.section ?? "").trim() !== "");
  const discounted = lines.some((line) => line.discount_percent !== 0);
  const taxed = lines.some((line) => line.tax !== null);
  const columns: PrintedDocument["columns"] = [
    ...(sectioned ? [{ key: "section", label: "Section", align: "start" as const }] : []),
    { key: "item", label: "Item", align: "start" },
    { key: "description", label: "Description", align: "start" },
    { key: "quantity", label: "Quantity", align: "end" },
    { key: "rate", label: "Rate", align: "end" },
    ...(discounted ? [{ key: "discount", label: "Discount", align: "end" as const }] : []),
    ...(taxed ? [{ key: "tax", label: "Tax rate", align: "start" as const }] : []),
    { key: "included", label: "Included", align: "start" },
    { key: "amount", label: "Amount", align: "end" },
  ];
  const rows = lines.map((line) => ({
    section: line.section ?? "",
    item: line.item ?? "",
    description: line.description,
    quantity: format.number(line.quantity),
    rate: money(line.rate),
    discount: line.discount_percent ? format.percent(line.discount_percent) : "",
    tax: line.tax ?? "",
    included: inclusion(line),
    amount: money(line.amount),
  }));
  const sections: PrintedDocument["sections"] = [];
  if (row.introduction.trim()) {
    sections.push({ title: "Introduction", lines: linesOf(row.introduction) });
  }
  if (row.terms.trim()) sections.push({ title: "Terms", lines: linesOf(row.terms) });
  if (row.deposit_percent > 0) {
    sections.push({
      title: "Deposit",
      lines: [
        `A deposit of ${
          format.percent(row.deposit_percent)
        } of the accepted total is invoiced on acceptance.`,
      ],
    });
  }
  if (row.signature_name && row.accepted_at) {
    sections.push({
      title: "Acceptance",
      lines: [
        `Accepted and signed by ${row.signature_name} on ${
          format.date(row.accepted_at.slice(0, 10))
        }.`,
      ],
    });
  }
  const recipient = row.client
    ? { name: row.client, lines: linesOf(row.client_billing_address ?? "") }
    : { name: row.lead ?? "", lines: row.lead_company ? [row.lead_company] : [] };
  return {
    kind: "Proposal",
    number: row.name,
    file_name: `${row.name.replace(/[^A-Za-z0-9._-]/g, "_")}-rev${row.revision}.pdf`,
    issuer: issuerOf(row, letterhead),
    recipient: { label: "Prepared for", ...recipient },
    facts: [
      { label: "Title", value: row.title },
      { label: "Date", value: format.date(row.date) },
      { label: "Valid until", value: format.date(row.valid_until) },
      { label: "Revision", value: String(row.revision) },
      { label: "Status", value: status },
      { label: "Currency", value: row.currency },
    ],
    columns,
    rows,
    totals: [
      { label: "Net total", value: money(row.net_total) },
      { label: "Tax", value: money(row.tax_total) },
      { label: "Grand total", value: money(row.grand_total), strong: true },
    ],
    sections,
  };
}

/** Loads a proposal and prints it; `clientId` confines it to that client's sent proposals. */
export async function printedProposal(q: Queryable, where: PrintWhere): Promise<PrintedRecord> {
  const loaded = await load(q, where);
  const letterhead = await readLetterhead(q, where.organizationId);
  return { document: proposalDocument(loaded, letterhead), issued: loaded.row.date };
}
