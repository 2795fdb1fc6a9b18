/**
 * Inviting someone to the organisation's staff: a membership waiting for its
 * person (status `invited`) and a one-time link, shown to the administrator and
 * mailed to the address through the outbox. The answer, the mail, the audit entry
 * and the member list are the same whether or not the address has an account
 * (ASVS 2.2/3.2, as registration answers): an address without one gets a pending
 * account whose password the link sets; an account of another organisation is
 * added as a membership its owner accepts through the same link with the password
 * they already have (which stays as it is). Inviting someone still invited sends a
 * new link and ends the old one. Every invitation takes a slot of the
 * organisation's daily limit (invitation-limit.ts).
 */
import type { Queryable } from "../../db/database.ts";
import type { InvitationLimits } from "../../config.ts";
import { recordAudit } from "../audit/record.ts";
import { PORTAL_ROLE } from "../access/access.ts";
import { newId } from "../ids.ts";
import { insertUser, INVITED_PASSWORD_HASH } from "../auth/repo.ts";
import { queueInvitationMail } from "../mail/mod.ts";
import { takeInvitationSlot } from "../invitations/invitation-limit.ts";
import {
  INVITATION_DAYS,
  newInvitationLink,
  storeInvitation,
} from "../invitations/invitation-link.ts";
import { alreadyAMember, invitedAccount, inviteOnce } from "../invitations/invited-account.ts";
import type { AdminContext } from "./admin-context.ts";
import { assertRoleExists } from "./users-admin.ts";

/** Whom to invite, and as what. */
export interface MemberInvitation {
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  /** The base of the link (PUBLIC_URL). */
  baseUrl: string;
  limits: InvitationLimits;
}

/** Invites someone; answers the same whether or not the address has an account. */
export async function inviteMember(ctx: AdminContext, input: MemberInvitation) {
  const link = newInvitationLink(input.baseUrl, ctx.now);
  const userId = await inviteOnce(() =>
    ctx.db.transaction(async (tx) => {
      await assertRoleExists(tx, ctx.organizationId, input.role);
      await takeInvitationSlot(tx, ctx.organizationId, { limits: input.limits, now: ctx.now });
      const userId = await membershipToInvite(tx, ctx, input);
      await storeInvitation(tx, {
        organizationId: ctx.organizationId,
        userId,
        invitedBy: ctx.actorId,
        firstName: input.firstName,
        lastName: input.lastName,
        now: ctx.now,
      }, link);
      await recordAudit(tx, {
        organizationId: ctx.organizationId,
        actorId: ctx.actorId,
        action: "user.invite",
        resourceType: "user",
        resourceId: userId,
        after: { email: input.email, role: input.role },
        requestId: ctx.requestId,
        now: ctx.now,
      });
      await queueInvitationMail(tx, {
        organizationId: ctx.organizationId,
        to: input.email,
        link: link.link,
        days: INVITATION_DAYS,
      }, { portal: false, now: ctx.now });
      return userId;
    })
  );
  return { user_id: userId, invitation_link: link.link, expires_at: link.expiresAt };
}

/** The user whose membership waits for the invitation, created or added as needed. */
async function membershipToInvite(
  tx: Queryable,
  ctx: AdminContext,
  input: MemberInvitation,
): Promise<string> {
  const found = await invitedAccount(tx, input.email, ctx.organizationId);
  if (found?.membership) {
    // Still invited as staff: invited again, as the role chosen now. Invitations of one
    // membership sent at once take turns on this row, so one link stays working.
    if (found.membership.status !== "invited" || found.membership.user_role === PORTAL_ROLE) {
      throw alreadyAMember();
    }
    await tx.run(
      "UPDATE user_organizations SET user_role = ?, updated_at = ? WHERE user_id = ? AND organization_id = ?",
      [input.role, ctx.now, found.user.id, ctx.organizationId],
    );
    return found.user.id;
  }
  let userId = found?.user.id;
  if (!userId) {
    userId = newId("usr");
    await insertUser(tx, {
      id: userId,
      email: input.email,
      password_hash: INVITED_PASSWORD_HASH,
      first_name: input.firstName,
      last_name: input.lastName,
      is_client_portal_user: 0,
      client_id: null,
      now: ctx.now,
    });
  }
  // A new account lands here after accepting; an existing one keeps its last organisation.
  await tx.run(
    `INSERT INTO user_organizations (id, user_id, organization_id, user_role, is_current, status, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 'invited', ?, ?)`,
    [newId("uor"), userId, ctx.organizationId, input.role, found ? 0 : 1, ctx.now, ctx.now],
  );
  return userId;
}
