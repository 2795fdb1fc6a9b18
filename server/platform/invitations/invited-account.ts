/**
 * Who an invitation reaches: an address with no account yet, or an account that
 * exists (in this organisation or another, as staff or as a client's portal
 * contact). Invitations answer alike in every case that concerns a stranger, so
 * the inviter learns nothing about addresses outside their own organisation; what
 * differs is decided here and done by the kind of invitation.
 */
import type { Queryable } from "../../db/database.ts";
import { isUniqueViolation } from "../../db/constraint-errors.ts";
import { invalidInput } from "../errors/app-error.ts";
import {
  findUserByEmail,
  INVITED_PASSWORD_HASH,
  isEmailTaken,
  type UserRow,
} from "../auth/repo.ts";

/** An account found for an invited address, with its membership in the inviting organisation. */
export interface InvitedAccount {
  user: UserRow;
  /** The account has no password yet: it was invited and never accepted. */
  pending: boolean;
  membership?: { user_role: string; status: "active" | "invited" | "deactivated" };
}

/** The account of `email` and its membership in the organisation, if any. */
export async function invitedAccount(
  tx: Queryable,
  email: string,
  organizationId: string,
): Promise<InvitedAccount | undefined> {
  const user = await findUserByEmail(tx, email);
  if (!user) return undefined;
  const membership = await tx.get<NonNullable<InvitedAccount["membership"]>>(
    "SELECT user_role, status FROM user_organizations WHERE user_id = ? AND organization_id = ?",
    [user.id, organizationId],
  );
  return { user, pending: user.password_hash === INVITED_PASSWORD_HASH, membership };
}

/**
 * 400 for a person already in the organisation (active or deactivated): the
 * inviter sees them in their own member lists, so saying so reveals nothing.
 */
export function alreadyAMember() {
  return invalidInput("This email belongs to someone already in this organization", {
    email: "Already in this organization",
  });
}

/**
 * Runs an invitation's transaction; when a concurrent invitation created the same
 * account or membership first (a unique constraint refused this one), runs it once
 * more, now finding that account: the same answer as inviting it one after the other.
 */
export async function inviteOnce<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isUniqueViolation(error) && !isEmailTaken(error)) throw error;
    return await run();
  }
}
