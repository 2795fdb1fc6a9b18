/**
 * The scoring rule's controller: a rule's condition must parse and read only the
 * lead's fields and the activity variables (activity-facts.ts), else the save is
 * a 400 naming `condition` and nothing is stored. The leads are scored again
 * after the save, in the background (rescoring.ts).
 */
import { defineController } from "../../../records/engine/controller.ts";
import { invalidInput } from "../../../platform/errors/app-error.ts";
import {
  ExpressionError,
  fieldsOf,
  parseExpression,
} from "../../../../schemas/records/expression.ts";
import { LEAD } from "../types/lead.ts";
import { LEAD_SCORING_RULE } from "../types/lead-scoring-rule.ts";
import { ACTIVITY_FACT_NAMES } from "./activity-facts.ts";
import { SCORE_COLUMNS } from "./score-on-save.ts";

/** The lead fields a condition may not read: the score itself and its bookkeeping. */
const SCORE_FIELDS = new Set<string>(Object.values(SCORE_COLUMNS));

/** The names a condition may read. */
export const CONDITION_NAMES: ReadonlySet<string> = new Set([
  ...LEAD.fields.map((f) => f.id).filter((id) => !SCORE_FIELDS.has(id)),
  ...ACTIVITY_FACT_NAMES,
]);

/** Why a condition cannot be used, or undefined when it can. */
export function conditionProblem(source: string): string | undefined {
  try {
    const unknown = fieldsOf(parseExpression(source)).filter((n) => !CONDITION_NAMES.has(n));
    if (unknown.length) return `A lead has no field or activity variable "${unknown[0]}"`;
  } catch (error) {
    if (error instanceof ExpressionError) return error.message;
    throw error;
  }
  return undefined;
}

export const LEAD_SCORING_RULE_CONTROLLER = defineController({
  type: LEAD_SCORING_RULE,
  beforeSave({ checked }) {
    const problem = conditionProblem(String(checked.values.condition ?? "").trim());
    if (problem) return Promise.reject(invalidInput(problem, { condition: problem }));
    return Promise.resolve();
  },
});
