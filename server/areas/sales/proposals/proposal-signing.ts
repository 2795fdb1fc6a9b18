/**
 * How a proposal is signed (the signing engine, server/records/signing): sending
 * it asks its client's contact (or, for a lead, the lead) to sign the revision
 * sent; the signer picks optional lines as they sign, and completing takes
 * Accept (the deposit invoice and the project, once) with the name they typed,
 * declining takes Decline with their reason. Revise supersedes the request.
 */
import type { Queryable } from "../../../db/database.ts";
import { invalidInput } from "../../../platform/errors/app-error.ts";
import type { Signable } from "../../../records/signing/signable.ts";
import type { RecordData } from "../../../records/engine/record-rows.ts";
import { PROPOSAL } from "../types/proposal.ts";
import { documentFormats } from "../../../platform/orgs/document-formats.ts";
import { readLetterhead } from "../../../platform/orgs/letterhead.ts";

/** Who signs a proposal: its client's contact email, or its lead's. */
async function proposalSigners(
  q: Queryable,
  { organizationId, record: proposal }: { organizationId: string; record: Readonly<RecordData> },
) {
  const party = proposal.client
    ? await q.get<{ name: string; email: string }>(
      "SELECT name, email FROM clients WHERE organization_id = ? AND id = ?",
      [organizationId, proposal.client as string],
    )
    : await q.get<{ name: string; email: string }>(
      "SELECT name, email FROM leads WHERE organization_id = ? AND id = ?",
      [organizationId, String(proposal.lead ?? "")],
    );
  const field = proposal.client ? "client" : "lead";
  if (!party?.email) {
    throw invalidInput(
      `Proposal ${proposal.name} cannot be sent for signature: its ${field} has no email`,
      { [field]: "Has no email to send the signing link to" },
    );
  }
  return [{ name: party.name || party.email, email: party.email }];
}

/** The proposal as a signable type. */
export const PROPOSAL_SIGNING: Signable = {
  type: PROPOSAL.id,
  revisionField: "revision",
  requestOn: "send",
  supersedeOn: ["revise"],
  accept: "accept",
  decline: "decline",
  ownerField: "owner",
  signers: proposalSigners,
  choices: async (q, { organizationId, record: proposal }) => {
    const { locale } = await readLetterhead(q, organizationId);
    const money = documentFormats(locale).money;
    return ((proposal.lines as RecordData[] | undefined) ?? []).filter((l) => l.optional).map((
      l,
    ) => ({
      value: String(l.id),
      label: `${l.description} — ${money(Number(l.amount ?? 0), String(proposal.currency ?? ""))}`,
    }));
  },
};
