/**
 * Client billing details (issue 24): the address an invoice is billed to and the
 * client's tax number, both printed on its invoices. Written once for both
 * dialects: `clientBillingMigration(T)` takes the dialect's text column type.
 */
export function clientBillingMigration(T: string): string {
  return `
ALTER TABLE clients ADD COLUMN billing_address ${T} NOT NULL DEFAULT '';
ALTER TABLE clients ADD COLUMN tax_number ${T} NOT NULL DEFAULT '';
`;
}

export default clientBillingMigration("TEXT");
