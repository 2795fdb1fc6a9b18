/**
 * Internal approval of proposals: every save of a draft decides, from the
 * organisation's thresholds (approval-thresholds.ts), whether the proposal must
 * be approved inside the firm before it is sent, and why ("A discount of 25% is
 * above 15%"). Such a proposal cannot be sent from Draft: it is sent for
 * approval, approved by someone else than its author (or returned with a
 * reason), and only then sent. Saving recomputes it, so lowering the discount
 * clears the need; an approved proposal is read-only, so what was approved is
 * what is sent.
 */
import { DEFAULT_DOCUMENT_LOCALE } from "../../../../schemas/api/letterhead.ts";
import type { Reader } from "../../../db/database.ts";
import type { SaveContext } from "../../../records/engine/record-rules.ts";
import type { RecordData } from "../../../records/engine/record-rows.ts";
import { documentFormats } from "../../../platform/orgs/document-formats.ts";
import { approvalReason, readApprovalThresholds } from "./approval-thresholds.ts";

/** Why the proposal needs approval under the organisation's thresholds now ("" when it does not). */
export async function approvalNeeded(
  read: Reader,
  organizationId: string,
  proposal: RecordData,
): Promise<string> {
  const thresholds = await readApprovalThresholds(read, organizationId);
  const lines = (proposal.lines as RecordData[] | undefined) ?? [];
  const format = documentFormats(DEFAULT_DOCUMENT_LOCALE);
  const currency = String(proposal.currency || "EUR");
  return approvalReason(thresholds, {
    grand_total: Number(proposal.grand_total ?? 0),
    discounts: lines.map((line) => Number(line.discount_percent ?? 0)),
  }, (amount) => format.money(amount, currency));
}

/** Sets `needs_approval` and `approval_reason` on the write (a proposal's `beforeSave`). */
export async function decideApproval(ctx: SaveContext): Promise<void> {
  const { read, access, existing, checked } = ctx;
  const reason = await approvalNeeded(read, access.organizationId, checked.values);
  const needs = reason !== "";
  const before = !!existing?.needs_approval;
  if (before !== needs) checked.changes.push({ field: "needs_approval", from: before, to: needs });
  checked.columns.set("needs_approval", needs ? 1 : 0);
  checked.columns.set("approval_reason", reason);
  checked.values.needs_approval = needs;
  checked.values.approval_reason = reason;
}
