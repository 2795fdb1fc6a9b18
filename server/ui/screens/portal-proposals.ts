/**
 * The client portal's proposals: the list of what the firm sent the client, and
 * one proposal with its lines under their sections, its totals and terms. While
 * it is open (sent or viewed, not past its valid-until day) the client ticks the
 * optional lines they want, types their full name as their signature and accepts
 * it, or declines it with a reason; both are the proposal's own actions, so the
 * server decides and audits them. On a phone each line is a card.
 */
import { z } from "zod";
import { head, type ScreenDef } from "./screen-def.ts";
import { PROPOSAL_STATES } from "../../areas/sales/types/proposal.ts";

const STATUS_LABELS = Object.fromEntries(PROPOSAL_STATES.map((s) => [s.id, s.label]));
const STATUS_TONES = Object.fromEntries(PROPOSAL_STATES.map((s) => [s.id, s.tone]));

const statusColumn = {
  key: "status",
  label: "Status",
  labels: STATUS_LABELS,
  tone: { $match: { value: { $field: "status" }, cases: STATUS_TONES, otherwise: "neutral" } },
} as const;

/** Where the client's answers go: the proposal's own actions. */
const ACTIONS = "/api/records/proposal/{id}/actions";

/** `/client-portal/proposals`. */
const portalProposals: ScreenDef = {
  id: "client-portal/proposals",
  audience: "portal",
  build: () => ({
    ...head("client-portal/proposals", "Proposals", "dynamic"),
    sources: {
      proposals: {
        method: "POST",
        path: "/portal/proposals",
        body: {},
        select: "proposals",
        label: "Proposals",
        emptyText: "No proposals yet",
      },
    },
    body: {
      type: "page",
      title: "Proposals",
      description: "Proposals from the firm. Open one to read it, pick options and accept it.",
      children: [{
        type: "table",
        source: "proposals",
        columns: [
          { key: "name", label: "Proposal" },
          { key: "title", label: "Title" },
          { key: "valid_until", label: "Valid until", format: "date", sortable: true },
          { key: "grand_total", label: "Total", format: "currency" },
          statusColumn,
        ],
        emptyText: "No proposals yet",
        phone: { first: ["title", "grand_total", "status"] },
        rowActions: [{
          label: "Open",
          action: { kind: "navigate", to: "/client-portal/proposals/{id}" },
        }],
      }],
    },
  }),
};

/** `/client-portal/proposals/:id`. */
const portalProposal: ScreenDef = {
  id: "client-portal/proposal",
  audience: "portal",
  params: z.object({ id: z.string().min(1).max(64) }).strict(),
  build: () => ({
    ...head("client-portal/proposal", "Proposal", "dynamic"),
    sources: {
      proposal: {
        method: "POST",
        path: "/portal/proposals/{id}",
        body: {},
        critical: true,
        label: "Proposal",
        errorText: "This proposal could not be found",
      },
    },
    body: {
      type: "page",
      title: "Proposal",
      children: [
        { type: "heading", text: { $bind: "proposal", path: "proposal.title" }, level: 2 },
        {
          type: "button",
          label: "Download PDF",
          variant: "secondary",
          action: {
            kind: "download",
            format: "file",
            source: "/portal/proposals/{id}/pdf",
            filename: "proposal.pdf",
          },
        },
        {
          type: "key-value",
          items: [
            { label: "Proposal", value: { $bind: "proposal", path: "proposal.name" } },
            {
              label: "Status",
              value: { $bind: "proposal", path: "proposal.status", labels: STATUS_LABELS },
              tone: {
                $match: {
                  value: { $bind: "proposal", path: "proposal.status" },
                  cases: STATUS_TONES,
                  otherwise: "neutral",
                },
              },
            },
            {
              label: "Valid until",
              value: { $bind: "proposal", path: "proposal.valid_until", format: "date" },
            },
            {
              label: "Total",
              value: { $bind: "proposal", path: "proposal.grand_total", format: "currency" },
            },
          ],
        },
        {
          type: "text",
          text: { $bind: "proposal", path: "proposal.introduction", fallback: "" },
        },
        {
          type: "table",
          source: "proposal",
          path: "lines",
          columns: [
            { key: "description", label: "Description" },
            { key: "quantity", label: "Quantity", format: "number" },
            { key: "rate", label: "Rate", format: "currency" },
            { key: "discount_percent", label: "Discount", format: "percent" },
            { key: "amount", label: "Amount", format: "currency" },
            { key: "included", label: "Included" },
          ],
          groupBy: "section",
          emptyText: "This proposal has no lines",
          phone: { first: ["description", "amount", "included"] },
        },
        {
          type: "key-value",
          items: [
            {
              label: "Net total",
              value: { $bind: "proposal", path: "proposal.net_total", format: "currency" },
            },
            {
              label: "Tax",
              value: { $bind: "proposal", path: "proposal.tax_total", format: "currency" },
            },
            {
              label: "Total (optional lines you pick are added)",
              value: { $bind: "proposal", path: "proposal.grand_total", format: "currency" },
            },
          ],
        },
        {
          type: "card",
          title: "Terms",
          visibleWhen: { source: "proposal", path: "proposal.terms", present: true },
          children: [{ type: "text", text: { $bind: "proposal", path: "proposal.terms" } }],
        },
        {
          type: "card",
          title: "Accepted",
          tone: "success",
          visibleWhen: { source: "proposal", path: "proposal.status", equals: "accepted" },
          children: [{
            type: "key-value",
            items: [
              {
                label: "Signed by",
                value: { $bind: "proposal", path: "proposal.signature_name" },
              },
              {
                label: "On",
                value: { $bind: "proposal", path: "proposal.accepted_at", format: "datetime" },
              },
            ],
          }],
        },
        {
          type: "card",
          title: "Accept this proposal",
          visibleWhen: { source: "proposal", path: "proposal.open", equals: true },
          children: [{
            type: "form",
            id: "accept-proposal",
            source: "proposal",
            fields: [
              {
                name: "choices",
                label: "Optional lines you want",
                kind: "checkboxes",
                optionsSource: {
                  source: "proposal",
                  path: "proposal.optional_lines",
                  value: "value",
                  label: "label",
                },
                help: "Ticked lines are added to the total.",
              },
              {
                name: "signature_name",
                label: "Your full name, as your signature *",
                kind: "text",
                required: true,
                maxLength: 140,
                autocomplete: "name",
                messages: { required: "Type your full name to sign" },
              },
            ],
            submit: {
              label: "Accept and sign",
              method: "POST",
              path: `${ACTIONS}/accept`,
              carry: { version: "proposal.version" },
              successText: "Thank you: the proposal is accepted",
              invalidate: ["proposal"],
            },
          }],
        },
        {
          type: "card",
          title: "Decline",
          visibleWhen: { source: "proposal", path: "proposal.open", equals: true },
          children: [{
            type: "form",
            id: "decline-proposal",
            source: "proposal",
            fields: [{
              name: "comment",
              label: "Why are you declining? *",
              kind: "textarea",
              required: true,
              maxLength: 2000,
              messages: { required: "Tell the firm why, so they can answer" },
            }],
            submit: {
              label: "Decline",
              method: "POST",
              path: `${ACTIONS}/decline`,
              carry: { version: "proposal.version" },
              successText: "The firm has been told you declined",
              invalidate: ["proposal"],
            },
          }],
        },
      ],
    },
  }),
};

/** The portal's proposal screens. */
export const PORTAL_PROPOSAL_SCREENS: ScreenDef[] = [portalProposals, portalProposal];
