/**
 * Registration that does not tell whether an email already has an account: both
 * cases answer the same status and body and cost the same one password hash. A new
 * email founds an organisation and its administrator, who signs in with the
 * password just chosen; an email already in use leaves that account untouched and
 * its owner is told that someone tried to register with it.
 */
import type { Database } from "../../db/database.ts";
import type { RegisterRequest, RegistrationReceived } from "../../../schemas/api/auth.ts";
import { foundOrganization } from "../orgs/found-organization.ts";
import { queueRegistrationAttemptMail } from "../mail/mod.ts";
import type { PasswordHasher } from "./hashing-pool.ts";
import { findUserByEmail, isEmailTaken } from "./repo.ts";

/** The one answer of registration. */
export const REGISTRATION_RECEIVED: RegistrationReceived = {
  message:
    "Thank you. Sign in with your email and password. If this email already had an account, its password has not changed.",
};

/** What registration needs. */
export interface RegistrationDeps {
  db: Database;
  clock: () => number;
  hasher: PasswordHasher;
  /** The base of the links in the notice to an existing account's owner. */
  publicUrl: string;
}

/** Registers; answers REGISTRATION_RECEIVED whether or not the email was known. */
export async function register(
  deps: RegistrationDeps,
  input: RegisterRequest,
): Promise<RegistrationReceived> {
  const at = new Date(deps.clock()).toISOString();
  const existing = await findUserByEmail(deps.db, input.email);
  // Hashed in both cases, so the time taken does not tell a known email from a new one.
  const passwordHash = await deps.hasher.hash(input.password, "enrolment");
  if (existing) {
    await queueRegistrationAttemptMail(deps.db, { email: existing.email, at }, deps);
    return REGISTRATION_RECEIVED;
  }
  try {
    await deps.db.transaction((tx) =>
      foundOrganization(tx, {
        organizationName: input.organization_name,
        email: input.email,
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        actor: "founder",
        now: at,
      })
    );
  } catch (error) {
    // Another registration with this email committed first: that is the known-email case.
    if (!isEmailTaken(error)) throw error;
    await queueRegistrationAttemptMail(deps.db, { email: input.email, at }, deps);
  }
  return REGISTRATION_RECEIVED;
}
