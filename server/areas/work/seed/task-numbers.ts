/**
 * The demo tasks' numbers (TSK-<year>-<n>, per organisation and year of creation,
 * given once every task's creation date is final) with their naming series, and a
 * few dependencies between them. Uses no random stream.
 */
import type { Queryable } from "../../../db/database.ts";

/** Numbers every seeded task and adds its dependencies (in the seed's transaction). */
export async function seedTaskNumbers(tx: Queryable): Promise<void> {
  await numberTasks(tx);
  await seedDependencies(tx);
}

/** Gives every task its series number, per organisation and year of creation, and sets the counters. */
async function numberTasks(tx: Queryable): Promise<void> {
  const tasks = await tx.all<{ id: string; organization_id: string; created_at: string }>(
    "SELECT id, organization_id, created_at FROM tasks ORDER BY organization_id, created_at, id",
  );
  const counters = new Map<string, { organization: string; prefix: string; current: number }>();
  for (const task of tasks) {
    const prefix = `TSK-${task.created_at.slice(0, 4)}-`;
    const key = `${task.organization_id} ${prefix}`;
    const counter = counters.get(key) ??
      { organization: task.organization_id, prefix, current: 0 };
    counter.current++;
    counters.set(key, counter);
    await tx.run("UPDATE tasks SET name = ? WHERE id = ?", [
      `${prefix}${String(counter.current).padStart(5, "0")}`,
      task.id,
    ]);
  }
  for (const { organization, prefix, current } of counters.values()) {
    await tx.run(
      "INSERT INTO naming_series (organization_id, prefix, current) VALUES (?, ?, ?)",
      [organization, prefix, current],
    );
  }
}

/** Every fifth task of a project waits for the one before it. */
async function seedDependencies(tx: Queryable): Promise<void> {
  const tasks = await tx.all<{ id: string; organization_id: string; project_id: string }>(
    "SELECT id, organization_id, project_id FROM tasks WHERE project_id IS NOT NULL ORDER BY project_id, id",
  );
  for (const [index, task] of tasks.entries()) {
    const previous = tasks[index - 1];
    if (index % 5 !== 4 || previous?.project_id !== task.project_id) continue;
    await tx.run(
      "INSERT INTO task_dependencies (id, organization_id, task_id, idx, depends_on) VALUES (?, ?, ?, 0, ?)",
      [`${task.id}.0`, task.organization_id, task.id, previous.id],
    );
  }
}
