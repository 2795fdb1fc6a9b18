/**
 * The bulk lead assignment call: which leads (a selection of ids, or a filter in
 * the shape of the record list's) and to whom (one person, or by the
 * organisation's assignment rules); at most `BULK_ASSIGN_MAX` leads in one call.
 */
import { z } from "zod";
import { Filter } from "../records/meta.ts";

/** Most leads one bulk assignment takes. */
export const BULK_ASSIGN_MAX = 10_000;

const id = z.string().min(1).max(64);

export const BulkAssignRequest = z.object({
  ids: z.array(id).min(1).max(BULK_ASSIGN_MAX, `At most ${BULK_ASSIGN_MAX} leads at once`)
    .optional(),
  filter: z.object({
    filters: z.array(Filter).max(50).optional(),
    search: z.string().max(200).optional(),
  }).strict().optional(),
  to: id.optional(),
  by_rules: z.boolean().optional(),
  reason: z.string().trim().max(300).optional(),
}).strict().superRefine((body, ctx) => {
  if ((body.ids === undefined) === (body.filter === undefined)) {
    ctx.addIssue({ code: "custom", path: ["ids"], message: "Send either ids or a filter" });
  }
  if ((body.to === undefined) === (body.by_rules !== true)) {
    ctx.addIssue({
      code: "custom",
      path: ["to"],
      message: "Choose a person, or assign by the rules",
    });
  }
});
export type BulkAssignRequest = z.infer<typeof BulkAssignRequest>;

export const BulkAssignResponse = z.object({
  /** Leads the call took. */
  matched: z.number().int(),
  /** Given a new owner. */
  assigned: z.number().int(),
  /** Already with the owner they would get. */
  unchanged: z.number().int(),
  /** By the rules: a rule matched but everyone was at its cap; the owner is kept. */
  at_capacity: z.number().int(),
  /** By the rules: no active rule matched; the owner is kept. */
  unmatched: z.number().int(),
});
export type BulkAssignResponse = z.infer<typeof BulkAssignResponse>;
