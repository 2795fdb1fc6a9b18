/**
 * Members of an organisation: role changes and deactivation. Both act
 * on the membership in this organisation only: a role change takes effect on the
 * member's next request (and ends their open event streams there); a deactivation
 * moves their sessions that are in this organisation to another active membership
 * (audited there too) or ends them, and leaves their sessions elsewhere alone. The
 * last active administrator can be neither demoted nor deactivated. Invitations are
 * member-invitation.ts.
 */
import { invalidInput, notFound } from "../errors/app-error.ts";
import { recordAudit } from "../audit/record.ts";
import { ADMIN_ROLE, PORTAL_ROLE } from "../access/access.ts";
import { moveSessionsOff } from "../orgs/session-fallback.ts";
import type { Queryable } from "../../db/database.ts";
import type { AdminContext } from "./admin-context.ts";
import { advanceVersion } from "../orgs/organization-versions.ts";

async function membership(tx: Queryable, organizationId: string, userId: string) {
  const row = await tx.get<{ user_role: string; status: string }>(
    "SELECT user_role, status FROM user_organizations WHERE organization_id = ? AND user_id = ?",
    [organizationId, userId],
  );
  if (!row) throw notFound("User");
  return row;
}

async function assertNotLastAdmin(
  tx: Queryable,
  organizationId: string,
  userId: string,
): Promise<void> {
  const others = await tx.get<{ n: number }>(
    "SELECT COUNT(*) AS n FROM user_organizations WHERE organization_id = ? AND user_role = ? AND status = 'active' AND user_id <> ?",
    [organizationId, ADMIN_ROLE, userId],
  );
  if ((others?.n ?? 0) === 0) {
    throw invalidInput("The organization needs at least one active administrator", {
      user_id: "This is the last active administrator",
    });
  }
}

/** Refuses a role the organisation does not have, and the portal role for staff. */
export async function assertRoleExists(
  tx: Queryable,
  organizationId: string,
  role: string,
): Promise<void> {
  if (role === PORTAL_ROLE) {
    throw invalidInput("Staff cannot be given the client portal role", {
      role: "Not a staff role",
    });
  }
  if (
    !(await tx.get("SELECT 1 AS x FROM roles WHERE organization_id = ? AND name = ?", [
      organizationId,
      role,
    ]))
  ) {
    throw invalidInput(`Unknown role "${role}"`, { role: "Unknown role" });
  }
}

/** Changes a member's role. */
export async function setMemberRole(ctx: AdminContext, input: { userId: string; role: string }) {
  const result = await ctx.db.transaction(async (tx) => {
    const before = await membership(tx, ctx.organizationId, input.userId);
    await assertRoleExists(tx, ctx.organizationId, input.role);
    if (before.user_role === ADMIN_ROLE && input.role !== ADMIN_ROLE) {
      await assertNotLastAdmin(tx, ctx.organizationId, input.userId);
    }
    await tx.run(
      "UPDATE user_organizations SET user_role = ?, updated_at = ? WHERE organization_id = ? AND user_id = ?",
      [
        input.role,
        ctx.now,
        ctx.organizationId,
        input.userId,
      ],
    );
    await advanceVersion(tx, ctx.organizationId, "permissions");
    await recordAudit(tx, {
      organizationId: ctx.organizationId,
      actorId: ctx.actorId,
      action: "user.role_change",
      resourceType: "user",
      resourceId: input.userId,
      before: { role: before.user_role },
      after: { role: input.role },
      requestId: ctx.requestId,
      now: ctx.now,
    });
    return { user_id: input.userId, role: input.role, is_active: before.status === "active" };
  });
  return result;
}

/** Deactivates a member: they can no longer act in this organisation. */
export async function deactivateMember(ctx: AdminContext, input: { userId: string }) {
  const result = await ctx.db.transaction(async (tx) => {
    const before = await membership(tx, ctx.organizationId, input.userId);
    if (before.user_role === ADMIN_ROLE) {
      await assertNotLastAdmin(tx, ctx.organizationId, input.userId);
    }
    await tx.run(
      "UPDATE user_organizations SET status = 'deactivated', updated_at = ? WHERE organization_id = ? AND user_id = ?",
      [
        ctx.now,
        ctx.organizationId,
        input.userId,
      ],
    );
    const moved = await moveSessionsOff(tx, {
      userId: input.userId,
      organizationId: ctx.organizationId,
      now: ctx.now,
    });
    await advanceVersion(tx, ctx.organizationId, "permissions");
    await recordAudit(tx, {
      organizationId: ctx.organizationId,
      actorId: ctx.actorId,
      action: "user.deactivate",
      resourceType: "user",
      resourceId: input.userId,
      before: { status: before.status },
      after: { status: "deactivated", sessions_moved: moved.to ? moved.sessions : 0 },
      requestId: ctx.requestId,
      now: ctx.now,
    });
    if (moved.to && moved.sessions > 0) {
      // The member's sessions now act in the other organisation: its log says so,
      // without naming the organisation they came from (that is not its business).
      await recordAudit(tx, {
        organizationId: moved.to,
        actorId: null,
        action: "user.sessions_moved_in",
        resourceType: "user",
        resourceId: input.userId,
        after: { sessions: moved.sessions, reason: "membership deactivated elsewhere" },
        requestId: ctx.requestId,
        now: ctx.now,
      });
    }
    return { user_id: input.userId, role: before.user_role, is_active: false };
  });
  return result;
}
