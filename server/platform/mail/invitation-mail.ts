/** Puts an invitation's message in the outbox, named after the inviting organisation. */
import type { Queryable } from "../../db/database.ts";
import { portalInvitationMail, staffInvitationMail } from "./messages.ts";
import { enqueueMail } from "./outbox.ts";

/** Queues the invitation mail of a staff member or of a client's portal contact. */
export async function queueInvitationMail(
  tx: Queryable,
  invitation: { organizationId: string; to: string; link: string; days: number },
  options: { portal: boolean; now: string },
): Promise<void> {
  const organization = await tx.get<{ name: string }>(
    "SELECT name FROM organizations WHERE id = ?",
    [invitation.organizationId],
  );
  const content = {
    link: invitation.link,
    organizationName: organization?.name ?? "your organisation",
    days: invitation.days,
  };
  await enqueueMail(tx, {
    organizationId: invitation.organizationId,
    to: invitation.to,
    ...(options.portal ? portalInvitationMail(content) : staffInvitationMail(content)),
  }, options.now);
}
