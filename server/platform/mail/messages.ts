/**
 * The texts of outgoing mail. Plain text only: every message carries its link on a
 * line of its own so any mail client shows it, and nothing user-typed becomes HTML.
 */
import type { MailKind } from "./outbox.ts";

/** A message's subject, text and kind, before it has a recipient. */
export interface MailContent {
  subject: string;
  text: string;
  kind: MailKind;
}

/** The password reset message. */
export function passwordResetMail(input: { link: string; minutes: number }): MailContent {
  return {
    kind: "password_reset",
    subject: "Reset your Opsuite password",
    text: [
      "Someone asked to reset the password of your Opsuite account.",
      "",
      `Choose a new password here (the link works once, for ${input.minutes} minutes):`,
      input.link,
      "",
      "If you did not ask for this, ignore this message: your password stays as it is.",
    ].join("\n"),
  };
}

/** The notice sent after a password was changed with a reset link. */
export function passwordChangedMail(input: { signInLink: string }): MailContent {
  return {
    kind: "password_changed",
    subject: "Your Opsuite password was changed",
    text: [
      "The password of your Opsuite account was just changed, and every session was signed out.",
      "",
      "Sign in with your new password:",
      input.signInLink,
      "",
      "If you did not do this, reset your password at once and tell your administrator.",
    ].join("\n"),
  };
}

/**
 * The invitation to join an organisation as a member of staff. One text for an
 * address with an account and one without, so the inviter, who may read the
 * organisation's outbox, cannot tell them apart: the account's owner is told they
 * were added and accepts with the password they have.
 */
export function staffInvitationMail(
  input: { link: string; organizationName: string; days: number },
): MailContent {
  return {
    kind: "staff_invitation",
    subject: `You are invited to ${input.organizationName} on Opsuite`,
    text: [
      `You have been invited to join ${input.organizationName} on Opsuite.`,
      "",
      `Accept here (the link works once, for ${input.days} days):`,
      input.link,
      "",
      "New to Opsuite? Choose your password there.",
      `Already have an Opsuite account with this address? You have been added to ${input.organizationName}: enter your current password there to accept. It stays as it is, and your other organisations are unchanged.`,
    ].join("\n"),
  };
}

/** The invitation of a client's contact to the client portal. */
export function portalInvitationMail(
  input: { link: string; organizationName: string; days: number },
): MailContent {
  return {
    kind: "portal_invitation",
    subject: `Your client portal at ${input.organizationName}`,
    text: [
      `${input.organizationName} invites you to its client portal on Opsuite, where you can follow your projects and send messages.`,
      "",
      `Choose your password here (the link works once, for ${input.days} days):`,
      input.link,
    ].join("\n"),
  };
}

/**
 * The notice to an account's owner that an organisation invited their address to
 * its client portal: a portal account belongs to one client, so an address that
 * already has an account cannot become one, and nothing was changed.
 */
export function portalInvitationNoticeMail(
  input: { organizationName: string; signInLink: string },
): MailContent {
  return {
    kind: "portal_invitation_notice",
    subject: `${input.organizationName} invited you to its client portal on Opsuite`,
    text: [
      `${input.organizationName} invited this address to its client portal on Opsuite.`,
      "This address already has an Opsuite account, and a client portal needs an address of its own, so nothing was changed.",
      `If you expected this invitation, ask ${input.organizationName} to invite another address of yours.`,
      "",
      "Your account is unchanged. Sign in here:",
      input.signInLink,
    ].join("\n"),
  };
}

/** The notice to an account's owner that someone tried to register with their email. */
export function registrationAttemptMail(
  input: { signInLink: string; forgotLink: string },
): MailContent {
  return {
    kind: "registration_attempt",
    subject: "Someone tried to create an Opsuite account with your email",
    text: [
      "Someone tried to create a new Opsuite account with this email address, which already has one.",
      "Nothing was changed.",
      "",
      "If it was you, sign in here:",
      input.signInLink,
      "",
      "Forgot your password? Ask for a new one here:",
      input.forgotLink,
    ].join("\n"),
  };
}

/** A notification mailed to its reader: what it says and where its record opens. */
export function notificationMail(
  input: { title: string; message: string; link: string | null },
): MailContent {
  return {
    kind: "notification",
    subject: input.title,
    text: [
      input.message,
      ...(input.link ? ["", "Open it in Opsuite:", input.link] : []),
      "",
      'You get these messages because "Email me about notifications" is on in your profile.',
    ].join("\n"),
  };
}
