/**
 * The organisation's approval thresholds for proposals
 * (schemas/api/proposal-approval.ts), kept as one row of its settings: read by
 * every proposal save to decide whether it needs approval, and changed by an
 * administrator over the version they saw (a stale version is 409 and changes
 * nothing), audited with what changed.
 */
import type { ProposalApprovalFields } from "../../../../schemas/api/proposal-approval.ts";
import type { Queryable, Reader } from "../../../db/database.ts";
import { recordAudit } from "../../../platform/audit/record.ts";
import { conflict } from "../../../platform/errors/app-error.ts";

/** The settings key holding the thresholds. */
export const APPROVAL_KEY = "proposal_approval";

const NONE: ProposalApprovalFields = { discount_percent: null, total: null };

/** The stored thresholds with their version (no thresholds, version 0, when never stored). */
export async function readApprovalThresholds(
  q: Reader,
  organizationId: string,
): Promise<ProposalApprovalFields & { version: number }> {
  const row = await q.get<{ value: string; version: number }>(
    "SELECT value, version FROM settings WHERE organization_id = ? AND key = ?",
    [organizationId, APPROVAL_KEY],
  );
  if (!row) return { ...NONE, version: 0 };
  return { ...NONE, ...JSON.parse(row.value), version: Number(row.version) };
}

/** Stores the thresholds over `version`; answers them with the new version. */
export async function saveApprovalThresholds(
  q: Queryable,
  input: Partial<ProposalApprovalFields> & { version: number },
  who: { organizationId: string; actorId: string; requestId?: string; now: string },
): Promise<ProposalApprovalFields & { version: number }> {
  const fields: ProposalApprovalFields = {
    discount_percent: input.discount_percent ?? null,
    total: input.total ?? null,
  };
  const before = await readApprovalThresholds(q, who.organizationId);
  const stale = () =>
    conflict(
      `The approval thresholds were changed by someone else (version ${before.version}, not ${input.version})`,
      { current_version: before.version },
    );
  if (before.version !== input.version) throw stale();
  const value = JSON.stringify(fields);
  // The write itself decides between two saves made against the same version.
  const written = input.version === 0
    ? await q.run(
      `INSERT INTO settings (organization_id, key, value, version, updated_at) VALUES (?, ?, ?, 1, ?)
       ON CONFLICT (organization_id, key) DO NOTHING`,
      [who.organizationId, APPROVAL_KEY, value, who.now],
    )
    : await q.run(
      `UPDATE settings SET value = ?, version = version + 1, updated_at = ?
        WHERE organization_id = ? AND key = ? AND version = ?`,
      [value, who.now, who.organizationId, APPROVAL_KEY, input.version],
    );
  if (written.changes !== 1) throw stale();
  const changed = (Object.keys(fields) as (keyof ProposalApprovalFields)[])
    .filter((key) => before[key] !== fields[key]);
  await recordAudit(q, {
    organizationId: who.organizationId,
    actorId: who.actorId,
    action: "setting.update",
    resourceType: "setting",
    resourceId: APPROVAL_KEY,
    before: Object.fromEntries(changed.map((key) => [key, before[key]])),
    after: Object.fromEntries(changed.map((key) => [key, fields[key]])),
    requestId: who.requestId,
    now: who.now,
  });
  return { ...fields, version: input.version + 1 };
}

/** Why a proposal with these lines and total needs approval ("" when it does not). */
export function approvalReason(
  thresholds: ProposalApprovalFields,
  proposal: { grand_total: number; discounts: readonly number[] },
  money: (amount: number) => string,
): string {
  const reasons: string[] = [];
  const discount = Math.max(0, ...proposal.discounts);
  if (thresholds.discount_percent !== null && discount > thresholds.discount_percent) {
    reasons.push(`a discount of ${discount}% is above ${thresholds.discount_percent}%`);
  }
  if (thresholds.total !== null && proposal.grand_total > thresholds.total) {
    reasons.push(`the total ${money(proposal.grand_total)} is above ${money(thresholds.total)}`);
  }
  if (reasons.length === 0) return "";
  const text = reasons.join(" and ");
  return text[0].toUpperCase() + text.slice(1);
}
