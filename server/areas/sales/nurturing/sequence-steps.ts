/**
 * A sequence's steps as the nurturing code reads them: in order of position (then
 * of their place in the table), each with its wait and template; and the due
 * time of a step counted from the time before it.
 */
import type { Reader } from "../../../db/database.ts";

/** One step of a sequence. */
export interface SequenceStep {
  position: number;
  wait_days: number;
  email_template: string;
}

const DAY_MS = 86_400_000;

/** The steps of sequence `id`, in the order they are sent. */
export async function sequenceSteps(
  read: Reader,
  organizationId: string,
  id: string,
): Promise<SequenceStep[]> {
  const rows = await read.all<SequenceStep>(
    `SELECT position, wait_days, email_template FROM nurture_sequence_steps
      WHERE organization_id = ? AND sequence_id = ? ORDER BY position, idx`,
    [organizationId, id],
  );
  return rows.map((r) => ({
    position: Number(r.position),
    wait_days: Number(r.wait_days),
    email_template: String(r.email_template),
  }));
}

/** When a step waiting `days` after `from` is due. */
export function dueAfter(from: string, days: number): string {
  return new Date(Date.parse(from) + days * DAY_MS).toISOString();
}
