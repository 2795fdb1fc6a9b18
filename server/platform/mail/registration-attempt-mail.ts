/**
 * Tells an account's owner that someone tried to register with their email, so that
 * registration can answer alike for known and new emails while the owner still
 * learns of the attempt. At most `NOTICES_PER_HOUR` such notices reach one address
 * an hour, so registration cannot be used to flood someone's inbox.
 */
import type { Queryable } from "../../db/database.ts";
import { registrationAttemptMail } from "./messages.ts";
import { countSentTo, enqueueMail } from "./outbox.ts";

/** Registration-attempt notices sent to one address per hour. */
export const NOTICES_PER_HOUR = 3;

/** Queues the notice unless the address had its hourly share; `at` is an ISO time. */
export async function queueRegistrationAttemptMail(
  db: Queryable,
  attempt: { email: string; at: string },
  options: { publicUrl: string },
): Promise<void> {
  const since = new Date(Date.parse(attempt.at) - 60 * 60_000).toISOString();
  const sent = await countSentTo(db, attempt.email, { kind: "registration_attempt", since });
  if (sent >= NOTICES_PER_HOUR) return;
  const base = options.publicUrl.replace(/\/$/, "");
  await enqueueMail(db, {
    organizationId: null,
    to: attempt.email,
    ...registrationAttemptMail({
      signInLink: `${base}/login`,
      forgotLink: `${base}/forgot-password`,
    }),
  }, attempt.at);
}
