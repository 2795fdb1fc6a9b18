/**
 * Signing a person out everywhere: every live session of theirs ends (and with it
 * every refresh token of those sessions), so access tokens already issued are
 * refused on their next request too.
 */
import type { Queryable } from "../../db/database.ts";
import { revokeUserTokens } from "./repo.ts";

/** Ends every live session of a user, with the reason the next request is told. */
export async function revokeAllSessionsOfUser(
  db: Queryable,
  userId: string,
  options: { now: string },
): Promise<void> {
  await db.run(
    "UPDATE sessions SET revoked_at = ?, revoked_reason = 'signed_out_everywhere' WHERE user_id = ? AND revoked_at IS NULL",
    [options.now, userId],
  );
  await revokeUserTokens(db, userId, options.now);
}
