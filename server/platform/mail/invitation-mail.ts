/** Puts an invitation's message in the outbox, named after the inviting organisation. */
import type { Queryable } from "../../db/database.ts";
import {
  portalInvitationMail,
  portalInvitationNoticeMail,
  staffInvitationMail,
} from "./messages.ts";
import { countSentTo, enqueueMail } from "./outbox.ts";

/** Notices of portal invitations one address receives an hour, at most. */
export const PORTAL_NOTICES_PER_HOUR = 3;

async function organizationName(tx: Queryable, organizationId: string): Promise<string> {
  const organization = await tx.get<{ name: string }>(
    "SELECT name FROM organizations WHERE id = ?",
    [organizationId],
  );
  return organization?.name ?? "your organisation";
}

/** Queues the invitation mail of a staff member or of a client's portal contact. */
export async function queueInvitationMail(
  tx: Queryable,
  invitation: { organizationId: string; to: string; link: string; days: number },
  options: { portal: boolean; now: string },
): Promise<void> {
  const content = {
    link: invitation.link,
    organizationName: await organizationName(tx, invitation.organizationId),
    days: invitation.days,
  };
  await enqueueMail(tx, {
    organizationId: invitation.organizationId,
    to: invitation.to,
    ...(options.portal ? portalInvitationMail(content) : staffInvitationMail(content)),
  }, options.now);
}

/**
 * Tells an account's owner that an organisation invited their address to its client
 * portal, which an existing account cannot join. The message is the owner's, not
 * the organisation's: it stays out of the organisation's outbox listing. At most
 * PORTAL_NOTICES_PER_HOUR reach one address an hour.
 */
export async function queuePortalInvitationNotice(
  tx: Queryable,
  notice: { organizationId: string; to: string; now: string },
  options: { publicUrl: string },
): Promise<void> {
  const since = new Date(Date.parse(notice.now) - 60 * 60_000).toISOString();
  const sent = await countSentTo(tx, notice.to, { kind: "portal_invitation_notice", since });
  if (sent >= PORTAL_NOTICES_PER_HOUR) return;
  await enqueueMail(tx, {
    organizationId: null,
    to: notice.to,
    ...portalInvitationNoticeMail({
      organizationName: await organizationName(tx, notice.organizationId),
      signInLink: `${options.publicUrl.replace(/\/$/, "")}/login`,
    }),
  }, notice.now);
}
