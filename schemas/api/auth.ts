/** Payloads of the auth calls. */
import { z } from "zod";

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
  first_name: z.string().trim().min(1, "First name is required").max(100),
  last_name: z.string().trim().min(1, "Last name is required").max(100),
  email,
  password: z.string().min(10, "Password must be at least 10 characters").max(1024),
  organization_name: z.string().trim().min(2, "Organization name is required").max(200),
}).strict();
export type RegisterRequest = z.infer<typeof RegisterRequest>;

/** What registration answers, the same whether or not the email already had an account. */
export const RegistrationReceived = z.object({ message: z.string() }).strict();
export type RegistrationReceived = z.infer<typeof RegistrationReceived>;

export const OkResponse = z.object({ ok: z.literal(true) }).strict();
