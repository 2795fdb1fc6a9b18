/**
 * What a proposal's acceptance makes, in the accepting transaction, as the
 * proposal's owner (the firm's side of the deal, whoever accepted): the draft
 * invoice of its deposit, when it names a deposit percentage, and the project its
 * project template plans, when it names one. Both are linked from the proposal
 * (`deposit_invoice`, `project`) and audited under the accept.
 */
import { conflict } from "../../../platform/errors/app-error.ts";
import type { ActionContext } from "../../../records/engine/record-rules.ts";
import type { RecordData } from "../../../records/engine/record-rows.ts";
import { createProjectFromTemplate } from "../../work/templates/project-from-template.ts";

/** The deposit: the share of the grand total the proposal names, to the cent. */
export function depositAmount(proposal: RecordData): number {
  const percent = Number(proposal.deposit_percent ?? 0);
  return Math.round(Number(proposal.grand_total ?? 0) * percent) / 100;
}

/** Makes the deposit invoice and the project of an accepted proposal; returns the links to keep. */
export async function makeAcceptanceRecords(
  ctx: ActionContext,
  proposal: RecordData,
): Promise<Record<string, unknown>> {
  if (!proposal.client) {
    throw conflict(
      `Proposal ${proposal.name} is for a lead: convert the lead to a client and link the client first`,
    );
  }
  const owner = String(proposal.owner ?? proposal.created_by ?? "");
  const links: Record<string, unknown> = {};
  const deposit = depositAmount(proposal);
  if (deposit > 0) {
    const invoice = await ctx.createAs(owner, "invoice", {
      client: proposal.client,
      issue_date: ctx.now.slice(0, 10),
      notes: `Deposit on proposal ${proposal.name}, accepted by ${proposal.signature_name}.`,
      lines: [{
        description: `Deposit of ${
          Number(proposal.deposit_percent)
        }% on ${proposal.name}: ${proposal.title}`,
        quantity: 1,
        rate: deposit,
      }],
    });
    links.deposit_invoice = invoice.id;
  }
  if (proposal.project_template) {
    // The template's plan from the acceptance day: tasks, milestones, dependencies, team.
    const { project } = await createProjectFromTemplate({
      create: (type, values, system) => ctx.createAs(owner, type, values, system),
      read: ctx.read,
      access: ctx.access,
      now: ctx.now,
    }, {
      template: String(proposal.project_template),
      name: String(proposal.title),
      client: String(proposal.client),
      start_date: ctx.now.slice(0, 10),
    });
    links.project = project.id;
  }
  return links;
}
