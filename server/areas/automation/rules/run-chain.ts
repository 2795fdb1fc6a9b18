/**
 * The run a write is made for: the rule runner carries each action out inside
 * `withinRun`, so a change an action makes queues the rules it triggers one level
 * deeper in the chain (rule-queue.ts), and a chain stops at its depth.
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** The run whose action is making the current change. */
export interface RunLink {
  runId: string;
  ruleId: string;
  depth: number;
}

const current = new AsyncLocalStorage<RunLink>();

/** Runs fn as the action of a run. */
export function withinRun<T>(link: RunLink, fn: () => T): T {
  return current.run(link, fn);
}

/** The run making the current change, or null for a person's own change. */
export function currentRun(): RunLink | null {
  return current.getStore() ?? null;
}

/** The request id a run's writes are audited under: the record's history links each change to its run. */
export function runRequestId(runId: string): string {
  return `automation:${runId}`;
}
