/**
 * Races between removing a record and linking to it. A project deleted after its
 * export while tasks of another project are each given a dependency on one of its
 * tasks ends as one after another would leave it: either the project goes first
 * and every dependency is refused (its task no longer exists), or a dependency
 * comes first and the deletion is refused (a task of another project waits on
 * it). Never a deleted task that other tasks still name.
 */
import { AT_ONCE, type RaceScenario, type RaceWrite } from "./race-scenario.ts";
import { personOn } from "./race-calls.ts";

interface Linking {
  project: string;
  target: string;
  ready: RaceWrite[];
}

const exportedWhileLinked: RaceScenario<Linking> = {
  name: "one project deleted after its export while 19 tasks of another come to depend on its task",
  covers: [],
  async prepare(app) {
    const admin = await personOn(app, "admin@acme.test");
    const mark = `Race ${crypto.randomUUID().slice(0, 8)}`;
    const project = await admin.create("project", {
      name: `${mark} leaving`,
      end_date: "2031-06-30",
      budget: 1000,
    });
    const target = await admin.create("task", { title: `${mark} kept work`, project: project.id });
    const other = await admin.create("project", {
      name: `${mark} staying`,
      end_date: "2031-06-30",
      budget: 1000,
    });
    const ready: RaceWrite[] = [
      admin.callLater(
        "DELETE",
        `/enterprise-projects/${project.id}?archive_strategy=export_then_delete`,
      ),
    ];
    for (let i = 1; i < AT_ONCE; i++) {
      const task = await admin.create("task", { title: `${mark} step ${i}`, project: other.id });
      ready.push(admin.callLater("PATCH", `/api/records/task/${task.id}`, {
        version: task.version,
        values: { dependencies: [{ depends_on: target.id }] },
      }));
    }
    return { project: project.id as string, target: target.id as string, ready };
  },
  writes: (_app, state) => state.ready,
  async outcome(app, state) {
    const project = await app.db.get("SELECT id FROM projects WHERE id = ?", [state.project]);
    const target = await app.db.get("SELECT id FROM tasks WHERE id = ?", [state.target]);
    const waiting = await app.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM task_dependencies WHERE depends_on = ?",
      [state.target],
    );
    return {
      project: project ? "kept" : "deleted",
      task: target ? "kept" : "deleted",
      dependencies: Number(waiting?.n ?? 0),
    };
  },
  // Deleted first (every dependency refused), or after at least one dependency (refused itself).
  orders: (count) => [
    Array.from({ length: count }, (_, i) => i),
    [...Array.from({ length: count - 1 }, (_, i) => i + 1), 0],
  ],
};

/** Every race between removing a record and linking to it. */
export const LINK_RACES: readonly RaceScenario<never>[] = [
  exportedWhileLinked as RaceScenario<never>,
];
