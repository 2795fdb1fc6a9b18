/** Payloads of lead nurturing's public unsubscribe call. */
import { z } from "zod";

/** The one-click link's token, as the mail carries it. */
export const NurtureUnsubscribeQuery = z.object({
  token: z.string().min(16).max(200),
}).strict();

/** What the unsubscribe answers. */
export const NurtureUnsubscribeResponse = z.object({
  unsubscribed: z.literal(true),
  message: z.string(),
}).strict();

/** Leads to enrol in one sequence at once. */
export const NurtureEnrolRequest = z.object({
  leads: z.array(z.string().min(1).max(64)).min(1).max(100),
}).strict();

/** What became of each lead: its enrolment, or why it was refused (409 already enrolled, 400 unsubscribed). */
export const NurtureEnrolResponse = z.object({
  results: z.array(
    z.object({
      lead: z.string(),
      enrollment: z.string().nullable(),
      status: z.number().int(),
      message: z.string().nullable(),
    }).strict(),
  ),
}).strict();
