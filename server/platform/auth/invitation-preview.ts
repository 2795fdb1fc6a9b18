/**
 * `POST /auth/invitation/preview`: what an invitation link's page shows before the
 * invited person chooses a password (the organisation and the address invited), or a
 * 400 naming `token` when the link was used, has expired or never existed, so the
 * page says so before anything is typed. Only the token's SHA-256 is looked up.
 */
import { InvitationPreviewRequest, InvitationPreviewResponse } from "../../../schemas/api/mail.ts";
import type { Database } from "../../db/database.ts";
import { invalidInput } from "../errors/app-error.ts";
import type { Api } from "../http/api.ts";
import { hashRefreshToken } from "./tokens.ts";

const INVALID_INVITATION =
  "This invitation link is not valid any more. Ask whoever invited you for a new one.";

/** Declares the invitation preview. */
export function invitationPreviewRoutes(
  api: Api,
  deps: { db: Database; clock: () => number },
): void {
  api.route({
    method: "post",
    path: "/auth/invitation/preview",
    reads: true,
    tag: "Auth",
    summary: "The organisation and address of a one-time invitation link (400 when not usable)",
    audience: "public",
    body: InvitationPreviewRequest,
    response: InvitationPreviewResponse,
  }, async (c, { body }) => {
    const row = await deps.db.get<{
      email: string;
      organization_name: string;
      is_client_portal_user: number;
      expires_at: string;
      used_at: string | null;
    }>(
      `SELECT u.email, o.name AS organization_name, u.is_client_portal_user, i.expires_at, i.used_at
       FROM invitations i
       JOIN users u ON u.id = i.user_id
       JOIN organizations o ON o.id = i.organization_id
       WHERE i.token_hash = ?`,
      [await hashRefreshToken(body.token)],
    );
    const now = new Date(deps.clock()).toISOString();
    if (!row || row.used_at !== null || row.expires_at <= now) {
      throw invalidInput(`Invalid request body: token (${INVALID_INVITATION})`, {
        token: INVALID_INVITATION,
      });
    }
    return c.json({
      email: row.email,
      organization_name: row.organization_name,
      kind: row.is_client_portal_user === 1 ? "portal" as const : "staff" as const,
      expires_at: row.expires_at,
    });
  });
}
