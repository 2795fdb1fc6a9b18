/**
 * Organisation calls: list memberships (own, or a member's within organisations
 * the caller administers), switch the current organisation of the caller's session
 * (only into an active membership), read the current one.
 */
import {
  CurrentOrganizationResponse,
  MembershipsFallbackRequest,
  MembershipsRequest,
  MembershipsResponse,
  SwitchOrganizationRequest,
  SwitchOrganizationResponse,
} from "../../../schemas/api/organizations.ts";
import { EmptyRequest } from "../../../schemas/api/auth.ts";
import type { Database } from "../../db/database.ts";
import { type Access, ADMIN_ROLE } from "../access/access.ts";
import { forbidden, notFound } from "../errors/app-error.ts";
import type { Api } from "../http/api.ts";
import { recordAudit } from "../audit/record.ts";
import * as repo from "./repo.ts";

async function listMemberships(db: Database, access: Access, userId: string) {
  if (userId === access.user.id) {
    return await repo.membershipsOfUser(db, userId, access.organizationId);
  }
  const visible = await repo.membershipsVisibleToAdmin(db, userId, access.user.id, ADMIN_ROLE);
  if (visible.length === 0) throw notFound("User");
  return visible;
}

/** Why a switch into a membership that is not active is refused, in words. */
function switchRefusal(organizationName: string, status: string): string {
  if (status === "deactivated") {
    return `Your membership in ${organizationName} has been deactivated. Ask one of its administrators to restore it.`;
  }
  if (status === "invited") {
    return `You have not accepted your invitation to ${organizationName} yet.`;
  }
  return `${organizationName} is not active.`;
}

/** Declares the organisation endpoints. */
export function organizationRoutes(api: Api, db: Database, clock: () => number): void {
  const description =
    "A user lists only their own memberships, unless they administer the organisation: then the member's memberships in organisations the caller administers. Anything else answers 404.";
  api.route({
    method: "post",
    path: "/user-organizations/by-user",
    reads: true,
    tag: "Organizations",
    summary: "Memberships of a user",
    description,
    audience: "staff",
    body: MembershipsRequest,
    response: MembershipsResponse,
  }, async (c, { access, body }) => c.json(await listMemberships(db, access, body.user_id)));

  api.route(
    {
      method: "post",
      path: "/user-organizations/",
      reads: true,
      tag: "Organizations",
      summary: "Memberships of a user (fallback; defaults to the caller)",
      description,
      audience: "staff",
      body: MembershipsFallbackRequest,
      response: MembershipsResponse,
    },
    async (c, { access, body }) =>
      c.json(await listMemberships(db, access, body.user_id ?? access.user.id)),
  );

  api.route({
    method: "post",
    path: "/user-organizations/switch",
    tag: "Organizations",
    summary: "Switch this session's organisation; permissions follow on the next request",
    description:
      "Only this session moves (other sessions of the user keep theirs); the organisation chosen becomes the default of the user's next sessions. Tokens stay valid: the organisation is kept by the server, not in the token. A membership that is not active answers 403; no membership, 404.",
    audience: "staff",
    body: SwitchOrganizationRequest,
    response: SwitchOrganizationResponse,
  }, async (c, { access, body }) => {
    const now = new Date(clock()).toISOString();
    await db.transaction(async (tx) => {
      const membership = await repo.membershipOf(tx, access.user.id, body.organization_id);
      if (!membership) throw notFound("Organization");
      if (membership.status !== "active" || membership.organization_active !== 1) {
        throw forbidden(switchRefusal(membership.organization_name, membership.status), {
          organization_id: body.organization_id,
          status: membership.organization_active === 1 ? membership.status : "inactive",
        });
      }
      await repo.switchSession(tx, {
        sessionId: access.sessionId,
        userId: access.user.id,
        organizationId: body.organization_id,
        now,
      });
      await recordAudit(tx, {
        organizationId: body.organization_id,
        actorId: access.user.id,
        action: "organization.switch",
        resourceType: "user_organization",
        resourceId: access.user.id,
        before: { organization_id: access.organizationId },
        after: { organization_id: body.organization_id },
        requestId: c.get("requestId"),
        now,
      });
    });
    const memberships = await repo.membershipsOfUser(db, access.user.id, body.organization_id);
    return c.json({ current: memberships.find((m) => m.is_current)!, memberships });
  });

  api.route({
    method: "post",
    path: "/organizations/current",
    reads: true,
    tag: "Organizations",
    summary: "The caller's current organisation",
    audience: "user",
    body: EmptyRequest,
    response: CurrentOrganizationResponse,
  }, async (c, { access }) => {
    const organization = await repo.findOrganization(db, access.organizationId);
    if (!organization) throw forbidden("No current organization");
    return c.json({
      organization,
      version: await repo.organizationVersion(db, access.organizationId),
    });
  });
}
