/**
 * The one definition of the lead funnel, read through the engine's query as the
 * caller (so it counts only the leads their lists hold). The stages are the
 * organisation's (`lead_stages`, by position), Lost kept apart as no step of the
 * funnel. For each stage:
 * - count and value: leads in it now, and the sum of their estimated value;
 * - reached: leads whose stage, or a stage in their stage log (from or to), is this
 *   one or a later one of the funnel — getting past a stage means having reached it;
 * - conversion rate: reached of the next stage ÷ reached of this one × 100;
 * - average days in stage: the mean of every stay in it, ended ones from the stage
 *   log (`days_in_previous`) and, for open stages, the current ones (days since
 *   `stage_entered_at`).
 */
import type { Queryable } from "../../../db/database.ts";
import type { FigureReader } from "../../../records/engine/figure-reader.ts";
import type { LeadAnalyticsResponse } from "../../../../schemas/api/lead-analytics.ts";
import { roundHalfAway } from "../../../../schemas/money/rounding.ts";

const DAY_MS = 86_400_000;

interface Stage {
  code: string;
  label: string;
  kind: string;
}

/** The lead funnel the caller sees at `now`. */
export async function leadFunnel(
  reader: FigureReader,
  db: Queryable,
  org: string,
  now: string,
): Promise<LeadAnalyticsResponse> {
  const stages = await db.all<Stage>(
    "SELECT code, label, kind FROM lead_stages WHERE organization_id = ? ORDER BY position, code",
    [org],
  );
  const steps = stages.filter((s) => s.kind !== "lost");
  const place = new Map(steps.map((s, i) => [s.code, i]));
  const leads = await reader.all("lead", {
    columns: ["id", "stage", "estimated_value", "stage_entered_at", "created_at"],
  });
  const log = await reader.all("lead", {
    columns: [
      "id",
      "stage_changes.from_stage",
      "stage_changes.to_stage",
      "stage_changes.days_in_previous",
    ],
  });
  // The furthest step each lead reached.
  const furthest = new Map<string, number>();
  const reach = (id: string, stage: unknown) => {
    const at = place.get(String(stage ?? ""));
    if (at !== undefined) furthest.set(id, Math.max(furthest.get(id) ?? -1, at));
  };
  const stays = new Map<string, number[]>();
  const stay = (stage: string, days: number) => {
    if (!stays.has(stage)) stays.set(stage, []);
    stays.get(stage)!.push(days);
  };
  const count = new Map<string, number>();
  const value = new Map<string, number>();
  const nowMs = Date.parse(now);
  for (const lead of leads) {
    const id = String(lead.id);
    const stage = String(lead.stage ?? "");
    reach(id, stage);
    count.set(stage, (count.get(stage) ?? 0) + 1);
    value.set(stage, roundHalfAway((value.get(stage) ?? 0) + Number(lead.estimated_value ?? 0), 2));
    const kind = stages.find((s) => s.code === stage)?.kind;
    const since = Date.parse(String(lead.stage_entered_at ?? lead.created_at ?? ""));
    if (kind === "open" && Number.isFinite(since)) {
      stay(stage, Math.max(0, (nowMs - since) / DAY_MS));
    }
  }
  for (const row of log) {
    const id = String(row.id);
    const from = row["stage_changes.from_stage"];
    reach(id, from);
    reach(id, row["stage_changes.to_stage"]);
    const days = row["stage_changes.days_in_previous"];
    if (typeof from === "string" && from !== "" && days !== null && days !== undefined) {
      stay(from, Number(days));
    }
  }
  const reached = steps.map((_, i) => [...furthest.values()].filter((f) => f >= i).length);
  const funnel = stages.map((s) => {
    const i = place.get(s.code);
    const here = i === undefined ? 0 : reached[i];
    const next = i === undefined || i + 1 >= steps.length ? undefined : reached[i + 1];
    const days = stays.get(s.code) ?? [];
    return {
      stage: s.code,
      stage_label: s.label,
      kind: s.kind,
      count: count.get(s.code) ?? 0,
      value: value.get(s.code) ?? 0,
      reached: i === undefined ? count.get(s.code) ?? 0 : here,
      conversion_rate: next === undefined || here === 0
        ? null
        : roundHalfAway((next / here) * 100, 1),
      avg_days_in_stage: days.length === 0
        ? null
        : roundHalfAway(days.reduce((a, b) => a + b, 0) / days.length, 1),
    };
  });
  return { funnel };
}
