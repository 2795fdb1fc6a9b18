/**
 * Project analytics history for the demo projects, so that every chart has data:
 * sprints (six ended ones per started project, the one in progress and the next),
 * tasks placed in the sprint they were completed in, a status history consistent
 * with each task's created, started and completed dates (with occasional rework),
 * time logs adding up to each task's actual hours, and progress updates at sprint
 * reviews. It runs after the projects are seeded, with its own random stream so
 * the records seeded before it do not change.
 */
import type { Queryable } from "../../../db/database.ts";
import { newId } from "../../../platform/ids.ts";
import { SeededRandom } from "../../../db/seed/random.ts";
import { ORGS, PROJECTS } from "../../../db/seed/demo-people.ts";

/** The sample project of /app/progress-analytics (Acme's Northwind ERP rollout). */
export const SAMPLE_PROJECT_ID = "prj_northwind_erp";

/** The fixed seed of the analytics history. */
export const ANALYTICS_SEED = 20261124;

const DAY = 86_400_000;
const PAST_SPRINTS = 6;

interface SeededTask {
  id: string;
  status: string;
  assignee_id: string | null;
  estimated_hours: number;
  actual_hours: number;
  story_points: number;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
}

interface Sprint {
  id: string;
  start: number;
  end: number;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function isoDay(ms: number): string {
  return iso(ms).slice(0, 10);
}

function dayOf(ms: number): number {
  return Math.floor(ms / DAY) * DAY;
}

/** Seeds the analytics history of every demo project. */
export async function seedProjectAnalytics(tx: Queryable, today: number): Promise<void> {
  const random = new SeededRandom(ANALYTICS_SEED);
  for (const project of PROJECTS) {
    const start = today + project.startOffset * DAY;
    const end = start + project.length * DAY;
    const tasks = await tx.all<SeededTask>(
      `SELECT id, status, assignee_id, estimated_hours, actual_hours, story_points, created_at, started_at, completed_at
         FROM tasks WHERE project_id = ? ORDER BY id`,
      [project.id],
    );
    const team = (await tx.all<{ user_id: string }>(
      "SELECT user_id FROM project_members WHERE project_id = ? ORDER BY user_id",
      [project.id],
    )).map((m) => m.user_id);
    const org = ORGS[project.org].id;
    const dated = tasks.map((task) => consistentDates(task, { start, end, today, project }));
    const sprints = await seedSprints(tx, random, { project, org, start, end, today });
    await tx.run("DELETE FROM task_status_history WHERE project_id = ?", [project.id]);
    const current = sprints.find((s) => s.start <= today && today <= s.end + DAY - 1);
    for (const task of dated) {
      const sprint = sprintOf(task, { sprints, current, random });
      await tx.run(
        `UPDATE tasks SET created_at = ?, started_at = ?, completed_at = ?,
           updated_at = COALESCE(?, updated_at), sprint_id = ? WHERE id = ?`,
        [
          task.created_at,
          task.started_at,
          task.completed_at,
          task.completed_at ?? task.started_at,
          sprint?.id ?? null,
          task.id,
        ],
      );
      await seedHistory(tx, random, { task, org, projectId: project.id, today });
      await seedTimeLogs(tx, random, { task, org, projectId: project.id, team, today });
    }
    await planSprints(tx, random, sprints, current);
    await seedProgressUpdates(tx, { project, org, sprints, tasks: dated, today });
  }
}

/**
 * Dates kept consistent: a task is created before it starts and starts before it
 * completes, and a completed project's tasks fall within its planned dates.
 */
function consistentDates(
  task: SeededTask,
  options: { start: number; end: number; today: number; project: (typeof PROJECTS)[number] },
): SeededTask {
  if (!task.started_at) return task;
  let started = Date.parse(task.started_at);
  let completed = task.completed_at ? Date.parse(task.completed_at) : null;
  if (options.project.status === "completed" && completed !== null) {
    const span = options.end - options.start;
    const duration = Math.max(DAY, completed - started);
    started = options.start +
      dayOf(
        ((started - options.start) / Math.max(DAY, options.today - options.start)) * (span - DAY),
      );
    completed = Math.min(options.end, started + duration);
  }
  if (completed !== null && completed <= started) started = completed - DAY;
  // Work started before the task existed (the seed starts tasks of future projects today).
  const created = Math.min(Date.parse(task.created_at), started - DAY);
  return {
    ...task,
    created_at: iso(created),
    started_at: iso(started),
    completed_at: completed === null ? null : iso(completed),
  };
}

async function seedSprints(
  tx: Queryable,
  random: SeededRandom,
  options: {
    project: (typeof PROJECTS)[number];
    org: string;
    start: number;
    end: number;
    today: number;
  },
): Promise<Sprint[]> {
  const { project, start, today } = options;
  const sprints: Sprint[] = [];
  const add = async (index: number, from: number, length: number) => {
    const sprint = {
      id: `spr_${project.id.slice(4)}_${String(index + 1).padStart(2, "0")}`,
      start: from,
      end: from + (length - 1) * DAY,
    };
    await tx.run(
      `INSERT INTO sprints (id, organization_id, project_id, name, goal, start_date, end_date, planned_story_points, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?)`,
      [
        sprint.id,
        options.org,
        project.id,
        `Sprint ${index + 1}`,
        random.pick([
          "Finish the data model",
          "Ship the first usable slice",
          "Close review findings",
          "Hardening and tests",
          "Client demo",
          "Cut-over preparation",
        ]),
        isoDay(sprint.start),
        isoDay(sprint.end),
        iso(from - 2 * DAY),
      ],
    );
    sprints.push(sprint);
  };
  if (project.status === "planning" || start >= today) {
    await add(0, start, 14);
    return sprints;
  }
  const windowEnd = Math.min(today, options.end);
  const days = Math.round((windowEnd - start) / DAY);
  // Half a sprint of slack puts today inside the sprint after the six ended ones.
  const length = Math.max(3, Math.min(14, Math.floor(days / (PAST_SPRINTS + 0.5))));
  const past = Math.max(1, Math.floor(days / length));
  for (let i = 0; i < past; i++) await add(i, start + i * length * DAY, length);
  if (project.status !== "completed") {
    await add(past, start + past * length * DAY, length);
    await add(past + 1, start + (past + 1) * length * DAY, length);
  }
  return sprints;
}

/** Completed tasks go to the sprint they were completed in; open work to the current sprint. */
function sprintOf(
  task: SeededTask,
  options: { sprints: Sprint[]; current?: Sprint; random: SeededRandom },
): Sprint | undefined {
  const { sprints, current } = options;
  if (task.completed_at) {
    const day = dayOf(Date.parse(task.completed_at));
    return sprints.find((s) => s.start <= day && day <= s.end) ??
      (day < sprints[0].start ? sprints[0] : sprints.filter((s) => s.start <= day).at(-1));
  }
  if (!current) return undefined;
  if (task.status !== "todo") return current;
  return options.random.chance(0.6) ? current : undefined;
}

async function seedHistory(
  tx: Queryable,
  random: SeededRandom,
  options: { task: SeededTask; org: string; projectId: string; today: number },
): Promise<void> {
  const { task } = options;
  const changes: [string | null, string, number][] = [[null, "todo", Date.parse(task.created_at)]];
  if (task.started_at) {
    const started = Date.parse(task.started_at);
    changes.push(["todo", "in_progress", started]);
    const until = task.completed_at
      ? Date.parse(task.completed_at)
      : Math.max(started, options.today);
    const at = (share: number) => started + Math.round((until - started) * share / 60_000) * 60_000;
    if (task.status === "completed") {
      if (until - started >= 2 * DAY && random.chance(0.12)) {
        changes.push(["in_progress", "review", at(0.3)], ["review", "in_progress", at(0.45)]);
        changes.push(["in_progress", "review", at(0.8)], ["review", "completed", until]);
      } else if (random.chance(0.5)) {
        changes.push(["in_progress", "review", at(0.7)], ["review", "completed", until]);
      } else {
        changes.push(["in_progress", "completed", until]);
      }
    } else if (task.status === "review" || task.status === "blocked") {
      changes.push(["in_progress", task.status, at(0.2 + random.next() * 0.6)]);
    }
  }
  for (const [from, to, at] of changes) {
    await tx.run(
      `INSERT INTO task_status_history (organization_id, project_id, task_id, from_status, to_status, changed_at, changed_on)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [options.org, options.projectId, task.id, from, to, iso(at), isoDay(at)],
    );
  }
}

async function seedTimeLogs(
  tx: Queryable,
  random: SeededRandom,
  options: { task: SeededTask; org: string; projectId: string; team: string[]; today: number },
): Promise<void> {
  const { task, team } = options;
  if (!task.started_at || task.actual_hours <= 0 || team.length === 0) return;
  const owner = task.assignee_id ?? random.pick(team);
  const first = dayOf(Date.parse(task.started_at));
  const last = Math.max(
    first,
    dayOf(task.completed_at ? Date.parse(task.completed_at) : options.today),
  );
  const count = Math.min(6, Math.max(1, Math.ceil(task.actual_hours / 6)));
  const share = Math.round((task.actual_hours / count) * 2) / 2;
  const helper = random.chance(0.25) ? random.pick(team) : owner;
  for (let i = 0; i < count; i++) {
    const hours = i === count - 1 ? task.actual_hours - share * (count - 1) : share;
    if (hours <= 0) continue;
    const day = first +
      Math.round(((last - first) / DAY) * (count === 1 ? 0 : i / (count - 1))) * DAY;
    await tx.run(
      `INSERT INTO time_logs (id, organization_id, project_id, task_id, user_id, hours, logged_on, notes, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, '', ?)`,
      [
        newId("tlg", random.next),
        options.org,
        options.projectId,
        task.id,
        i === 1 ? helper : owner,
        hours,
        isoDay(day),
        iso(day + 17 * 3_600_000),
      ],
    );
  }
}

/** Planned story points: what each sprint took on, plus a little optimism. */
async function planSprints(
  tx: Queryable,
  random: SeededRandom,
  sprints: Sprint[],
  current: Sprint | undefined,
): Promise<void> {
  const committed: number[] = [];
  for (const sprint of sprints) {
    const row = await tx.get<{ points: number }>(
      "SELECT COALESCE(SUM(story_points), 0) AS points FROM tasks WHERE sprint_id = ?",
      [sprint.id],
    );
    const points = row?.points ?? 0;
    const future = current !== undefined && sprint.start > current.start;
    const planned = future
      ? Math.round(committed.reduce((a, b) => a + b, 0) / Math.max(1, committed.length))
      : sprint === current
      ? points
      : Math.round(points * (1 + random.next() * 0.25));
    if (!future && points > 0) committed.push(points);
    await tx.run("UPDATE sprints SET planned_story_points = ? WHERE id = ?", [planned, sprint.id]);
  }
}

/** The project manager reports progress at every second sprint review. */
async function seedProgressUpdates(
  tx: Queryable,
  options: {
    project: (typeof PROJECTS)[number];
    org: string;
    sprints: Sprint[];
    tasks: SeededTask[];
    today: number;
  },
): Promise<void> {
  const total = options.tasks.reduce((sum, t) => sum + t.estimated_hours, 0);
  if (total === 0) return;
  const ended = options.sprints.filter((s) => s.end < options.today);
  for (const [index, sprint] of ended.entries()) {
    if (index % 2 === 0 && index !== ended.length - 1) continue;
    const at = sprint.end + 16 * 3_600_000;
    const done = options.tasks
      .filter((t) => t.completed_at && Date.parse(t.completed_at) <= at)
      .reduce((sum, t) => sum + t.estimated_hours, 0);
    await tx.run(
      `INSERT INTO progress_updates (id, organization_id, project_id, progress_percentage, notes, created_by, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [
        `pgu_${options.project.id.slice(4)}_${String(index + 1).padStart(2, "0")}`,
        options.org,
        options.project.id,
        Math.round((done / total) * 1000) / 10,
        `Sprint ${index + 1} review: ${
          Math.round((done / total) * 100)
        }% of the estimated work is done.`,
        options.project.manager,
        iso(at),
      ],
    );
  }
}
