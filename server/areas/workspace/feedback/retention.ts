/**
 * What the tables anyone may write to keep. Render error reports and chat feedback
 * are diagnostics: each table keeps its newest rows up to a bound, so a flood from
 * many addresses cannot fill the disk. A report's stack is stored cut to its top,
 * where the failing frames are; the rest of each report is refused beyond the
 * lengths of its schema.
 */
import type { Queryable } from "../../../db/database.ts";

/** Render error reports kept, newest first. */
export const KEPT_CLIENT_ERRORS = 5_000;

/** Chat feedback rows kept, newest first. */
export const KEPT_CHAT_FEEDBACK = 5_000;

/** Characters of a report's stack that are stored. */
export const STORED_STACK_CHARS = 4_000;

/** Deletes all but the newest `kept` rows of a table. */
export async function keepNewest(
  tx: Queryable,
  table: "client_errors" | "chat_feedback",
  kept: number,
): Promise<void> {
  await tx.run(
    `DELETE FROM ${table} WHERE id IN (
       SELECT id FROM ${table} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?)`,
    [Number.MAX_SAFE_INTEGER, kept],
  );
}
