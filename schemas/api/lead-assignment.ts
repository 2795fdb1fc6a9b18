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

/** A form's empty answer is no value. */
const blank = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());

export const BulkAssignRequest = z.object({
  ids: z.array(id).min(1).max(BULK_ASSIGN_MAX, `At most ${BULK_ASSIGN_MAX} leads at once`)
    .optional(),
  filter: z.object({
    filters: z.array(Filter).max(50).optional(),
    search: z.string().max(200).optional(),
  }).strict().optional(),
  // The bulk screen's form: criteria in plain fields, each left empty for any.
  stage: blank(z.string().max(64)),
  source: blank(z.string().max(64)),
  territory: blank(z.string().trim().max(80)),
  current_owner: blank(id),
  to: blank(id),
  by_rules: z.boolean().optional(),
  reason: z.string().trim().max(300).optional(),
}).strict().superRefine((body, ctx) => {
  const criteria = [body.stage, body.source, body.territory, body.current_owner]
    .some((v) => v !== undefined);
  const ways = [body.ids !== undefined, body.filter !== undefined, criteria].filter(Boolean);
  if (ways.length !== 1) {
    ctx.addIssue({
      code: "custom",
      path: ["ids"],
      message: "Send either ids, a filter or at least one criterion",
    });
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
