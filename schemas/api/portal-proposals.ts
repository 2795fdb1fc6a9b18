/** The client portal's proposals: the list, one proposal with its lines, and what the client may do. */
import { z } from "zod";

/** A proposal as the client sees it in a list. */
export const PortalProposal = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  date: z.string(),
  valid_until: z.string(),
  currency: z.string(),
  grand_total: z.number(),
  /** Sent, viewed, accepted, declined or expired (derived on read). */
  status: z.string(),
}).strict();

export const PortalProposalsResponse = z.object({ proposals: z.array(PortalProposal) }).strict();

/** One line as the client sees it. */
export const PortalProposalLine = z.object({
  id: z.string(),
  section: z.string(),
  description: z.string(),
  quantity: z.number(),
  rate: z.number(),
  discount_percent: z.number(),
  amount: z.number(),
  optional: z.boolean(),
  selected: z.boolean(),
  /** Included, Optional or Optional — picked, in words. */
  included: z.string(),
}).strict();

/** One proposal with its lines, and whether the client may still answer it. */
export const PortalProposalResponse = z.object({
  proposal: PortalProposal.extend({
    version: z.number().int(),
    revision: z.number().int(),
    introduction: z.string(),
    terms: z.string(),
    net_total: z.number(),
    tax_total: z.number(),
    deposit_percent: z.number(),
    signature_name: z.string(),
    accepted_at: z.string().nullable(),
    /** Whether the client may accept or decline it now. */
    open: z.boolean(),
    /** The optional lines, as checkboxes: value the line's id, label what it is and costs. */
    optional_lines: z.array(z.object({ value: z.string(), label: z.string() }).strict()),
  }).strict(),
  lines: z.array(PortalProposalLine),
}).strict();
