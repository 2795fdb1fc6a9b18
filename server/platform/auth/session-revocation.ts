/**
 * Signing a person out everywhere. Every way to stay signed in is revoked here, in
 * one place, so a store of sessions added later is revoked by the same call.
 */
import type { Queryable } from "../../db/database.ts";
import { revokeUserTokens } from "./repo.ts";

/** Revokes every session of a user (today: every live refresh token). */
export async function revokeAllSessionsOfUser(
  db: Queryable,
  userId: string,
  options: { now: string },
): Promise<void> {
  await revokeUserTokens(db, userId, options.now);
}
