/** Payloads of the auth calls. */
import { z } from "zod";
import { newPassword } from "./password-rules.ts";
import { nameText } from "./name-text.ts";

/** The User entity (spec §3). */
export const User = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  role: z.string(),
  is_client_portal_user: z.boolean(),
}).strict();
export type User = z.infer<typeof User>;

const email = z.string().trim().toLowerCase().email("Enter a valid email address").max(254);

export const LoginRequest = z.object({
  email,
  password: z.string().min(1, "Password is required").max(1024),
}).strict();

export const Session = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal("bearer"),
  expires_in: z.number().int(),
  user: User,
}).strict();
export type Session = z.infer<typeof Session>;

export const RefreshRequest = z.object({ refresh_token: z.string().min(1).max(512) }).strict();
export const LogoutRequest = z.object({ refresh_token: z.string().min(1).max(512).optional() })
  .strict();
export const EmptyRequest = z.object({}).strict();

export const RegisterRequest = z.object({
  first_name: nameText({ min: 1, max: 100, required: "First name is required" }),
  last_name: nameText({ min: 1, max: 100, required: "Last name is required" }),
  email,
  password: newPassword,
  organization_name: nameText({ min: 2, max: 200, required: "Organization name is required" }),
}).strict();
export type RegisterRequest = z.infer<typeof RegisterRequest>;

/** What registration answers, the same whether or not the email already had an account. */
export const RegistrationReceived = z.object({ message: z.string() }).strict();
export type RegistrationReceived = z.infer<typeof RegistrationReceived>;

export const OkResponse = z.object({ ok: z.literal(true) }).strict();
