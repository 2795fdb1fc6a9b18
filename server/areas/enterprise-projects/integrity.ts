/**
 * The data integrity test of one project: orphans, dependency cycles, dates out
 * of order and totals that disagree. Each finding names the record it is about
 * (type, id, name) and a severity: "error" for data the application relies on
 * being right (references, cycles, reversed dates), "warning" for figures that
 * merely disagree.
 */
import type { Queryable } from "../../db/database.ts";
import { weightedProgress } from "../analytics/projects/figures.ts";
import { workTotalsByProject } from "../analytics/projects/repo.ts";

/** One thing found wrong. */
export interface Finding {
  check: "orphan" | "dependency_cycle" | "date_order" | "totals";
  severity: "error" | "warning";
  record: { type: string; id: string; name: string };
  message: string;
  /** The records of a cycle, in dependency order. */
  related?: { type: string; id: string; name: string }[];
}

interface ProjectDates {
  id: string;
  name: string;
  start_date: string;
  end_date: string;
  progress_percentage: number;
  estimated_hours: number;
}

interface TaskRow {
  id: string;
  name: string;
  title: string;
  start_date: string | null;
  due_date: string | null;
  phase_id: string;
  assignee_id: string | null;
  /** The assignee's name, when they exist: people are named, never shown by id. */
  assignee_name: string | null;
  assignee_exists: number;
  member: number;
  phase_known: number;
}

const task = (t: { id: string; name: string; title: string }) => ({
  type: "task",
  id: t.id,
  name: `${t.name} ${t.title}`,
});

async function orphanFindings(q: Queryable, project: ProjectDates, tasks: TaskRow[]) {
  const found: Finding[] = [];
  for (const t of tasks) {
    if (t.phase_id !== "" && !t.phase_known) {
      found.push({
        check: "orphan",
        severity: "error",
        record: task(t),
        message: "Its phase is not a phase of the project.",
      });
    }
    if (t.assignee_id && !t.assignee_exists) {
      found.push({
        check: "orphan",
        severity: "error",
        record: task(t),
        message: "Its assignee is no longer a person of the organisation.",
      });
    } else if (t.assignee_id && !t.member) {
      found.push({
        check: "orphan",
        severity: "warning",
        record: task(t),
        message: `It is allocated to ${t.assignee_name}, who is not a member of the project.`,
      });
    }
  }
  const dangling = await q.all<{ id: string; name: string; title: string; depends_on: string }>(
    `SELECT t.id, t.name, t.title, d.depends_on FROM task_dependencies d
       JOIN tasks t ON t.id = d.task_id
       LEFT JOIN tasks target ON target.id = d.depends_on
      WHERE t.project_id = ? AND d.depends_on IS NOT NULL
        AND (target.id IS NULL OR target.project_id IS NULL OR target.project_id <> t.project_id)
      ORDER BY t.name, d.depends_on`,
    [project.id],
  );
  for (const d of dangling) {
    found.push({
      check: "orphan",
      severity: "error",
      record: task(d),
      message: "It depends on a task that is not a task of the project.",
    });
  }
  return found;
}

/** Cycles of the dependency graph, each reported once, as its tasks in order. */
async function cycleFindings(q: Queryable, projectId: string, tasks: TaskRow[]) {
  const edges = await q.all<{ task_id: string; depends_on: string }>(
    `SELECT d.task_id, d.depends_on FROM task_dependencies d JOIN tasks t ON t.id = d.task_id
      WHERE t.project_id = ? AND d.depends_on IS NOT NULL ORDER BY d.task_id, d.idx`,
    [projectId],
  );
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.task_id, [...(next.get(e.task_id) ?? []), e.depends_on]);
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const found: Finding[] = [];
  const visit = (id: string) => {
    state.set(id, "open");
    path.push(id);
    for (const target of next.get(id) ?? []) {
      if (!byId.has(target)) continue;
      if (state.get(target) === "open") {
        const cycle = path.slice(path.indexOf(target)).map((c) => task(byId.get(c)!));
        found.push({
          check: "dependency_cycle",
          severity: "error",
          record: cycle[0],
          related: cycle,
          message: `Dependency cycle: ${cycle.map((c) => c.name).join(" → ")} → ${cycle[0].name}.`,
        });
      } else if (!state.has(target)) visit(target);
    }
    path.pop();
    state.set(id, "done");
  };
  for (const t of tasks) if (!state.has(t.id)) visit(t.id);
  return found;
}

async function dateFindings(q: Queryable, project: ProjectDates, tasks: TaskRow[]) {
  const found: Finding[] = [];
  const projectRecord = { type: "project", id: project.id, name: project.name };
  if (project.start_date > project.end_date) {
    found.push({
      check: "date_order",
      severity: "error",
      record: projectRecord,
      message: `It starts on ${project.start_date}, after its end ${project.end_date}.`,
    });
  }
  for (const t of tasks) {
    if (t.start_date && t.due_date && t.start_date > t.due_date) {
      found.push({
        check: "date_order",
        severity: "error",
        record: task(t),
        message: `It starts on ${t.start_date}, after its due date ${t.due_date}.`,
      });
    }
    if (t.start_date && t.start_date < project.start_date) {
      found.push({
        check: "date_order",
        severity: "warning",
        record: task(t),
        message: `It starts on ${t.start_date}, before the project starts (${project.start_date}).`,
      });
    }
    if (t.due_date && t.due_date > project.end_date) {
      found.push({
        check: "date_order",
        severity: "warning",
        record: task(t),
        message: `It is due on ${t.due_date}, after the project ends (${project.end_date}).`,
      });
    }
  }
  const phases = await q.all<
    { id: string; idx: number; phase: string; start_date: string | null; end_date: string | null }
  >(
    "SELECT id, idx, phase, start_date, end_date FROM project_phases WHERE project_id = ? ORDER BY idx",
    [project.id],
  );
  let previous: (typeof phases)[number] | undefined;
  for (const p of phases) {
    const record = { type: "project_phase", id: p.id, name: p.phase };
    if (p.start_date && p.end_date && p.start_date > p.end_date) {
      found.push({
        check: "date_order",
        severity: "error",
        record,
        message: `It starts on ${p.start_date}, after its end ${p.end_date}.`,
      });
    }
    if (previous?.end_date && p.start_date && p.start_date <= previous.end_date) {
      found.push({
        check: "date_order",
        severity: "warning",
        record,
        message:
          `It starts on ${p.start_date}, before the previous phase (${previous.phase}) ends on ${previous.end_date}.`,
      });
    }
    if (p.start_date) previous = p;
  }
  return found;
}

async function totalFindings(q: Queryable, project: ProjectDates) {
  const found: Finding[] = [];
  const record = { type: "project", id: project.id, name: project.name };
  const [totals] = await workTotalsByProject(q, [project.id]);
  const work = {
    total: totals?.total ?? 0,
    completed: totals?.completed ?? 0,
    totalHours: totals?.total_hours ?? 0,
    completedHours: totals?.completed_hours ?? 0,
  };
  const computed = weightedProgress(work);
  if (Math.abs(computed - project.progress_percentage) >= 1) {
    found.push({
      check: "totals",
      severity: "warning",
      record,
      message:
        `Its stored progress is ${project.progress_percentage} %, its tasks give ${computed} %.`,
    });
  }
  if (project.estimated_hours > 0 && Math.abs(project.estimated_hours - work.totalHours) >= 0.05) {
    found.push({
      check: "totals",
      severity: "warning",
      record,
      message:
        `It declares ${project.estimated_hours} estimated hours, its tasks add up to ${work.totalHours}.`,
    });
  }
  return found;
}

/** Runs every check on the project; answers the findings, errors first. */
export async function integrityFindings(q: Queryable, projectId: string): Promise<Finding[]> {
  const project = await q.get<ProjectDates>(
    `SELECT id, name, start_date, end_date, progress_percentage, estimated_hours
       FROM projects WHERE id = ?`,
    [projectId],
  );
  if (!project) return [];
  const tasks = await q.all<TaskRow>(
    `SELECT t.id, t.name, t.title, t.start_date, t.due_date, t.phase_id, t.assignee_id,
            u.first_name || ' ' || u.last_name AS assignee_name,
            CASE WHEN u.id IS NULL THEN 0 ELSE 1 END AS assignee_exists,
            CASE WHEN m.user_id IS NULL THEN 0 ELSE 1 END AS member,
            CASE WHEN ph.id IS NULL THEN 0 ELSE 1 END AS phase_known
       FROM tasks t
       LEFT JOIN users u ON u.id = t.assignee_id
       LEFT JOIN project_members m ON m.project_id = t.project_id AND m.user_id = t.assignee_id
       LEFT JOIN project_phases ph ON ph.id = t.phase_id AND ph.project_id = t.project_id
      WHERE t.project_id = ? ORDER BY t.name`,
    [projectId],
  );
  const findings = [
    ...await orphanFindings(q, project, tasks),
    ...await cycleFindings(q, projectId, tasks),
    ...await dateFindings(q, project, tasks),
    ...await totalFindings(q, project),
  ];
  return findings.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === "error" ? -1 : 1));
}
