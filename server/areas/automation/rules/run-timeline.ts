/**
 * The runs of rules on a record, in its timeline: each names its rule, what
 * started it and where it stands in the run log's own words, and links to the run.
 * They are read through the engine's list of runs as the caller, so only those who
 * may read the run log see them (a member who reads the record but not the log
 * sees none).
 */
import { authorize } from "../../../platform/access/authorize.ts";
import type { TimelineEntry, TimelineSource } from "../../../records/engine/timeline-sources.ts";
import { AUTOMATION_RUN } from "../types/automation-run.ts";

/** The most runs a record's timeline shows (newest first). */
export const TIMELINE_RUNS_MAX = 50;

/** The label the run log's declaration gives a value of one of its select fields. */
function labelOf(field: string, value: unknown): string {
  const option = AUTOMATION_RUN.field.get(field)?.options?.find((o) => o.value === value);
  return option?.label ?? "Unknown";
}

/** The address of a run's own page. */
function runPath(id: string): string {
  const route = AUTOMATION_RUN.declaration.form_route ?? `${AUTOMATION_RUN.module}/:id`;
  return `/app/${route.replace(":id", encodeURIComponent(id))}`;
}

/** The runs of rules on the record, for callers who may read the run log. */
export const ruleRunsTimeline: TimelineSource = async (engine, access, { type, id }) => {
  if (type.id === AUTOMATION_RUN.id || !authorize(access, AUTOMATION_RUN.module, "read")) {
    return [];
  }
  const page = await engine.list(access, AUTOMATION_RUN.id, {
    filters: [
      { field: "record_type", op: "eq", value: type.id },
      { field: "record_id", op: "eq", value: id },
    ],
    sort: [{ field: "created_at", dir: "desc" }],
    limit: TIMELINE_RUNS_MAX,
  });
  return page.items.map((run): TimelineEntry => {
    const reference = String(run.reference ?? run.name);
    const rule = typeof run.rule__title === "string" ? run.rule__title : "deleted";
    const at = [run.finished_at, run.started_at, run.created_at].find((v) =>
      typeof v === "string" && v !== ""
    ) as string;
    return {
      id: `run:${run.id}`,
      kind: "event",
      at,
      by: { id: null, name: "Automation" },
      summary: `Rule "${rule}" (${labelOf("trigger", run.trigger)}): ${
        labelOf("status", run.status)
      }, run ${reference}`,
      link: { label: reference, path: runPath(String(run.id)) },
    };
  });
};
