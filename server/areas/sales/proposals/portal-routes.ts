/**
 * The client portal's proposals: a portal user sees the proposals sent to their
 * own client (never a draft), newest first, and opens one with its lines; the
 * first opening of a sent proposal marks it viewed (its `mark_viewed` action,
 * taken as them, so it is audited). Any other proposal answers 404. Accepting and
 * declining are the proposal's own actions, which the portal user takes through
 * the record's action call (`declaration.portal`).
 */
import {
  PortalProposalResponse,
  PortalProposalsResponse,
} from "../../../../schemas/api/portal-proposals.ts";
import { PortalEmpty } from "../../../../schemas/api/portal.ts";
import type { Database } from "../../../db/database.ts";
import type { Access } from "../../../platform/access/access.ts";
import { notFound } from "../../../platform/errors/app-error.ts";
import { portalClientFor } from "../../../platform/access/portal-client.ts";
import { pdfResponse } from "../../../platform/printing/pdf-response.ts";
import { printedProposal } from "./printed-proposal.ts";
import type { Api } from "../../../platform/http/api.ts";
import { derivedStatusSql } from "../../../records/engine/derived-status-sql.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import { takeAction } from "../../../records/engine/record-actions.ts";
import { loadRecord } from "../../../records/engine/record-store.ts";
import type { RecordData } from "../../../records/engine/record-rows.ts";
import { documentFormats } from "../../../platform/orgs/document-formats.ts";
import { readLetterhead } from "../../../platform/orgs/letterhead.ts";
import { PROPOSAL, SENT_SQL, UNSENT_STATES } from "../types/proposal.ts";

/** The portal user's client, when proposals are on for the organisation. */
const portalClient = (access: Access) => portalClientFor(access, PROPOSAL.module, "Proposals");

/** The statuses a client sees: the proposal once sent. */
const SHOWN = SENT_SQL;

/** Declares the portal's proposal calls. */
export function proposalPortalRoutes(api: Api, db: Database, records: RecordEngine): void {
  const today = () => new Date(records.clock()).toISOString().slice(0, 10);

  api.route({
    method: "post",
    path: "/portal/proposals",
    reads: true,
    tag: "Client portal",
    summary: "The proposals sent to the client, newest first",
    audience: "portal",
    body: PortalEmpty,
    response: PortalProposalsResponse,
  }, async (c, { access }) => {
    const clientId = portalClient(access);
    const proposals = await db.all(
      `SELECT p.id, p.name, p.title, p.date, p.valid_until, p.currency, p.grand_total,
              ${derivedStatusSql(PROPOSAL, "p", today(), db.dialect)} AS status
         FROM proposals p
        WHERE p.organization_id = ? AND p.client_id = ? AND ${SHOWN}
        ORDER BY p.date DESC, p.id DESC
        LIMIT 500`,
      [access.organizationId, clientId],
    );
    return c.json({ proposals });
  });

  api.route({
    method: "post",
    path: "/portal/proposals/:id",
    tag: "Client portal",
    summary: "One proposal sent to the client, with its lines; opening it marks it viewed",
    audience: "portal",
    body: PortalEmpty,
    response: PortalProposalResponse,
  }, async (c, { access }) => {
    const clientId = portalClient(access);
    const id = c.req.param("id")!;
    let proposal = await loadRecord(db, PROPOSAL, access.organizationId, id);
    if (
      !proposal || proposal.client !== clientId || UNSENT_STATES.includes(String(proposal.status))
    ) {
      throw notFound("Proposal");
    }
    if (proposal.status === "sent") {
      const viewed = await takeAction(records, access, {
        typeId: PROPOSAL.id,
        id,
        action: "mark_viewed",
        version: proposal.version as number,
        requestId: c.get("requestId"),
      });
      proposal = viewed.record;
    }
    return c.json(await portalView(db, access.organizationId, proposal, today()));
  });

  api.route({
    method: "get",
    path: "/portal/proposals/:id/pdf",
    tag: "Client portal",
    summary: "One of the proposals sent to the client, as a PDF",
    audience: "portal",
  }, async (c, { access }) =>
    await pdfResponse(
      await printedProposal(db, {
        organizationId: access.organizationId,
        id: c.req.param("id")!,
        today: today(),
        clientId: portalClient(access),
      }),
    ));
}

/** What the client sees of a proposal: its parts, lines in words, and the optional lines to pick. */
async function portalView(
  db: Database,
  organizationId: string,
  p: RecordData,
  today: string,
) {
  const { locale } = await readLetterhead(db, organizationId);
  const money = (n: number) => documentFormats(locale).money(n, String(p.currency ?? ""));
  const status = (p.status === "sent" || p.status === "viewed") && String(p.valid_until) < today
    ? "expired"
    : String(p.status);
  const lines = ((p.lines as RecordData[] | undefined) ?? []).map((l) => ({
    id: String(l.id),
    section: String(l.section ?? ""),
    description: String(l.description ?? ""),
    quantity: Number(l.quantity ?? 0),
    rate: Number(l.rate ?? 0),
    discount_percent: Number(l.discount_percent ?? 0),
    amount: Number(l.amount ?? 0),
    optional: !!l.optional,
    selected: !!l.selected,
    included: !l.optional ? "Included" : l.selected ? "Optional — picked" : "Optional",
  }));
  return {
    proposal: {
      id: String(p.id),
      name: String(p.name),
      title: String(p.title ?? ""),
      date: String(p.date),
      valid_until: String(p.valid_until),
      currency: String(p.currency ?? ""),
      grand_total: Number(p.grand_total ?? 0),
      status,
      version: Number(p.version),
      revision: Number(p.revision ?? 1),
      introduction: String(p.introduction ?? ""),
      terms: String(p.terms ?? ""),
      net_total: Number(p.net_total ?? 0),
      tax_total: Number(p.tax_total ?? 0),
      deposit_percent: Number(p.deposit_percent ?? 0),
      signature_name: String(p.signature_name ?? ""),
      accepted_at: (p.accepted_at as string | null) ?? null,
      open: status === "sent" || status === "viewed",
      optional_lines: lines.filter((l) => l.optional).map((l) => ({
        value: l.id,
        label: `${l.description} — ${money(l.amount)}`,
      })),
    },
    lines,
  };
}
