/** Payloads of password reset and of the outgoing mail listing. */
import { z } from "zod";
import { RegisterRequest } from "./auth.ts";

export const ForgotPasswordRequest = z.object({
  email: z.string().trim().toLowerCase().email("Enter a valid email address").max(254),
}).strict();

/** The same answer whether or not the address has an account. */
export const ForgotPasswordResponse = z.object({ message: z.string() }).strict();

export const ResetPasswordRequest = z.object({
  token: z.string().min(10).max(200),
  password: RegisterRequest.shape.password,
}).strict();

/** After a reset: where the person signs in (staff or client portal). */
export const ResetPasswordResponse = z.object({
  ok: z.literal(true),
  sign_in_path: z.enum(["/login", "/client-portal"]),
}).strict();

export const OutgoingMailRequest = z.object({}).strict();

export const OutgoingMailMessage = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  status: z.enum(["queued", "sent", "failed"]),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  text: z.string().nullable().describe(
    "the message as its recipient reads it (its To line, then its text); null when a mail server delivers it",
  ),
  link_path: z.string().nullable().describe("the app path of the message's link, if shown"),
}).strict();

export const OutgoingMailResponse = z.object({
  delivery: z.enum(["smtp", "outbox"]).describe(
    "smtp: a mail server delivers; outbox: no mail server, messages are only listed here",
  ),
  messages: z.array(OutgoingMailMessage),
}).strict();

export const InvitationPreviewRequest = z.object({ token: z.string().min(10).max(200) }).strict();

/** What an invitation link's page shows before a password is chosen. */
export const InvitationPreviewResponse = z.object({
  email: z.string(),
  organization_name: z.string(),
  kind: z.enum(["staff", "portal"]),
  expires_at: z.string(),
}).strict();
