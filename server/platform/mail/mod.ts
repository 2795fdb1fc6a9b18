/**
 * Outgoing mail. Everything the product sends is written to the outbox (`outbox.ts`)
 * in the transaction that caused it, with texts from `messages.ts`. When `SMTP_URL`
 * is set, `main.ts` starts a `MailDelivery` loop (`delivery.ts`) that sends due
 * messages over SMTP (`smtp-transport.ts`) and retries failures with backoff;
 * administrators list the outbox in System Settings → Outgoing mail
 * (`outgoing-mail-routes.ts`), with the texts and links when no mail server is set.
 */
export { enqueueMail, type MailKind, type OutgoingMail } from "./outbox.ts";
export {
  passwordChangedMail,
  passwordResetMail,
  portalInvitationMail,
  staffInvitationMail,
} from "./messages.ts";
export { deliverDueMail, MailDelivery } from "./delivery.ts";
export { createSmtpTransport, type MailTransport } from "./smtp-transport.ts";
export { outgoingMailRoutes } from "./outgoing-mail-routes.ts";
export { queueInvitationMail, queuePortalInvitationNotice } from "./invitation-mail.ts";
export { queueRegistrationAttemptMail } from "./registration-attempt-mail.ts";
