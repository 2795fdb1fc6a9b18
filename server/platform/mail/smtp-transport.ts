/**
 * Delivers one message over SMTP with nodemailer, configured by a URL
 * (`smtp://user:pass@host:port`, or `smtps://` for implicit TLS). A transport is a
 * plain `send` function so the delivery loop does not know about SMTP.
 */
// @ts-types="@types/nodemailer"
import nodemailer from "nodemailer";
import { Buffer } from "node:buffer";
import type { MailAttachment, OutboxRow } from "./outbox.ts";

/** Sends one stored message with its files; rejects when the server refuses it or cannot be reached. */
export type MailTransport = (
  message: OutboxRow,
  attachments: readonly MailAttachment[],
) => Promise<void>;

/** How long one SMTP conversation may take before it counts as failed. */
const SMTP_TIMEOUT_MS = 30_000;

/** An SMTP transport for `smtpUrl`, sending from `from`. */
export function createSmtpTransport(smtpUrl: string, options: { from: string }): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return async (message, attachments) => {
    await transporter.sendMail({
      from: options.from,
      to: message.recipient,
      subject: message.subject,
      text: message.text_body,
      ...(message.html_body === null ? {} : { html: message.html_body }),
      ...(attachments.length === 0 ? {} : {
        attachments: attachments.map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          content: Buffer.from(file.content),
        })),
      }),
    });
  };
}
