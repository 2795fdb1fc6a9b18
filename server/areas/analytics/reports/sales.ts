/**
 * The sales report: the lead pipeline of the organisation. Open leads are those
 * neither won nor lost; pipeline_value sums their estimated value; conversion_rate
 * = 100 × won / (won + lost), overall and per source; by_owner groups leads by
 * assignee ("Unassigned" for none), most leads first, the unassigned first among equals.
 */
import type { z } from "zod";
import type { SalesReport } from "../../../../schemas/api/dashboard-analytics.ts";
import { LEAD } from "../../sales/types/lead.ts";
import type { Queryable } from "../../../db/database.ts";

type Report = z.infer<typeof SalesReport>["data"];

const CLOSED = new Set(["won", "lost"]);

/** The lead stages in their declared order. */
const STAGES = (LEAD.field.get("stage")!.options ?? []).map((o) => String(o.value));

function conversion(won: number, lost: number): number {
  return won + lost ? Math.round((1000 * won) / (won + lost)) / 10 : 0;
}

/** The sales report of an organisation. */
export async function salesReport(
  db: Queryable,
  organizationId: string,
  options: { reportType: string; now: string },
): Promise<Report> {
  const groups = await db.all<
    { status: string; source: string; leads: number; value: number; score: number }
  >(
    `SELECT status, source, COUNT(*) AS leads, COALESCE(SUM(estimated_value), 0) AS value,
            COALESCE(SUM(score), 0) AS score
       FROM leads WHERE organization_id = ? GROUP BY status, source`,
    [organizationId],
  );
  const owners = await db.all<
    {
      user_id: string | null;
      user_name: string | null;
      leads: number;
      won: number;
      pipeline: number;
    }
  >(
    `SELECT o.user_id, u.first_name || ' ' || u.last_name AS user_name, o.leads, o.won, o.pipeline
       FROM (SELECT assigned_to AS user_id, COUNT(*) AS leads,
                    COALESCE(SUM(CASE WHEN status = 'won' THEN 1 END), 0) AS won,
                    COALESCE(SUM(CASE WHEN status NOT IN ('won', 'lost') THEN estimated_value END), 0) AS pipeline
               FROM leads WHERE organization_id = ? GROUP BY assigned_to) o
       LEFT JOIN users u ON u.id = o.user_id
      ORDER BY o.leads DESC, user_name NULLS FIRST, o.user_id`,
    [organizationId],
  );
  const stage = new Map<string, { leads: number; value: number }>();
  const source = new Map<string, { leads: number; won: number; lost: number }>();
  let total = 0, score = 0;
  for (const g of groups) {
    const s = stage.get(g.status) ?? { leads: 0, value: 0 };
    stage.set(g.status, { leads: s.leads + g.leads, value: s.value + g.value });
    const o = source.get(g.source) ?? { leads: 0, won: 0, lost: 0 };
    source.set(g.source, {
      leads: o.leads + g.leads,
      won: o.won + (g.status === "won" ? g.leads : 0),
      lost: o.lost + (g.status === "lost" ? g.leads : 0),
    });
    total += g.leads;
    score += g.score;
  }
  const stages = [
    ...STAGES,
    ...[...stage.keys()].filter((k) => !STAGES.includes(k)),
  ];
  const won = stage.get("won") ?? { leads: 0, value: 0 };
  const lost = stage.get("lost")?.leads ?? 0;
  const open = [...stage].filter(([k]) => !CLOSED.has(k));
  return {
    report_type: options.reportType,
    generated_at: options.now,
    summary: {
      total_leads: total,
      open_leads: open.reduce((n, [, s]) => n + s.leads, 0),
      won_leads: won.leads,
      lost_leads: lost,
      conversion_rate: conversion(won.leads, lost),
      pipeline_value: open.reduce((n, [, s]) => n + s.value, 0),
      won_value: won.value,
      average_score: total ? Math.round((10 * score) / total) / 10 : 0,
    },
    by_stage: stages.map((k) => ({
      stage: k,
      leads: stage.get(k)?.leads ?? 0,
      value: stage.get(k)?.value ?? 0,
    })),
    by_source: [...source].sort(([a], [b]) => a.localeCompare(b)).map(([k, s]) => ({
      source: k,
      leads: s.leads,
      won: s.won,
      conversion_rate: conversion(s.won, s.lost),
    })),
    by_owner: owners.map((o) => ({
      user_id: o.user_id,
      user_name: o.user_id ? o.user_name ?? o.user_id : "Unassigned",
      leads: o.leads,
      won: o.won,
      pipeline_value: o.pipeline,
    })),
  };
}
