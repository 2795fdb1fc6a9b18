/**
 * The organisation's approval thresholds for proposals: a proposal whose largest
 * line discount is above `discount_percent`, or whose total is above `total`,
 * is approved inside the firm before it may be sent. Either left out (null) is
 * no threshold; both left out, no proposal needs approval.
 */
import { z } from "zod";

/** The thresholds as stored and shown. */
export const ProposalApprovalFields = z.object({
  discount_percent: z.number().min(0).max(100).nullable(),
  total: z.number().min(0).max(1e12).nullable(),
}).strict();
export type ProposalApprovalFields = z.infer<typeof ProposalApprovalFields>;

/** Reading them. */
export const ProposalApprovalReadRequest = z.object({}).strict();

/** Saving them over the version read (0: never stored); a threshold left out is none. */
export const ProposalApprovalRequest = z.object({
  discount_percent: z.number().min(0).max(100).nullable().optional(),
  total: z.number().min(0).max(1e12).nullable().optional(),
  version: z.number().int().min(0),
}).strict();

/** The thresholds with their version. */
export const ProposalApprovalResponse = ProposalApprovalFields.extend({
  version: z.number().int().min(0),
}).strict();
