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
