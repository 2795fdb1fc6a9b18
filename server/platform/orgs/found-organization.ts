/**
 * Founding an organisation: the organisation (with its roles and modules), its
 * first administrator and the audit entry — one step shared by registration and
 * the `create-admin` command.
 */
import type { Queryable } from "../../db/database.ts";
import { ADMIN_ROLE } from "../access/access.ts";
import { recordAudit } from "../audit/record.ts";
import { insertMembership, insertUser } from "../auth/repo.ts";
import { newId } from "../ids.ts";
import { createOrganization } from "./organization-bootstrap.ts";

/** Who founds what. */
export interface Founding {
  organizationName: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  /** Recorded as the audit actor: the new administrator, or null for the admin command. */
  actor: "founder" | null;
  now: string;
}

/** Creates the organisation and its administrator; 400 when the email is taken (see insertUser). */
export async function foundOrganization(
  tx: Queryable,
  founding: Founding,
): Promise<{ organizationId: string; userId: string }> {
  const { now } = founding;
  const organizationId = await createOrganization(tx, { name: founding.organizationName }, { now });
  const userId = newId("usr");
  await insertUser(tx, {
    id: userId,
    email: founding.email,
    password_hash: founding.passwordHash,
    first_name: founding.firstName,
    last_name: founding.lastName,
    is_client_portal_user: 0,
    client_id: null,
    now,
  });
  await insertMembership(tx, {
    id: newId("uor"),
    userId,
    organizationId,
    role: ADMIN_ROLE,
    isCurrent: true,
    now,
  });
  await recordAudit(tx, {
    organizationId,
    actorId: founding.actor === "founder" ? userId : null,
    action: "organization.create",
    resourceType: "organization",
    resourceId: organizationId,
    after: { name: founding.organizationName, admin: founding.email },
    now,
  });
  return { organizationId, userId };
}
