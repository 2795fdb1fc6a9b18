/**
 * What a person chose about the notices they get: the language they read in
 * (its locale formats a notice's dates and money) and whether notices are also
 * mailed to them ("Email me about notifications", on unless they turned it off).
 */
import type { Queryable } from "../../db/database.ts";
import { DEFAULT_LOCALE, localeOf } from "./notice-text.ts";

/** A reader's notice preferences and where mail reaches them. */
export interface NoticeReader {
  email: string;
  locale: string;
  mail: boolean;
}

/** The preferences of one person; a person who chose nothing reads English and gets mail. */
export async function noticeReader(q: Queryable, userId: string): Promise<NoticeReader | null> {
  const row = await q.get<{ email: string; value: string | null }>(
    `SELECT u.email, p.value FROM users u LEFT JOIN user_preferences p ON p.user_id = u.id
      WHERE u.id = ?`,
    [userId],
  );
  if (!row) return null;
  const chosen = parsePreferences(row.value);
  return {
    email: row.email,
    locale: localeOf(chosen.language),
    mail: chosen.email_notifications !== false,
  };
}

/** The locale one person reads in. */
export async function readerLocale(q: Queryable, userId: string): Promise<string> {
  return (await noticeReader(q, userId))?.locale ?? DEFAULT_LOCALE;
}

function parsePreferences(value: string | null): Record<string, unknown> {
  if (!value) return {};
  try {
    const parsed = JSON.parse(value);
    return parsed && typeof parsed === "object" ? parsed : {};
  } catch {
    return {};
  }
}
