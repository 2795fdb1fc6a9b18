/**
 * The controller of nurturing sequences: an enrolment rule must parse and read
 * only the lead's fields (else 400 naming `enrol_rule`), and step positions are
 * each used once (else 400 naming `steps`). Nothing else is read to decide.
 */
import { defineController } from "../../../records/engine/controller.ts";
import type { SaveContext } from "../../../records/engine/record-rules.ts";
import { invalidInput } from "../../../platform/errors/app-error.ts";
import {
  ExpressionError,
  fieldsOf,
  parseExpression,
} from "../../../../schemas/records/expression.ts";
import { LEAD } from "../types/lead.ts";
import { NURTURE_SEQUENCE } from "../types/nurture-sequence.ts";

const LEAD_FIELDS: ReadonlySet<string> = new Set(LEAD.fields.map((f) => f.id));

/** Why an enrolment rule cannot be used, or undefined when it can. */
export function enrolRuleProblem(source: string): string | undefined {
  if (source === "") return undefined;
  try {
    const unknown = fieldsOf(parseExpression(source)).filter((n) => !LEAD_FIELDS.has(n));
    if (unknown.length) return `A lead has no field "${unknown[0]}"`;
  } catch (error) {
    if (error instanceof ExpressionError) return error.message;
    throw error;
  }
  return undefined;
}

function checkSequence(ctx: SaveContext): Promise<void> {
  const problem = enrolRuleProblem(String(ctx.checked.values.enrol_rule ?? "").trim());
  if (problem) return Promise.reject(invalidInput(problem, { enrol_rule: problem }));
  const rows = (ctx.checked.values.steps ?? []) as Record<string, unknown>[];
  const positions = rows.map((r) => Number(r.position));
  if (new Set(positions).size !== positions.length) {
    const message = "Each step needs its own position";
    return Promise.reject(invalidInput(message, { steps: message }));
  }
  return Promise.resolve();
}

/** The controller of sequences. */
export const NURTURE_SEQUENCE_CONTROLLER = defineController({
  type: NURTURE_SEQUENCE,
  decides: [],
  beforeSave: checkSequence,
});
