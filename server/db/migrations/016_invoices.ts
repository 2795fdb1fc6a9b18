/**
 * Finance, part one (issue 15): a client's payment terms, an item's tax template
 * and the organisation's currency. The tax template, invoice and invoice line
 * tables are the declared types' own, made from their declarations at start-up
 * (server/records/engine/table-sync.ts). The text is written once for both
 * dialects: `invoicesMigration(T)` gives it with the dialect's text column type.
 */
export function invoicesMigration(T: string): string {
  return `
ALTER TABLE organizations ADD COLUMN currency ${T} NOT NULL DEFAULT 'USD';
ALTER TABLE clients ADD COLUMN payment_terms_days INTEGER NOT NULL DEFAULT 30;
ALTER TABLE items ADD COLUMN tax_template_id ${T};
`;
}

export default invoicesMigration("TEXT");
