/**
 * The workflow's controller: a workflow is saved only when each step names a
 * transition, a state and an action of its own record type, and no two steps
 * repeat a transition from one state (workflow-steps.ts). It reads no other
 * record: one workflow per type is the type's unique index.
 */
import { defineController } from "../../../records/engine/controller.ts";
import { findRecordType } from "../../../records/catalogue.ts";
import { invalidFields } from "../../../records/engine/field-problems.ts";
import { WORKFLOW } from "../types/workflow.ts";
import { checkSteps, type WorkflowStep } from "./workflow-steps.ts";

export const WORKFLOW_CONTROLLER = defineController({
  type: WORKFLOW,
  decides: [],
  beforeSave({ type, checked }) {
    const target = findRecordType(String(checked.values.record_type));
    if (!target) return Promise.resolve();
    const steps = (checked.values.steps ?? []) as WorkflowStep[];
    const problems = checkSteps(target, steps);
    if (Object.keys(problems).length > 0) throw invalidFields(type, problems);
    return Promise.resolve();
  },
});
