/**
 * The choices of an edited workflow's selects (`automation/workflows`), over every
 * record type whose declaration lets an organisation edit its workflow: the types,
 * their declared transitions, their states and the actions whose permission a
 * transition may need. Values carry the type (`expense:approve>approved`) so one
 * list serves them all; labels read "Expense claims: Approve → Approved". Read at
 * call time, as the catalogue is.
 */
import { recordTypes } from "./catalogue.ts";
import type { RecordType } from "./define.ts";
import {
  WORKFLOW_PERMISSION_OPTIONS,
  WORKFLOW_STATE_OPTIONS,
  WORKFLOW_TRANSITION_OPTIONS,
  WORKFLOW_TYPE_OPTIONS,
} from "./declaration.ts";
import { actionWording } from "./action-wording.ts";

type Option = { value: string; label: string };

let lists: Map<string, Option[]> | undefined;

/** The types whose workflow an organisation may edit, in label order. */
export function workflowTypes(): RecordType[] {
  return recordTypes()
    .filter((t) => t.declaration.workflow_editable && t.declaration.states)
    .sort((a, b) => a.declaration.plural.localeCompare(b.declaration.plural));
}

/** A declared transition's value: its type, action and target state. */
export function transitionValue(type: RecordType, action: string, to: string): string {
  return `${type.id}:${action}>${to}`;
}

/** The list `optionsFrom` names, when it is one of the workflow lists. */
export function workflowOptions(optionsFrom: string): Option[] | undefined {
  lists ??= build();
  return lists.get(optionsFrom);
}

function build(): Map<string, Option[]> {
  const types: Option[] = [];
  const transitions: Option[] = [];
  const states: Option[] = [];
  const permissions: Option[] = [];
  for (const type of workflowTypes()) {
    const { plural } = type.declaration;
    const declared = type.declaration.states!;
    const stateLabel = new Map(declared.list.map((s) => [s.id, s.label]));
    types.push({ value: type.id, label: plural });
    for (const t of declared.transitions) {
      transitions.push({
        value: transitionValue(type, t.action, t.to),
        label: `${plural}: ${t.label} → ${stateLabel.get(t.to) ?? t.to}`,
      });
    }
    for (const s of declared.list) {
      states.push({ value: `${type.id}:${s.id}`, label: `${plural}: ${s.label}` });
    }
    for (const action of type.actions) {
      permissions.push({
        value: `${type.id}:${action}`,
        label: `${plural}: ${actionWording(type, action).label}`,
      });
    }
  }
  return new Map([
    [WORKFLOW_TYPE_OPTIONS, types],
    [WORKFLOW_TRANSITION_OPTIONS, transitions],
    [WORKFLOW_STATE_OPTIONS, states],
    [WORKFLOW_PERMISSION_OPTIONS, permissions],
  ]);
}
