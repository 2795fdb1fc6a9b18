/**
 * How each shown status of an invoice reads, taken from the invoice's declaration
 * (its derived status rules, types/invoice.ts): the record's form, its list, the
 * printed invoice and the portal read the same words. The status itself is derived
 * by the engine, on a record and in SQL (records/engine/derived-status-sql.ts).
 */
import { INVOICE } from "../types/invoice.ts";

/** How each status reads. */
export const INVOICE_STATUS_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  (INVOICE.declaration.derived_status ?? []).map((
    rule,
  ) => [rule.status, rule.label ?? rule.status]),
);
