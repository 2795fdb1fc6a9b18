/**
 * One-time invitation links: a random token whose SHA-256 alone is stored, valid
 * `INVITATION_DAYS`, for one membership (a person in an organisation). Only the
 * newest link of a membership works: inviting the same person again (a resend)
 * ends the links sent before, as a new password reset link ends the old one.
 */
import type { Queryable } from "../../db/database.ts";
import { newId } from "../ids.ts";
import { hashRefreshToken, newRefreshToken } from "../auth/tokens.ts";

/** How long an invitation link stays valid. */
export const INVITATION_DAYS = 7;

/** A link made for one invitation, before it is stored. */
export interface InvitationLink {
  token: string;
  link: string;
  expiresAt: string;
}

/** A fresh link to the invitation page, valid INVITATION_DAYS from `now`. */
export function newInvitationLink(baseUrl: string, now: string): InvitationLink {
  const token = newRefreshToken();
  return {
    token,
    link: `${baseUrl}/accept-invitation?token=${token}`,
    expiresAt: new Date(Date.parse(now) + INVITATION_DAYS * 86_400_000).toISOString(),
  };
}

/** Stores the invitation of a membership behind `link`, ending its earlier unused links. */
export async function storeInvitation(
  tx: Queryable,
  invitation: {
    organizationId: string;
    userId: string;
    invitedBy: string | null;
    /** The name the inviter typed, shown for the membership until it is accepted. */
    firstName: string;
    lastName: string;
    clientId?: string;
    now: string;
  },
  link: InvitationLink,
): Promise<void> {
  await tx.run(
    `UPDATE invitations SET expires_at = ?
      WHERE organization_id = ? AND user_id = ? AND used_at IS NULL AND expires_at > ?`,
    [invitation.now, invitation.organizationId, invitation.userId, invitation.now],
  );
  await tx.run(
    `INSERT INTO invitations (id, organization_id, user_id, token_hash, invited_by, expires_at, created_at, client_id, first_name, last_name)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      newId("inv"),
      invitation.organizationId,
      invitation.userId,
      await hashRefreshToken(link.token),
      invitation.invitedBy,
      link.expiresAt,
      invitation.now,
      invitation.clientId ?? null,
      invitation.firstName,
      invitation.lastName,
    ],
  );
}
