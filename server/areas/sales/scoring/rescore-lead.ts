/**
 * Scores one stored lead again, outside a save of it: its row is locked first, so
 * a save of the lead in progress commits before this reads it, and what this
 * writes is the score of the lead as committed. The score is system data: it
 * does not move the lead's version, so no one's open form turns stale.
 */
import type { Queryable } from "../../../db/database.ts";
import { loadRecord } from "../../../records/engine/record-store.ts";
import { LEAD } from "../types/lead.ts";
import { scoreLead, type ScoringRule } from "./lead-score.ts";
import { SCORE_COLUMNS } from "./score-on-save.ts";

/** Scores the lead `id` again with `rules`, in the caller's transaction; false when it is gone. */
export async function rescoreLead(
  tx: Queryable,
  lead: { organizationId: string; id: string },
  options: { rules: readonly ScoringRule[]; now: string; scoredAt?: string },
): Promise<boolean> {
  const record = await loadRecord(tx, LEAD, lead.organizationId, lead.id, { lock: true });
  if (!record) return false;
  const { score, explanation } = await scoreLead(tx, lead.organizationId, {
    id: lead.id,
    values: record,
    createdAt: String(record.created_at),
  }, options);
  await tx.run(
    `UPDATE ${LEAD.table}
        SET ${SCORE_COLUMNS.score} = ?, ${SCORE_COLUMNS.explanation} = ?, ${SCORE_COLUMNS.scoredAt} = ?
      WHERE organization_id = ? AND id = ?`,
    [score, explanation, options.scoredAt ?? options.now, lead.organizationId, lead.id],
  );
  return true;
}
