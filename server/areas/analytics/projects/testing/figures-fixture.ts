/**
 * Test support for the figures every call shares (figures.ts): two small projects
 * in Acme whose figures are worked out by hand in figures.test.ts. Today is
 * 2020-06-15 (FIXTURE_NOW); the 30-day period runs 2020-05-17 … 2020-06-15.
 *
 * "Figures Rollout" (active) 2020-05-11 → 2020-07-04 (54 days, 35 elapsed).
 * Five weekly sprints, all ended: S1 05-11…05-17, S2 05-18…05-24, S3 05-25…05-31,
 * S4 06-01…06-07, S5 06-08…06-14. Eleven tasks, all due 07-04:
 *
 * | task | status    | hours | pts | assignee | sprint | completed |
 * |------|-----------|-------|-----|----------|--------|-----------|
 * | K1   | completed | 2     | 3   | lena     | S1     | 05-12     |
 * | K2   | completed | 2     | 1   | maya     | S2     | 05-20     |
 * | K3   | completed | 10    | 12  | maya     | S3     | 05-27     |
 * | K4   | completed | 6     | 8   | maya     | S4     | 06-03     |
 * | K5   | completed | 2     | 1   | tom      | S5     | 06-10     |
 * | K6   | todo      | 8     | 3   | maya     | —      |           |
 * | K7   | todo      | 10    | 3   | tom      | —      |           |
 * | K8–K11 | todo    | 0     | 1   | —        | —      |           |
 *
 * "Figures Archive" (completed) 2020-04-01 → 2020-05-15, two tasks: A1 4 h done
 * 05-10, A2 6 h done 05-20 (five days after the planned end).
 */
import type { Database } from "../../../../db/database.ts";

/** Ids of the two projects. */
export const FIGURES = {
  active: "prj_figures_active",
  done: "prj_figures_done",
  organizationId: "org_acme",
} as const;

const MAYA = "usr_acme_maya";
const TOM = "usr_acme_tom";
const LENA = "usr_acme_lena";

type Task = [
  id: string,
  project: string,
  hours: number,
  points: number,
  assignee: string | null,
  sprint: number | null,
  completed: string | null,
];

const TASKS: Task[] = [
  ["K1", FIGURES.active, 2, 3, LENA, 0, "05-12"],
  ["K2", FIGURES.active, 2, 1, MAYA, 1, "05-20"],
  ["K3", FIGURES.active, 10, 12, MAYA, 2, "05-27"],
  ["K4", FIGURES.active, 6, 8, MAYA, 3, "06-03"],
  ["K5", FIGURES.active, 2, 1, TOM, 4, "06-10"],
  ["K6", FIGURES.active, 8, 3, MAYA, null, null],
  ["K7", FIGURES.active, 10, 3, TOM, null, null],
  ["K8", FIGURES.active, 0, 1, null, null, null],
  ["K9", FIGURES.active, 0, 1, null, null, null],
  ["K10", FIGURES.active, 0, 1, null, null, null],
  ["K11", FIGURES.active, 0, 1, null, null, null],
  ["A1", FIGURES.done, 4, 2, MAYA, null, "05-10"],
  ["A2", FIGURES.done, 6, 3, TOM, null, "05-20"],
];

const SPRINTS: [start: string, end: string][] = [
  ["05-11", "05-17"],
  ["05-18", "05-24"],
  ["05-25", "05-31"],
  ["06-01", "06-07"],
  ["06-08", "06-14"],
];

const at = (day: string) => `2020-${day}T10:00:00.000Z`;

/** Inserts the two projects of the table above. */
export async function insertFiguresProjects(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    for (
      const [id, name, status, start, end] of [
        [FIGURES.active, "Figures Rollout", "active", "05-11", "07-04"],
        [FIGURES.done, "Figures Archive", "completed", "04-01", "05-15"],
      ]
    ) {
      await tx.run(
        `INSERT INTO projects (id, organization_id, name, status, start_date, end_date, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          id,
          FIGURES.organizationId,
          name,
          status,
          `2020-${start}`,
          `2020-${end}`,
          at("03-31"),
          at(
            "03-31",
          ),
        ],
      );
    }
    for (const [index, [start, end]] of SPRINTS.entries()) {
      await tx.run(
        `INSERT INTO sprints (id, organization_id, project_id, name, goal, start_date, end_date, planned_story_points, created_at)
         VALUES (?, ?, ?, ?, '', ?, ?, 5, ?)`,
        [
          `spr_figures_${index + 1}`,
          FIGURES.organizationId,
          FIGURES.active,
          `Sprint ${index + 1}`,
          `2020-${start}`,
          `2020-${end}`,
          at("03-31"),
        ],
      );
    }
    for (const [id, project, hours, points, assignee, sprint, completed] of TASKS) {
      await tx.run(
        `INSERT INTO tasks (id, name, organization_id, project_id, title, status, priority, assignee_id, estimated_hours,
           story_points, due_date, is_milestone, sprint_id, started_at, completed_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, 2, ?, ?, ?, '2020-07-04', 0, ?, ?, ?, ?, ?)`,
        [
          `tsk_figures_${id}`,
          `tsk_figures_${id}`,
          FIGURES.organizationId,
          project,
          `Figures task ${id}`,
          completed ? "completed" : "todo",
          assignee,
          hours,
          points,
          sprint === null ? null : `spr_figures_${sprint + 1}`,
          completed ? at(completed) : null,
          completed ? at(completed) : null,
          at("03-31"),
          completed ? at(completed) : at("03-31"),
        ],
      );
    }
  });
}
