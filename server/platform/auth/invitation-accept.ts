/**
 * Accepting an invitation (staff or client portal): the one-time token is checked
 * first, with one SHA-256 and one indexed read, and only a valid token costs a
 * password derivation. An account without a password yet (made by the invitation)
 * gets the one chosen; an account that has one (the invitation added its owner to
 * another organisation) is accepted with that password, which stays as it is, so
 * whoever holds the link cannot take the account over. The token is spent in the
 * same transaction that activates the membership, and only if no other accept
 * spent it meanwhile.
 */
import type { Database } from "../../db/database.ts";
import { invalidInput } from "../errors/app-error.ts";
import { PORTAL_ROLE } from "../access/access.ts";
import type { PasswordHasher } from "./hashing-pool.ts";
import { INVITED_PASSWORD_HASH } from "./repo.ts";
import { hashRefreshToken } from "./tokens.ts";

/** What accepting needs. */
export interface InvitationAcceptDeps {
  db: Database;
  clock: () => number;
  hasher: PasswordHasher;
}

interface InvitationRow {
  id: string;
  user_id: string;
  organization_id: string;
  expires_at: string;
  used_at: string | null;
  password_hash: string;
  is_client_portal_user: number;
  user_role: string | null;
}

function invalidInvitation() {
  return invalidInput("This invitation link is not valid any more", {
    token: "Invalid or expired invitation",
  });
}

/** Activates the invited membership, setting the password of an account that has none. */
export async function acceptInvitation(
  deps: InvitationAcceptDeps,
  input: { token: string; password: string },
): Promise<void> {
  const now = new Date(deps.clock()).toISOString();
  const invitation = await deps.db.get<InvitationRow>(
    `SELECT i.id, i.user_id, i.organization_id, i.expires_at, i.used_at,
            u.password_hash, u.is_client_portal_user, uo.user_role
       FROM invitations i JOIN users u ON u.id = i.user_id
       LEFT JOIN user_organizations uo ON uo.user_id = i.user_id AND uo.organization_id = i.organization_id
      WHERE i.token_hash = ?`,
    [await hashRefreshToken(input.token)],
  );
  if (!invitation || invitation.used_at || invitation.expires_at <= now) throw invalidInvitation();
  const existing = invitation.password_hash !== INVITED_PASSWORD_HASH;
  let newHash: string | undefined;
  if (existing) {
    if (!(await deps.hasher.verify(input.password, invitation.password_hash, "enrolment"))) {
      throw invalidInput("This email already has an Opsuite account: enter its password", {
        password: "Enter the current password of the account with this email",
      });
    }
    // A client's portal account belongs to its client: it cannot join an organisation's staff.
    if (invitation.is_client_portal_user === 1 && invitation.user_role !== PORTAL_ROLE) {
      throw invalidInput("A client portal account cannot join an organization's staff", {
        token: "This invitation cannot be accepted by a client portal account",
      });
    }
  } else {
    newHash = await deps.hasher.hash(input.password, "enrolment");
  }
  await deps.db.transaction(async (tx) => {
    const spent = await tx.run(
      "UPDATE invitations SET used_at = ? WHERE id = ? AND used_at IS NULL AND expires_at > ?",
      [now, invitation.id, now],
    );
    if (spent.changes !== 1) throw invalidInvitation();
    if (newHash) {
      // Only while it still has none: two invitations of one new address cannot both set it.
      await tx.run(
        "UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ? AND password_hash = ?",
        [newHash, now, invitation.user_id, INVITED_PASSWORD_HASH],
      );
    }
    await tx.run(
      "UPDATE user_organizations SET status = 'active', updated_at = ? WHERE user_id = ? AND organization_id = ? AND status = 'invited'",
      [now, invitation.user_id, invitation.organization_id],
    );
  });
}
