/**
 * The sales report: the lead pipeline the caller may read — one grouped query of
 * the engine as the caller (figure-reader.ts), so it counts what their lead list
 * holds, whatever rule confines it. Open leads are those
 * neither won nor lost; pipeline_value sums their estimated value; conversion_rate
 * = 100 × won / (won + lost), overall and per source; by_owner groups leads by
 * assignee ("Unassigned" for none), most leads first, the unassigned first among equals.
 */
import type { z } from "zod";
import type { SalesReport } from "../../../../schemas/api/dashboard-analytics.ts";
import { LEAD } from "../../sales/types/lead.ts";
import type { FigureReader } from "../../../records/engine/figure-reader.ts";

type Report = z.infer<typeof SalesReport>["data"];

const CLOSED = new Set(["won", "lost"]);

/** The lead stages in their declared order. */
const STAGES = (LEAD.field.get("stage")!.options ?? []).map((o) => String(o.value));

function conversion(won: number, lost: number): number {
  return won + lost ? Math.round((1000 * won) / (won + lost)) / 10 : 0;
}

/** One group of leads: a stage, a source and an owner. */
interface LeadGroup {
  stage: string;
  source: string;
  owner: string | null;
  owner_name: string;
  leads: number;
  value: number;
  score: number;
}

/** The caller's leads by stage, source and owner: one grouped query as the caller's list reads them. */
async function leadGroups(read: FigureReader): Promise<LeadGroup[]> {
  if (!read.reads("lead", "stage", "source", "owner", "estimated_value", "score")) return [];
  const rows = await read.all("lead", {
    group_by: [{ field: "stage" }, { field: "source" }, { field: "owner" }],
    aggregates: [
      { fn: "count", as: "leads" },
      { fn: "sum", field: "estimated_value", as: "value" },
      { fn: "sum", field: "score", as: "score" },
    ],
  });
  return rows.map((r) => ({
    stage: String(r.stage ?? ""),
    source: String(r.source ?? ""),
    owner: (r.owner as string | null) ?? null,
    owner_name: (r.owner__title as string | undefined) || String(r.owner ?? ""),
    leads: Number(r.leads),
    value: Number(r.value ?? 0),
    score: Number(r.score ?? 0),
  }));
}

/** Leads per owner: how many, how many won, and the estimated value of the open ones. */
function byOwner(groups: LeadGroup[]) {
  const owners = new Map<
    string | null,
    { name: string; leads: number; won: number; pipeline: number }
  >();
  for (const g of groups) {
    const o = owners.get(g.owner) ?? { name: g.owner_name, leads: 0, won: 0, pipeline: 0 };
    o.leads += g.leads;
    if (g.stage === "won") o.won += g.leads;
    if (!CLOSED.has(g.stage)) o.pipeline += g.value;
    owners.set(g.owner, o);
  }
  return [...owners].sort(([a, x], [b, y]) =>
    y.leads - x.leads || (a === null ? -1 : b === null ? 1 : 0) ||
    x.name.localeCompare(y.name) || String(a).localeCompare(String(b))
  ).map(([id, o]) => ({
    user_id: id,
    user_name: id ? o.name || id : "Unassigned",
    leads: o.leads,
    won: o.won,
    pipeline_value: o.pipeline,
  }));
}

/** The sales report of the leads the caller may read. */
export async function salesReport(
  read: FigureReader,
  options: { reportType: string; now: string },
): Promise<Report> {
  const groups = await leadGroups(read);
  const stage = new Map<string, { leads: number; value: number }>();
  const source = new Map<string, { leads: number; won: number; lost: number }>();
  let total = 0, score = 0;
  for (const g of groups) {
    const s = stage.get(g.stage) ?? { leads: 0, value: 0 };
    stage.set(g.stage, { leads: s.leads + g.leads, value: s.value + g.value });
    const o = source.get(g.source) ?? { leads: 0, won: 0, lost: 0 };
    source.set(g.source, {
      leads: o.leads + g.leads,
      won: o.won + (g.stage === "won" ? g.leads : 0),
      lost: o.lost + (g.stage === "lost" ? g.leads : 0),
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
    by_owner: byOwner(groups),
  };
}
