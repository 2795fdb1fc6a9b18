/**
 * Accepting an invitation (staff or client portal): the one-time token is checked
 * first, with one SHA-256 and one indexed read, and only a valid token costs a
 * password hash. The token is spent in the same transaction that sets the
 * password, and only if no other accept spent it meanwhile.
 */
import type { Database } from "../../db/database.ts";
import { invalidInput } from "../errors/app-error.ts";
import type { PasswordHasher } from "./hashing-pool.ts";
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
}

function invalidInvitation() {
  return invalidInput("This invitation link is not valid any more", {
    token: "Invalid or expired invitation",
  });
}

/** Sets the invited user's password and activates their membership. */
export async function acceptInvitation(
  deps: InvitationAcceptDeps,
  input: { token: string; password: string },
): Promise<void> {
  const now = new Date(deps.clock()).toISOString();
  const invitation = await deps.db.get<InvitationRow>(
    "SELECT id, user_id, organization_id, expires_at, used_at FROM invitations WHERE token_hash = ?",
    [await hashRefreshToken(input.token)],
  );
  if (!invitation || invitation.used_at || invitation.expires_at <= now) throw invalidInvitation();
  const hash = await deps.hasher.hash(input.password, "enrolment");
  await deps.db.transaction(async (tx) => {
    const spent = await tx.run(
      "UPDATE invitations SET used_at = ? WHERE id = ? AND used_at IS NULL",
      [now, invitation.id],
    );
    if (spent.changes !== 1) throw invalidInvitation();
    await tx.run("UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?", [
      hash,
      now,
      invitation.user_id,
    ]);
    await tx.run(
      "UPDATE user_organizations SET status = 'active', updated_at = ? WHERE user_id = ? AND organization_id = ?",
      [now, invitation.user_id, invitation.organization_id],
    );
  });
}
