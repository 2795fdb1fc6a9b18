/**
 * Telling a person something in the app, and by mail when they want it. A
 * notice is written in the transaction that caused it, so it exists exactly when
 * what it tells of does. It names its record's page (`link`, an app path) and
 * keeps its dates and money as typed values (notice-text.ts), written in each
 * reader's locale. A notice with a `key` reaches each person once, however often
 * or wherever it is raised: the key is unique per person, so a second raising
 * (a retried transaction, another instance, the same step waiting again) adds
 * nothing and mails nothing.
 */
import type { Queryable } from "../../db/database.ts";
import { newId } from "../ids.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { notificationMail } from "../mail/messages.ts";
import { fillNotice, type NoticeParams } from "./notice-text.ts";
import { noticeReader } from "./reader-preferences.ts";

/** What one person is told. */
export interface Notice {
  organizationId: string;
  userId: string;
  /** A short headline; may name params as `{name}`. */
  title: string;
  /** What happened and what is wanted; may name params as `{name}`. */
  message: string;
  params?: NoticeParams;
  /** The app path of the record the notice is about (`/app/…`). */
  link?: string;
  /** What the notice is about, for its badge (`approval`, `finance`, `compliance`…). */
  category: string;
  /** Makes the notice reach this person once: the same key raised again adds nothing. */
  key?: string;
}

/** How a notice is sent besides the app. */
export interface NoticeDelivery {
  now: string;
  /**
   * Mail it too (to readers who did not turn notice mail off), with the record's
   * link under this base URL (the server's public address).
   */
  mailWith?: { publicUrl: string };
}

/** Writes a notice (and queues its mail); false when its key had reached the person already. */
export async function notify(
  tx: Queryable,
  notice: Notice,
  delivery: NoticeDelivery,
): Promise<boolean> {
  const params = notice.params ?? {};
  const inserted = await tx.run(
    `INSERT INTO notifications
       (id, organization_id, user_id, title, message, category, read, created_at, link, params, notice_key)
     VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)
     ON CONFLICT (user_id, notice_key) DO NOTHING`,
    [
      newId("ntf"),
      notice.organizationId,
      notice.userId,
      notice.title,
      notice.message,
      notice.category,
      delivery.now,
      notice.link ?? "",
      Object.keys(params).length > 0 ? JSON.stringify(params) : "",
      notice.key ?? null,
    ],
  );
  if (inserted.changes !== 1) return false;
  if (!delivery.mailWith) return true;
  const reader = await noticeReader(tx, notice.userId);
  if (!reader?.mail) return true;
  const base = delivery.mailWith.publicUrl.replace(/\/+$/, "");
  const mail = notificationMail({
    title: fillNotice(notice.title, params, reader.locale),
    message: fillNotice(notice.message, params, reader.locale),
    link: notice.link ? `${base}${notice.link}` : null,
  });
  await enqueueMail(
    tx,
    { organizationId: notice.organizationId, to: reader.email, ...mail },
    delivery.now,
  );
  return true;
}
