/**
 * Scores a lead as it is saved (created, updated, in bulk or by import): the
 * lead's controller calls this before the write, so the record answered carries
 * its score and explanation. The score is the rules' alone: a score sent by a
 * caller is replaced. The row is locked by the update before this reads the
 * lead's activities, so an activity logged at the same time scores the lead
 * again after this save commits (activity-scoring.ts).
 */
import type { SaveContext } from "../../../records/engine/record-rules.ts";
import { activeRules, scoreLead } from "./lead-score.ts";

/** The columns of the lead's stored score. */
export const SCORE_COLUMNS = {
  score: "score",
  explanation: "score_explanation",
  scoredAt: "scored_at",
} as const;

/** Sets the lead's score, explanation and scoring time on the write (a lead's `beforeSave`). */
export async function scoreOnSave(ctx: SaveContext): Promise<void> {
  const { read, access, existing, checked, now } = ctx;
  const rules = await activeRules(read, access.organizationId);
  const { score, explanation } = await scoreLead(read, access.organizationId, {
    id: existing ? String(existing.id) : null,
    values: checked.values,
    createdAt: existing ? String(existing.created_at) : now,
  }, { rules, now });
  const before = existing?.score ?? null;
  if (before !== score) checked.changes.push({ field: "score", from: before, to: score });
  checked.columns.set(SCORE_COLUMNS.score, score);
  checked.columns.set(SCORE_COLUMNS.explanation, explanation);
  checked.columns.set(SCORE_COLUMNS.scoredAt, now);
}
