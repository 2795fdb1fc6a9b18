/**
 * Where sessions go when a membership ends. A user's membership in one
 * organisation being deactivated affects only the sessions whose current
 * organisation is that one: they move to the user's landing organisation (the one
 * last chosen if still active, else another active membership), and the user's
 * default for new sessions follows; with no active membership left they end with
 * a reason the user is told. Sessions in other organisations are untouched.
 */
import type { Queryable } from "../../db/database.ts";
import { landingOrganization, revokeSession } from "../auth/repo.ts";

/** Whether the user is an active member of an active organisation. */
export async function isActiveMember(
  db: Queryable,
  userId: string,
  organizationId: string,
): Promise<boolean> {
  return !!(await db.get(
    `SELECT 1 AS x FROM user_organizations uo JOIN organizations o ON o.id = uo.organization_id
      WHERE uo.user_id = ? AND uo.organization_id = ? AND uo.status = 'active' AND o.is_active = 1`,
    [userId, organizationId],
  ));
}

/**
 * Moves the user's live sessions (or only `sessionId`) off `organizationId`.
 * Answers where they went (null: ended) and how many there were.
 */
export async function moveSessionsOff(
  tx: Queryable,
  input: { userId: string; organizationId: string; now: string; sessionId?: string },
): Promise<{ to: string | null; sessions: number }> {
  const sessions = await tx.all<{ id: string }>(
    `SELECT id FROM sessions WHERE user_id = ? AND organization_id = ? AND revoked_at IS NULL
        AND (? = '' OR id = ?)`,
    [input.userId, input.organizationId, input.sessionId ?? "", input.sessionId ?? ""],
  );
  const to = await landingOrganization(tx, input.userId, input.organizationId) ?? null;
  if (to) {
    for (const s of sessions) {
      await tx.run("UPDATE sessions SET organization_id = ? WHERE id = ?", [to, s.id]);
    }
    await tx.run(
      `UPDATE user_organizations SET is_current = CASE WHEN organization_id = ? THEN 1 ELSE 0 END, updated_at = ?
        WHERE user_id = ? AND EXISTS (SELECT 1 FROM user_organizations c
          WHERE c.user_id = ? AND c.organization_id = ? AND c.is_current = 1)`,
      [to, input.now, input.userId, input.userId, input.organizationId],
    );
  } else {
    for (const s of sessions) await revokeSession(tx, s.id, "membership_ended", input.now);
  }
  return { to, sessions: sessions.length };
}
