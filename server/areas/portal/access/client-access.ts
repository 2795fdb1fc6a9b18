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
} from "../../../../schemas/api/portal.ts";
import type { Api } from "../../../platform/http/api.ts";
import { notFound } from "../../../platform/errors/app-error.ts";
import { newId } from "../../../platform/ids.ts";
import { recordAudit } from "../../../platform/audit/record.ts";
import { revokeUserTokens } from "../../../platform/auth/repo.ts";
import { requireAuthorized } from "../../../platform/access/authorize.ts";
import { inviteToPortal, type PortalInvitationDeps } from "./portal-invitation.ts";
import * as portal from "../repo.ts";

/** What the client access endpoints need. */
export interface ClientAccessDeps extends PortalInvitationDeps {
  clock: () => number;
}

/** Declares the client access endpoints. */
export function clientAccessRoutes(api: Api, deps: ClientAccessDeps): void {
  const { db, clock } = deps;
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
    summary:
      "Invite a client's contact to the portal: a one-time sign-up link (the same answer whether or not the address has an account; 429 past the organisation's daily limit)",
    body: PortalInviteRequest,
    response: PortalInviteResponse,
    status: 201,
  }, async (c, { access, body }) => {
    requireAuthorized(access, "clients", "portal_invite");
    await assertClient(access.organizationId, body.client_id);
    const answer = await inviteToPortal(deps, {
      organizationId: access.organizationId,
      actorId: access.user.id,
      requestId: c.get("requestId"),
      clientId: body.client_id,
      email: body.email,
      firstName: body.first_name,
      lastName: body.last_name,
      now: now(),
    });
    return c.json(answer, 201);
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
