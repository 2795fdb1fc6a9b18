/**
 * The controller of proposals: what their actions do besides moving the state.
 * - Send freezes the revision: its canonical content and SHA-256 are kept in the
 *   proposal's sent revisions (proposal-revision.ts), with when it was sent and
 *   what changed from the revision sent before it (proposal-diff.ts).
 * - Mark viewed (the client opening it in the portal) stamps when.
 * - Accept keeps the optional lines the signer picked (so the totals count them)
 *   and the full name they typed, then makes the deposit invoice and the project
 *   (acceptance.ts). The accept runs under the proposal's lock and only from Sent
 *   or Viewed, so two accepts at once make them once: the second finds it accepted.
 * - Every save decides whether the proposal needs internal approval
 *   (proposal-approval.ts); Send refuses a draft over the thresholds as they are
 *   now, and a proposal past its valid-until date. Approve stamps who and when;
 *   returning it to draft withdraws the approval.
 * - Revise starts the next revision as a draft; the sent ones stay as they were.
 */
import { defineController } from "../../../records/engine/controller.ts";
import type { ActionContext } from "../../../records/engine/record-rules.ts";
import type { RecordData } from "../../../records/engine/record-rows.ts";
import { conflict, invalidInput } from "../../../platform/errors/app-error.ts";
import { approvalNeeded, decideApproval } from "./proposal-approval.ts";
import { PROPOSAL } from "../types/proposal.ts";
import { revisionContent, sha256Hex } from "./proposal-revision.ts";
import { revisionChangesText } from "./proposal-diff.ts";
import { makeAcceptanceRecords } from "./acceptance.ts";

/** A table's rows as an update sends them back: stored columns, computed ones left to the engine. */
function rowsOf(record: RecordData, field: string): RecordData[] {
  return ((record[field] as RecordData[] | undefined) ?? []).map((row) => ({ ...row }));
}

/** Send checks the date, and (from Draft) the thresholds as they are now. */
async function checkSendable(ctx: ActionContext): Promise<void> {
  if (String(ctx.record.valid_until) < ctx.now.slice(0, 10)) {
    throw conflict("Its valid-until date has passed: change it before sending", {
      fields: { valid_until: "Past: change it before sending" },
    });
  }
  if (ctx.before.status !== "draft") return;
  const reason = await approvalNeeded(ctx.read, ctx.access.organizationId, ctx.record);
  if (reason) throw conflict(`${reason}: ask for approval before sending`);
}

async function send(ctx: ActionContext): Promise<Record<string, unknown>> {
  await checkSendable(ctx);
  const revision = Number(ctx.record.revision ?? 1);
  const content = revisionContent(ctx.record, revision);
  const sent = rowsOf(ctx.record, "revisions");
  const previous = sent.reduce<RecordData | undefined>(
    (last, row) => !last || Number(row.revision) > Number(last.revision) ? row : last,
    undefined,
  );
  return {
    sent_at: ctx.now,
    viewed_at: null,
    revisions: [...sent, {
      revision,
      sent_at: ctx.now,
      grand_total: ctx.record.grand_total,
      sha256: await sha256Hex(content),
      changes: revisionChangesText(previous?.content as string | undefined, content),
      content,
    }],
  };
}

/** The optional lines picked, checked: each must be an optional line of this proposal. */
function pickedLines(ctx: ActionContext): RecordData[] {
  const lines = rowsOf(ctx.record, "lines");
  const optional = new Set(lines.filter((l) => l.optional).map((l) => String(l.id)));
  const choices = ctx.input.choices ?? [];
  const unknown = choices.filter((id) => !optional.has(id));
  if (unknown.length > 0) {
    throw invalidInput(
      `Only optional lines of ${ctx.record.name} may be picked: ${unknown.join(", ")} is not one`,
      { choices: "Not an optional line of this proposal" },
    );
  }
  const picked = new Set(choices);
  return lines.map((line) => ({
    ...line,
    selected: !!line.optional && picked.has(String(line.id)),
  }));
}

async function accept(ctx: ActionContext): Promise<Record<string, unknown>> {
  const lines = pickedLines(ctx);
  const signed = await ctx.update({
    lines,
    signature_name: ctx.input.signature_name!.trim(),
    accepted_at: ctx.now,
  });
  return await makeAcceptanceRecords(ctx, signed);
}

async function afterAction(ctx: ActionContext): Promise<Record<string, unknown> | void> {
  switch (ctx.action) {
    case "send":
      return await send(ctx);
    case "mark_viewed":
      return { viewed_at: ctx.now };
    case "accept":
      return await accept(ctx);
    case "approve":
      return { approved_by: ctx.access.user.id, approved_at: ctx.now };
    case "reject":
    case "reopen":
      return { approved_by: null, approved_at: null };
    case "revise":
      return {
        approved_by: null,
        approved_at: null,
        revision: Number(ctx.record.revision ?? 1) + 1,
        sent_at: null,
        viewed_at: null,
        lines: rowsOf(ctx.record, "lines").map((line) => ({ ...line, selected: false })),
      };
  }
}

/** The controller of proposals. */
export const PROPOSAL_CONTROLLER = defineController({
  type: PROPOSAL,
  // Accept decides from the proposal's own state under its lock: made once.
  decides: ["accept"],
  beforeSave: decideApproval,
  afterAction,
});
