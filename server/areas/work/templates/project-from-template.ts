/**
 * A project made from a project template (the spec's project-from-template flow;
 * a proposal's acceptance uses it too): the project with the client linked, its
 * phases and its team (the template's role people), then one task per plan row,
 * in dependency order so each task's `dependencies` rows name the tasks made
 * before it (erpnext#8274 lost them). Everything is created through `ctx.create`,
 * so it is validated, audited, announced and inside the caller's transaction.
 *
 * Dates count working days, Monday to Friday, as the project schedule does
 * (enterprise-projects/schedule-plan.ts): day 0 is the start date, or the Monday
 * after it when it falls on a weekend; a row starts `start_offset` working days
 * after day 0 and is due on the last of its `duration_days` working days (a row of
 * 0 days, a milestone, is due the day it starts). The project ends on the latest
 * due date (day 0 for an empty plan).
 */
import type { Reader } from "../../../db/database.ts";
import type { Access } from "../../../platform/access/access.ts";
import { notFound } from "../../../platform/errors/app-error.ts";
import { PHASES } from "../types/project.ts";
import { dependencyKeys, planOrder } from "./template-plan.ts";

/** What making a project needs: the engine's create in the caller's transaction. */
export interface ProjectFromTemplateContext {
  create(
    type: string,
    values: Record<string, unknown>,
    system?: Record<string, unknown>,
  ): Promise<Record<string, unknown>>;
  read: Reader;
  access: Access;
  now: string;
}

/** What the person chose: the template, the new project's name, its client and start. */
export interface ProjectFromTemplateInput {
  template: string;
  name: string;
  client?: string | null;
  start_date: string;
}

interface TemplateRow {
  name: string;
  description: string | null;
  kind: "template" | "task" | "role";
  key: string | null;
  title: string | null;
  row_description: string | null;
  phase: string | null;
  start_offset: number | null;
  duration_days: number | null;
  estimated_hours: number | null;
  role: string | null;
  is_milestone: number | boolean | null;
  depends_on: string | null;
  user_id: string | null;
  team_role: string | null;
}

const DAY = 86_400_000;

/** Creates the project and its tasks from the organisation's template; 404 for another's. */
export async function createProjectFromTemplate(
  ctx: ProjectFromTemplateContext,
  input: ProjectFromTemplateInput,
): Promise<{ project: Record<string, unknown>; tasks: Record<string, unknown>[] }> {
  const rows = await readTemplate(ctx.read, ctx.access.organizationId, input.template);
  const template = rows.find((r) => r.kind === "template");
  if (!template) throw notFound("Project template");
  const plan = rows.filter((r) => r.kind === "task").map((r) => ({
    key: r.key ?? "",
    title: r.title ?? "",
    description: r.row_description,
    phase: r.phase,
    start: workingDay(input.start_date, Number(r.start_offset ?? 0)),
    due: workingDay(
      input.start_date,
      Number(r.start_offset ?? 0) + Math.max(Number(r.duration_days ?? 1) - 1, 0),
    ),
    estimated_hours: r.estimated_hours,
    role: r.role,
    milestone: r.is_milestone === true || Number(r.is_milestone) === 1,
    depends_on: r.depends_on,
  }));
  const roles = rows.filter((r) => r.kind === "role");
  const personOf = new Map(roles.filter((r) => r.user_id).map((r) => [r.role!, r.user_id!]));

  const project = await ctx.create("project", {
    name: input.name,
    client: input.client ?? null,
    start_date: input.start_date,
    end_date: plan.reduce((end, t) => t.due > end ? t.due : end, workingDay(input.start_date, 0)),
    description: template.description ?? "",
    estimated_hours: plan.reduce((sum, t) => sum + Number(t.estimated_hours ?? 0), 0),
    phases: phasesOf(plan),
    members: teamOf(roles),
  });

  const made = new Map<string, Record<string, unknown>>();
  const tasks: Record<string, unknown>[] = [];
  for (const i of planOrder(plan)) {
    const row = plan[i];
    const task = await ctx.create("task", {
      title: row.title,
      project: project.id,
      assignee: (row.role && personOf.get(row.role)) ?? null,
      start_date: row.start,
      due_date: row.due,
      estimated_hours: row.estimated_hours,
      milestone: row.milestone,
      description: row.description ?? "",
      dependencies: dependencyKeys(row).map((key) => ({ depends_on: made.get(key)!.id })),
    });
    made.set(row.key.trim(), task);
    tasks[i] = task;
  }
  return { project, tasks: tasks.filter((t) => t) };
}

/** The template and its task and role rows, in one query (no rows: not the organisation's). */
function readTemplate(read: Reader, organizationId: string, id: string): Promise<TemplateRow[]> {
  return read.all<TemplateRow>(
    `SELECT t.name, t.description, 'template' AS kind, NULL AS key, NULL AS title,
            NULL AS row_description, NULL AS phase, NULL AS start_offset, NULL AS duration_days,
            NULL AS estimated_hours, NULL AS role, NULL AS is_milestone, NULL AS depends_on,
            NULL AS user_id, NULL AS team_role, 0 AS part, 0 AS idx
       FROM project_templates t WHERE t.id = ? AND t.organization_id = ?
     UNION ALL
     SELECT NULL, NULL, 'task', r.key, r.title, r.description, r.phase, r.start_offset,
            r.duration_days, r.estimated_hours, r.role, r.is_milestone, r.depends_on,
            NULL, NULL, 1, r.idx
       FROM project_template_tasks r WHERE r.template_id = ? AND r.organization_id = ?
     UNION ALL
     SELECT NULL, NULL, 'role', NULL, NULL, NULL, NULL, NULL, NULL, NULL,
            r.role, NULL, NULL, r.user_id, r.team_role, 2, r.idx
       FROM project_template_roles r WHERE r.template_id = ? AND r.organization_id = ?
     ORDER BY part, idx`,
    [id, organizationId, id, organizationId, id, organizationId],
  );
}

/** The date `days` working days after day 0 of a plan starting on `start` (YYYY-MM-DD). */
export function workingDay(start: string, days: number): string {
  let t = Date.parse(`${start}T00:00:00Z`);
  const weekday = () => new Date(t).getUTCDay();
  while (weekday() === 0 || weekday() === 6) t += DAY;
  for (let left = days; left > 0;) {
    t += DAY;
    if (weekday() !== 0 && weekday() !== 6) left--;
  }
  return new Date(t).toISOString().slice(0, 10);
}

/** The project's phases: each phase the plan names, from its first start to its last due date. */
function phasesOf(plan: readonly { phase: string | null; start: string; due: string }[]) {
  return PHASES.flatMap(({ value }) => {
    const own = plan.filter((t) => t.phase === value);
    if (own.length === 0) return [];
    return [{
      phase: value,
      start_date: own.map((t) => t.start).sort()[0],
      end_date: own.map((t) => t.due).sort().at(-1),
    }];
  });
}

/** The team: each person the template's roles name, once, with their first role's part. */
function teamOf(roles: readonly TemplateRow[]) {
  const team = new Map<string, string>();
  for (const r of roles) {
    if (r.user_id && !team.has(r.user_id)) team.set(r.user_id, r.team_role ?? "developer");
  }
  return [...team].map(([user, role]) => ({ user, role }));
}
