/**
 * A record type's workflow as a graph the `state-graph` widget draws: each state
 * placed in the row of its fewest steps from the initial state (states no
 * transition reaches come last, and are named in a note), and each transition
 * as the edited workflow shapes it, with the permission it needs and its comment.
 */
import type { WorkflowGraph } from "../../../../schemas/api/workflow-graph.ts";
import type { RecordType } from "../../../records/define.ts";
import { actionWording } from "../../../records/action-wording.ts";
import { transitionValue } from "../../../records/workflow-options.ts";
import { shapeTransitions, type WorkflowStep } from "./workflow-steps.ts";

const COMMENT_TEXT = {
  none: "no comment",
  optional: "comment optional",
  required: "comment required",
};

/** The graph of `type`'s workflow with these steps. */
export function workflowGraph(type: RecordType, steps: readonly WorkflowStep[]): WorkflowGraph {
  const declared = type.declaration.states!;
  const transitions = shapeTransitions(type, steps);
  const rows = new Map<string, number>([[declared.initial, 0]]);
  for (let frontier = [declared.initial]; frontier.length > 0;) {
    const next: string[] = [];
    for (const state of frontier) {
      for (const t of transitions) {
        if (!t.from.includes(state) || rows.has(t.to)) continue;
        rows.set(t.to, rows.get(state)! + 1);
        next.push(t.to);
      }
    }
    frontier = next;
  }
  const last = Math.max(...rows.values()) + 1;
  const perRow = new Map<number, number>();
  const states = declared.list.map((s) => {
    const row = rows.get(s.id) ?? last;
    const column = perRow.get(row) ?? 0;
    perRow.set(row, column + 1);
    return {
      id: s.id,
      label: s.label,
      tone: s.tone ?? "neutral",
      row,
      column,
      initial: s.id === declared.initial,
      reachable: rows.has(s.id),
    };
  });
  const edited = new Set(steps.map((s) => s.transition));
  const edges = transitions.flatMap((t) =>
    t.from.map((from) => {
      const permission = t.permission ?? t.action;
      const who = `needs permission to ${actionWording(type, permission).label.toLowerCase()}`;
      const comment = COMMENT_TEXT[t.comment ?? actionWording(type, t.action).comment ?? "none"];
      return {
        from,
        to: t.to,
        label: t.label,
        detail: `${who}; ${comment}`,
        edited: edited.has(transitionValue(type, t.action, t.to)),
      };
    })
  );
  const notes = [
    ...states.filter((s) => !s.reachable).map((s) =>
      `No transition reaches ${s.label}: records get there only if they are already in it.`
    ),
    ...transitions.filter((t) => t.from.length === 0).map((t) =>
      `${t.label} is switched off: no step allows it.`
    ),
  ];
  return { states, edges, notes };
}
