/**
 * Where the engine finds an organisation's edited workflow (records/engine/
 * edited-workflows.ts): the steps of its workflow in force for the type, read
 * by the indexed record type (one workflow per type), shaped into the
 * transitions the engine then offers and enforces.
 */
import type { Queryable } from "../../../db/database.ts";
import type { RecordType } from "../../../records/define.ts";
import type { WorkflowSource } from "../../../records/engine/edited-workflows.ts";
import { shapeTransitions, type WorkflowStep } from "./workflow-steps.ts";

/** The type as its organisation's workflow in force shapes it. */
export const workflowSource: WorkflowSource = async (
  read: Queryable,
  organizationId: string,
  type: RecordType,
): Promise<RecordType> => {
  const steps = await read.all<WorkflowStep>(
    `SELECT s.transition, s.from_state, s.permission, s.comment, s.allowed
     FROM workflows w JOIN workflow_steps s ON s.workflow_id = w.id
     WHERE w.organization_id = ? AND w.record_type = ? AND w.active = ?
     ORDER BY s.idx`,
    [organizationId, type.id, 1],
  );
  if (steps.length === 0) return type;
  const states = type.declaration.states!;
  return {
    ...type,
    declaration: {
      ...type.declaration,
      states: { ...states, transitions: shapeTransitions(type, steps) },
    },
  };
};
