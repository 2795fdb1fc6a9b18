/**
 * The staff side of client access: the message thread with each client, inviting
 * a client's contact to the portal (a one-time sign-up link) and revoking portal
 * access. Invitations and revocations are audited. All under the clients module;
 * each write needs its own permission (clients.message, clients.portal_invite,
 * clients.portal_revoke), never only clients.read.
 */
import {
  MessageResponse,
  MessagesResponse,
  PortalEmpty,
  PortalInviteRequest,
  PortalInviteResponse,
  PortalRevokeRequest,
  PortalUsersRequest,
  PortalUsersResponse,
  StaffSendMessageRequest,
} from "../../../schemas/api/portal.ts";
import type { Database } from "../../db/database.ts";
import type { Api } from "../../platform/http/api.ts";
import { notFound } from "../../platform/errors/app-error.ts";
import { newId } from "../../platform/ids.ts";
import { recordAudit } from "../../platform/audit/record.ts";
import { hashRefreshToken, newRefreshToken } from "../../platform/auth/tokens.ts";
import { insertUser, INVITED_PASSWORD_HASH, revokeUserTokens } from "../../platform/auth/repo.ts";
import { PORTAL_ROLE } from "../../platform/access/access.ts";
import { requireAuthorized } from "../../platform/access/authorize.ts";
import { INVITATION_DAYS } from "../../platform/admin/users-admin.ts";
import { queueInvitationMail } from "../../platform/mail/mod.ts";
import * as portal from "../portal/repo.ts";

/** Declares the client access endpoints. */
export function clientAccessRoutes(
  api: Api,
  db: Database,
  clock: () => number,
  publicUrl: string,
): void {
  const base = { tag: "Clients", audience: "staff" as const };
  const now = () => new Date(clock()).toISOString();
  const assertClient = async (organizationId: string, clientId: string) => {
    if (!(await portal.clientExists(db, organizationId, clientId))) throw notFound("Client");
  };

  api.route(
    {
      ...base,
      method: "post",
      path: "/clients/messages/recent",
      reads: true,
      summary: "The newest messages from and to every client",
      body: PortalEmpty,
      response: MessagesResponse,
    },
    async (c, { access }) =>
      c.json({ messages: await portal.recentMessages(db, access.organizationId) }),
  );

  api.route({
    ...base,
    method: "post",
    path: "/clients/messages/send",
    summary: "Reply to a client in their thread",
    body: StaffSendMessageRequest,
    response: MessageResponse,
    status: 201,
  }, async (c, { access, body }) => {
    requireAuthorized(access, "clients", "message");
    await assertClient(access.organizationId, body.client_id);
    const message = await db.transaction((tx) =>
      portal.addMessage(tx, {
        id: newId("msg"),
        scope: { organizationId: access.organizationId, clientId: body.client_id },
        authorId: access.user.id,
        fromClient: false,
        body: body.body,
        now: now(),
      })
    );
    return c.json({ message }, 201);
  });

  const portalUsers = (organizationId: string, clientId: string | undefined) =>
    db.all<
      {
        id: string;
        full_name: string;
        email: string;
        status: string;
        client_id: string;
        client_name: string;
      }
    >(
      `SELECT u.id, u.first_name || ' ' || u.last_name AS full_name, u.email, uo.status, c.id AS client_id, c.name AS client_name
         FROM users u JOIN user_organizations uo ON uo.user_id = u.id AND uo.organization_id = ?
         JOIN clients c ON c.id = u.client_id
        WHERE u.is_client_portal_user = 1 ${
        clientId ? "AND u.client_id = ?" : ""
      } ORDER BY c.name, u.last_name`,
      clientId ? [organizationId, clientId] : [organizationId],
    );

  api.route({
    ...base,
    method: "post",
    path: "/clients/portal-users",
    reads: true,
    summary: "Portal accounts of the organisation's clients (or of one client)",
    body: PortalUsersRequest,
    response: PortalUsersResponse,
  }, async (c, { access, body }) => {
    if (body.client_id) await assertClient(access.organizationId, body.client_id);
    return c.json({ users: await portalUsers(access.organizationId, body.client_id) });
  });

  api.route({
    ...base,
    method: "post",
    path: "/clients/portal-invite",
    summary: "Invite a client's contact to the portal: a one-time sign-up link",
    body: PortalInviteRequest,
    response: PortalInviteResponse,
    status: 201,
  }, async (c, { access, body }) => {
    requireAuthorized(access, "clients", "portal_invite");
    await assertClient(access.organizationId, body.client_id);
    const token = newRefreshToken();
    const link = `${publicUrl}/accept-invitation?token=${token}`;
    const at = now();
    const expires = new Date(clock() + INVITATION_DAYS * 86_400_000).toISOString();
    const userId = await db.transaction(async (tx) => {
      const id = newId("usr");
      await insertUser(tx, {
        id,
        email: body.email,
        password_hash: INVITED_PASSWORD_HASH,
        first_name: body.first_name,
        last_name: body.last_name,
        is_client_portal_user: 1,
        client_id: body.client_id,
        now: at,
      });
      await tx.run(
        `INSERT INTO user_organizations (id, user_id, organization_id, user_role, is_current, status, created_at, updated_at)
         VALUES (?, ?, ?, ?, 1, 'invited', ?, ?)`,
        [newId("uor"), id, access.organizationId, PORTAL_ROLE, at, at],
      );
      await tx.run(
        "INSERT INTO invitations (id, organization_id, user_id, token_hash, invited_by, expires_at, created_at, client_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
          newId("inv"),
          access.organizationId,
          id,
          await hashRefreshToken(token),
          access.user.id,
          expires,
          at,
          body.client_id,
        ],
      );
      await recordAudit(tx, {
        organizationId: access.organizationId,
        actorId: access.user.id,
        action: "portal.invite",
        resourceType: "client",
        resourceId: body.client_id,
        after: { email: body.email, user_id: id },
        requestId: c.get("requestId"),
        now: at,
      });
      await queueInvitationMail(tx, {
        organizationId: access.organizationId,
        to: body.email,
        link,
        days: INVITATION_DAYS,
      }, { portal: true, now: at });
      return id;
    });
    return c.json({
      user_id: userId,
      invitation_link: link,
      expires_at: expires,
    }, 201);
  });

  api.route({
    ...base,
    method: "post",
    path: "/clients/portal-revoke",
    summary: "Revoke a contact's portal access (signs them out)",
    body: PortalRevokeRequest,
    response: PortalUsersResponse,
  }, async (c, { access, body }) => {
    requireAuthorized(access, "clients", "portal_revoke");
    await assertClient(access.organizationId, body.client_id);
    await db.transaction(async (tx) => {
      const member = await tx.get<{ status: string }>(
        `SELECT uo.status FROM users u JOIN user_organizations uo ON uo.user_id = u.id AND uo.organization_id = ?
          WHERE u.id = ? AND u.client_id = ? AND u.is_client_portal_user = 1`,
        [access.organizationId, body.user_id, body.client_id],
      );
      if (!member) throw notFound("Portal user");
      await tx.run(
        "UPDATE user_organizations SET status = 'deactivated', updated_at = ? WHERE user_id = ? AND organization_id = ?",
        [
          now(),
          body.user_id,
          access.organizationId,
        ],
      );
      await revokeUserTokens(tx, body.user_id, now());
      await recordAudit(tx, {
        organizationId: access.organizationId,
        actorId: access.user.id,
        action: "portal.revoke",
        resourceType: "client",
        resourceId: body.client_id,
        before: { user_id: body.user_id, status: member.status },
        after: { user_id: body.user_id, status: "deactivated" },
        requestId: c.get("requestId"),
        now: now(),
      });
    });
    return c.json({ users: await portalUsers(access.organizationId, body.client_id) });
  });
}
