/**
 * A project template's plan read as a graph: each task row has a key, and its
 * "Depends on" names the keys of rows that must finish first, separated by commas.
 * `checkPlan` names what is wrong at the row's field (`tasks[2].depends_on`): a
 * repeated key, a key no row has, a row waiting on itself, a cycle. `planOrder`
 * lists the rows so that every row comes after the rows it depends on.
 */
import type { Problems } from "../../../records/engine/field-problems.ts";

/** One task row of a template, as stored. */
export interface PlanRow {
  key: string;
  title: string;
  depends_on?: string | null;
}

/** The keys a row's "Depends on" names, in order, without repeats. */
export function dependencyKeys(row: Pick<PlanRow, "depends_on">): string[] {
  const keys = String(row.depends_on ?? "").split(",").map((k) => k.trim()).filter((k) => k);
  return [...new Set(keys)];
}

/** What is wrong with the plan's rows, by field path; empty when it is sound. */
export function checkPlan(rows: readonly PlanRow[]): Problems {
  const problems: Record<string, string> = {};
  const index = new Map<string, number>();
  rows.forEach((row, i) => {
    const key = row.key.trim();
    if (index.has(key)) {
      problems[`tasks[${i}].key`] = `Repeats the key of task ${index.get(key)! + 1}`;
    } else index.set(key, i);
  });
  rows.forEach((row, i) => {
    for (const key of dependencyKeys(row)) {
      if (key === row.key.trim()) {
        problems[`tasks[${i}].depends_on`] = "Cannot name the task itself";
      } else if (!index.has(key)) {
        problems[`tasks[${i}].depends_on`] = `Names “${key}”, which no task of the plan has`;
      }
    }
  });
  if (Object.keys(problems).length > 0) return problems;
  const cycle = findCycle(rows, index);
  if (cycle) {
    const keys = cycle.map((i) => rows[i].key.trim());
    problems[`tasks[${cycle[0]}].depends_on`] = `Makes a cycle: ${[...keys, keys[0]].join(" → ")}`;
  }
  return problems;
}

/** Row indexes in an order where each row follows the rows it depends on (the plan is sound). */
export function planOrder(rows: readonly PlanRow[]): number[] {
  const index = new Map(rows.map((row, i) => [row.key.trim(), i]));
  const order: number[] = [];
  const done = new Set<number>();
  const visit = (i: number) => {
    if (done.has(i)) return;
    done.add(i);
    for (const key of dependencyKeys(rows[i])) visit(index.get(key)!);
    order.push(i);
  };
  rows.forEach((_, i) => visit(i));
  return order;
}

/** The rows of one cycle (each depending on the next, the last on the first), if any. */
function findCycle(rows: readonly PlanRow[], index: ReadonlyMap<string, number>): number[] | null {
  const state = new Array<0 | 1 | 2>(rows.length).fill(0);
  const path: number[] = [];
  const visit = (i: number): number[] | null => {
    state[i] = 1;
    path.push(i);
    for (const key of dependencyKeys(rows[i])) {
      const next = index.get(key)!;
      if (state[next] === 1) return path.slice(path.indexOf(next));
      if (state[next] === 0) {
        const found = visit(next);
        if (found) return found;
      }
    }
    path.pop();
    state[i] = 2;
    return null;
  };
  for (let i = 0; i < rows.length; i++) {
    if (state[i] !== 0) continue;
    const found = visit(i);
    if (found) return found;
  }
  return null;
}
