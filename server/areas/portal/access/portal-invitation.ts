/**
 * Inviting a client's contact to the client portal: a pending portal account of
 * that client, a membership waiting for it and a one-time sign-up link. A portal
 * account belongs to one client of one organisation, so an address that already
 * has an account (staff anywhere, or another client's contact) cannot become one:
 * its owner is told by mail that the invitation changed nothing, and the caller gets
 * the answer an address without an account gets (a link that leads nowhere), so
 * the call does not tell which addresses have accounts (ASVS 2.2/3.2). Inviting a
 * contact of this client who has not accepted yet sends a new link. Someone already
 * in the organisation is refused by name (the caller sees them in its own lists).
 * Every invitation takes a slot of the organisation's daily limit.
 */
import type { Database, Queryable } from "../../../db/database.ts";
import type { InvitationLimits } from "../../../config.ts";
import { newId } from "../../../platform/ids.ts";
import { recordAudit } from "../../../platform/audit/record.ts";
import { insertUser, INVITED_PASSWORD_HASH } from "../../../platform/auth/repo.ts";
import { PORTAL_ROLE } from "../../../platform/access/access.ts";
import { queueInvitationMail, queuePortalInvitationNotice } from "../../../platform/mail/mod.ts";
import { takeInvitationSlot } from "../../../platform/invitations/invitation-limit.ts";
import {
  INVITATION_DAYS,
  newInvitationLink,
  storeInvitation,
} from "../../../platform/invitations/invitation-link.ts";
import {
  alreadyAMember,
  invitedAccount,
  inviteOnce,
} from "../../../platform/invitations/invited-account.ts";

/** Who invites whom, for which client. */
export interface PortalInvitation {
  organizationId: string;
  actorId: string;
  requestId: string;
  clientId: string;
  email: string;
  firstName: string;
  lastName: string;
  now: string;
}

/** What portal invitations need. */
export interface PortalInvitationDeps {
  db: Database;
  publicUrl: string;
  invitationLimits: InvitationLimits;
}

/** Invites the contact; answers the same whether or not the address has an account. */
export async function inviteToPortal(deps: PortalInvitationDeps, input: PortalInvitation) {
  const link = newInvitationLink(deps.publicUrl, input.now);
  const userId = await inviteOnce(() =>
    deps.db.transaction(async (tx) => {
      await takeInvitationSlot(tx, input.organizationId, {
        limits: deps.invitationLimits,
        now: input.now,
      });
      await recordAudit(tx, {
        organizationId: input.organizationId,
        actorId: input.actorId,
        action: "portal.invite",
        resourceType: "client",
        resourceId: input.clientId,
        after: { email: input.email },
        requestId: input.requestId,
        now: input.now,
      });
      const invited = await portalAccountToInvite(tx, input);
      if (!invited) {
        await queuePortalInvitationNotice(tx, {
          organizationId: input.organizationId,
          to: input.email,
          now: input.now,
        }, deps);
        // The shape of an invitation's answer; no account is made and the link's token is stored nowhere.
        return newId("usr");
      }
      await storeInvitation(tx, {
        organizationId: input.organizationId,
        userId: invited,
        invitedBy: input.actorId,
        firstName: input.firstName,
        lastName: input.lastName,
        clientId: input.clientId,
        now: input.now,
      }, link);
      await queueInvitationMail(tx, {
        organizationId: input.organizationId,
        to: input.email,
        link: link.link,
        days: INVITATION_DAYS,
      }, { portal: true, now: input.now });
      return invited;
    })
  );
  return { user_id: userId, invitation_link: link.link, expires_at: link.expiresAt };
}

/**
 * The portal account the invitation is for: a new one, or this client's contact
 * still invited; undefined when the address has an account that cannot be one.
 */
async function portalAccountToInvite(
  tx: Queryable,
  input: PortalInvitation,
): Promise<string | undefined> {
  const found = await invitedAccount(tx, input.email, input.organizationId);
  if (found?.membership) {
    const stillInvited = found.membership.status === "invited" &&
      found.membership.user_role === PORTAL_ROLE && found.user.client_id === input.clientId;
    if (!stillInvited) throw alreadyAMember();
    // Invitations of one membership sent at once take turns here, so one link stays working.
    await tx.run(
      "UPDATE user_organizations SET updated_at = ? WHERE user_id = ? AND organization_id = ?",
      [input.now, found.user.id, input.organizationId],
    );
    return found.user.id;
  }
  if (found) return undefined;
  const userId = newId("usr");
  await insertUser(tx, {
    id: userId,
    email: input.email,
    password_hash: INVITED_PASSWORD_HASH,
    first_name: input.firstName,
    last_name: input.lastName,
    is_client_portal_user: 1,
    client_id: input.clientId,
    now: input.now,
  });
  await tx.run(
    `INSERT INTO user_organizations (id, user_id, organization_id, user_role, is_current, status, created_at, updated_at)
     VALUES (?, ?, ?, ?, 1, 'invited', ?, ?)`,
    [newId("uor"), userId, input.organizationId, PORTAL_ROLE, input.now, input.now],
  );
  return userId;
}
