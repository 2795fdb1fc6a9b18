/**
 * When the demo leads entered their stages, and how they got there: a lead still
 * New entered it when it was made; any other entered its stage when it was last
 * changed, coming from New, and its stage log keeps that one move (by its owner,
 * else whoever made it) with the days it spent in New. Read from the seeded
 * leads, nothing drawn, so the seed is the same every time.
 */
import type { Queryable } from "../../../db/database.ts";
import { roundHalfAway } from "../../../../schemas/money/rounding.ts";

const DAY = 86_400_000;

/** Sets `stage_entered_at` of every demo lead and logs the move of each one past New. */
export async function seedLeadStageHistory(tx: Queryable): Promise<void> {
  const leads = await tx.all<{
    id: string;
    organization_id: string;
    status: string;
    created_at: string;
    updated_at: string;
    changed_by: string;
  }>(
    `SELECT id, organization_id, status, created_at, updated_at,
            COALESCE(assigned_to, created_by) AS changed_by
       FROM leads ORDER BY id`,
  );
  for (const lead of leads) {
    const entered = lead.status === "new" ? lead.created_at : lead.updated_at;
    await tx.run("UPDATE leads SET stage_entered_at = ? WHERE id = ?", [entered, lead.id]);
    if (lead.status === "new") continue;
    const days = (Date.parse(entered) - Date.parse(lead.created_at)) / DAY;
    await tx.run(
      `INSERT INTO lead_stage_changes (id, organization_id, lead_id, idx, from_stage, to_stage, changed_by, changed_at, days_in_previous)
       VALUES (?, ?, ?, 0, 'new', ?, ?, ?, ?)`,
      [
        `lsc_${lead.id}`,
        lead.organization_id,
        lead.id,
        lead.status,
        lead.changed_by,
        entered,
        roundHalfAway(days, 2),
      ],
    );
  }
}
