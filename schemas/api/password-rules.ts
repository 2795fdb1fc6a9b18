/**
 * The rules a chosen password is held to, in one place: the server validates with
 * `newPassword`, and every form where a person chooses one states `PASSWORD_RULES`
 * under the field before anything is typed, so nobody learns them by failing.
 */
import { z } from "zod";

/** The fewest characters a chosen password may have. */
export const PASSWORD_MIN_LENGTH = 10;
/** The most characters a chosen password may have (a bound on hashing work). */
export const PASSWORD_MAX_LENGTH = 1024;

/** The rules as the person reads them, under the password field. */
export const PASSWORD_RULES =
  `At least ${PASSWORD_MIN_LENGTH} characters. Any characters count: a few unrelated words make a strong password.`;

/** The message when a chosen password is too short. */
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;

/** A password a person chooses (registration, an invitation, a reset). */
export const newPassword = z.string().min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT).max(
  PASSWORD_MAX_LENGTH,
);
