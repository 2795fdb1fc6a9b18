/**
 * The parts of the demo seed that areas add (`seed` in an area's manifest): each
 * runs in the seed's one transaction after the shared base (organisations, their
 * people, clients, projects and tasks, leads, templates and notifications,
 * demo.ts), in an order that follows what each reads. A step names the steps whose
 * records it reads or must not see (`after`); among the steps free to run, the
 * first listed runs first (areas in their list's order, then each area's steps as
 * it lists them), so the seed is the same every time.
 */
import type { Queryable } from "../database.ts";

/** One part of the demo seed an area adds. */
export interface DemoSeedStep {
  /** Names the step, for other steps' `after` (unique across areas). */
  id: string;
  /** Steps whose records this one reads (or must come after), by id. */
  after?: readonly string[];
  /** Seeds its records in the seed's transaction. */
  run(tx: Queryable, seed: DemoSeedContext): Promise<void>;
}

/** What every step of the demo seed is given. */
export interface DemoSeedContext {
  /** The seed day's midnight (ms, UTC): dates are laid out relative to it. */
  today: number;
  /** The stored hash of the demo password, for people a step adds who sign in. */
  passwordHash: string;
}

/** The steps in the order they run; an unknown, repeated or circular `after` is refused, naming it. */
export function seedOrder(steps: readonly DemoSeedStep[]): DemoSeedStep[] {
  const byId = new Map<string, DemoSeedStep>();
  for (const step of steps) {
    if (byId.has(step.id)) throw new Error(`Demo seed step "${step.id}" is declared twice`);
    byId.set(step.id, step);
  }
  for (const step of steps) {
    for (const before of step.after ?? []) {
      if (!byId.has(before)) {
        throw new Error(`Demo seed step "${step.id}" runs after "${before}", which no area seeds`);
      }
    }
  }
  const done = new Set<string>();
  const out: DemoSeedStep[] = [];
  while (out.length < steps.length) {
    const next = steps.find((s) => !done.has(s.id) && (s.after ?? []).every((a) => done.has(a)));
    if (!next) {
      const waiting = steps.filter((s) => !done.has(s.id)).map((s) => `"${s.id}"`);
      throw new Error(`Demo seed steps wait for each other: ${waiting.join(", ")}`);
    }
    done.add(next.id);
    out.push(next);
  }
  return out;
}
