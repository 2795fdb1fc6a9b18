/**
 * The outbox: every outgoing message is a row written in the transaction that caused
 * it, then delivered by the delivery loop. Rows are claimed with a conditional update,
 * so two server processes never send the same message at once.
 */
import type { Queryable } from "../../db/database.ts";
import { newId } from "../ids.ts";
import { decodeBase64, encodeBase64 } from "../auth/base64.ts";

/** What kind of mail a message is (for listings and per-recipient limits). */
export type MailKind =
  | "password_reset"
  | "password_changed"
  | "staff_invitation"
  | "portal_invitation"
  | "registration_attempt"
  | "portal_invitation_notice"
  | "notification"
  | "report"
  | "template"
  | "signature_request";

/** A file a message carries. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/** A message to put in the outbox. */
export interface OutgoingMail {
  organizationId: string | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: MailKind;
  /** Files sent with it, in order (stored beside it, table `mail_attachments`). */
  attachments?: readonly MailAttachment[];
}

/** A stored message. */
export interface OutboxRow {
  id: string;
  organization_id: string | null;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  kind: MailKind;
  status: "queued" | "sent" | "failed";
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

const COLUMNS =
  "id, organization_id, recipient, subject, text_body, html_body, kind, status, attempts, next_attempt_at, last_error, created_at, sent_at";

/** Puts a message in the outbox, due at once; returns its id. */
export async function enqueueMail(db: Queryable, mail: OutgoingMail, now: string): Promise<string> {
  const id = newId("mail");
  await db.run(
    `INSERT INTO mail_outbox (id, organization_id, recipient, subject, text_body, html_body, kind, status, attempts, next_attempt_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'queued', 0, ?, ?)`,
    [
      id,
      mail.organizationId,
      mail.to,
      mail.subject,
      mail.text,
      mail.html ?? null,
      mail.kind,
      now,
      now,
    ],
  );
  for (const [position, file] of (mail.attachments ?? []).entries()) {
    await db.run(
      `INSERT INTO mail_attachments (mail_id, organization_id, position, filename, content_type, content)
       VALUES (?, ?, ?, ?, ?, ?)`,
      [
        id,
        mail.organizationId ?? null,
        position,
        file.filename,
        file.contentType,
        encodeBase64(file.content),
      ],
    );
  }
  return id;
}

/** The files a stored message carries, in order. */
export async function mailAttachments(db: Queryable, mailId: string): Promise<MailAttachment[]> {
  const rows = await db.all<{ filename: string; content_type: string; content: string }>(
    "SELECT filename, content_type, content FROM mail_attachments WHERE mail_id = ? ORDER BY position",
    [mailId],
  );
  return rows.map((row) => ({
    filename: row.filename,
    contentType: row.content_type,
    content: decodeBase64(row.content),
  }));
}

/** How many messages of a kind went to a recipient since a time. */
export async function countSentTo(
  db: Queryable,
  recipient: string,
  options: { kind: MailKind; since: string },
): Promise<number> {
  const row = await db.get<{ n: number }>(
    "SELECT COUNT(*) AS n FROM mail_outbox WHERE recipient = ? AND kind = ? AND created_at > ?",
    [recipient, options.kind, options.since],
  );
  return row?.n ?? 0;
}

/** Queued messages whose next attempt is due, oldest first. */
export function dueMail(db: Queryable, now: string, limit: number): Promise<OutboxRow[]> {
  return db.all<OutboxRow>(
    `SELECT ${COLUMNS} FROM mail_outbox WHERE status = 'queued' AND next_attempt_at <= ? ORDER BY next_attempt_at LIMIT ?`,
    [now, limit],
  );
}

/**
 * Claims a due message for one delivery attempt by moving its next attempt to
 * `leaseUntil`; false when another process claimed it first. A process that dies
 * mid-attempt leaves the message queued, due again when the lease ends.
 */
export async function claimMail(
  db: Queryable,
  row: OutboxRow,
  leaseUntil: string,
): Promise<boolean> {
  const result = await db.run(
    "UPDATE mail_outbox SET next_attempt_at = ? WHERE id = ? AND status = 'queued' AND next_attempt_at = ?",
    [leaseUntil, row.id, row.next_attempt_at],
  );
  return result.changes === 1;
}

/** Records a delivered message. */
export async function markSent(db: Queryable, id: string, now: string): Promise<void> {
  await db.run(
    "UPDATE mail_outbox SET status = 'sent', attempts = attempts + 1, sent_at = ?, last_error = NULL WHERE id = ?",
    [now, id],
  );
}

/** Records a failed attempt: queued again at `retryAt`, or failed for good when null. */
export async function markAttemptFailed(
  db: Queryable,
  id: string,
  failure: { error: string; retryAt: string | null },
): Promise<void> {
  await db.run(
    failure.retryAt === null
      ? "UPDATE mail_outbox SET status = 'failed', attempts = attempts + 1, last_error = ? WHERE id = ?"
      : "UPDATE mail_outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ? WHERE id = ?",
    failure.retryAt === null
      ? [failure.error.slice(0, 1000), id]
      : [failure.error.slice(0, 1000), failure.retryAt, id],
  );
}

/** The most recent messages of an organisation, newest first. */
export function recentMail(
  db: Queryable,
  organizationId: string,
  limit: number,
): Promise<OutboxRow[]> {
  return db.all<OutboxRow>(
    `SELECT ${COLUMNS} FROM mail_outbox WHERE organization_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`,
    [organizationId, limit],
  );
}
