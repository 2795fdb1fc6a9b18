/**
 * An edited workflow's steps read against its record type's declaration: each row
 * names a declared transition, a declared state it may be taken from, the action
 * whose permission it needs and its comment (types/workflow.ts). `checkSteps`
 * refuses rows of another type or repeated, naming the row; `shapeTransitions`
 * makes the transitions the engine enforces.
 */
import type { RecordType } from "../../../records/define.ts";
import type { TransitionDeclaration } from "../../../records/declaration.ts";
import { transitionValue } from "../../../records/workflow-options.ts";
import type { Problems } from "../../../records/engine/field-problems.ts";

/** One step as stored. */
export interface WorkflowStep {
  transition: string;
  from_state: string;
  permission?: string | null;
  comment?: string | null;
  allowed?: boolean | number | null;
}

/** What is wrong with each row, by its path (`steps[2].from_state`). */
export function checkSteps(type: RecordType, steps: readonly WorkflowStep[]): Problems {
  const problems: Record<string, string> = {};
  const { plural } = type.declaration;
  const states = new Set(type.declaration.states?.list.map((s) => s.id) ?? []);
  const transitions = new Set(
    type.declaration.states?.transitions.map((t) => transitionValue(type, t.action, t.to)) ?? [],
  );
  const seen = new Set<string>();
  steps.forEach((step, i) => {
    const at = (field: string) => `steps[${i}].${field}`;
    if (!transitions.has(step.transition)) {
      problems[at("transition")] = `Must be a transition of ${plural.toLowerCase()}`;
    }
    const state = stateOf(type, step.from_state);
    if (state === undefined || !states.has(state)) {
      problems[at("from_state")] = `Must be a state of ${plural.toLowerCase()}`;
    }
    if (step.permission && actionOf(type, step.permission) === undefined) {
      problems[at("permission")] = `Must be an action of ${plural.toLowerCase()}`;
    }
    const key = `${step.transition}|${step.from_state}`;
    if (seen.has(key)) problems[at("from_state")] = "Repeats an earlier step from this state";
    seen.add(key);
  });
  return problems;
}

/**
 * The transitions as the steps shape them: a declared transition with steps is
 * taken from the states its allowed steps name, with their permission and comment
 * (none allowed: from no state, so it is refused); one without steps is as declared.
 */
export function shapeTransitions(
  type: RecordType,
  steps: readonly WorkflowStep[],
): TransitionDeclaration[] {
  const declared = type.declaration.states?.transitions ?? [];
  return declared.flatMap((t) => {
    const own = steps.filter((s) => s.transition === transitionValue(type, t.action, t.to));
    if (own.length === 0) return [t];
    const allowed = own.filter((s) => s.allowed !== false && s.allowed !== 0);
    if (allowed.length === 0) return [{ ...t, from: [] }];
    return allowed.map((s) => {
      const permission = s.permission ? actionOf(type, s.permission) : undefined;
      const comment = s.comment as TransitionDeclaration["comment"] | null | undefined;
      return {
        ...t,
        from: [stateOf(type, s.from_state)!],
        ...(permission && permission !== t.action ? { permission } : {}),
        ...(comment ? { comment } : {}),
      };
    });
  });
}

/** The state id of a `type:state` value of this type. */
function stateOf(type: RecordType, value: string): string | undefined {
  return value.startsWith(`${type.id}:`) ? value.slice(type.id.length + 1) : undefined;
}

/** The action id of a `type:action` value of this type, when the type has the action. */
function actionOf(type: RecordType, value: string): string | undefined {
  const action = value.startsWith(`${type.id}:`) ? value.slice(type.id.length + 1) : undefined;
  return action && type.actions.includes(action) ? action : undefined;
}
