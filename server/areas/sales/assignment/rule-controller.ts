/**
 * The assignment rule's controller: a rule is checked when saved — its
 * condition must parse and read only the lead's fields, a value range must not
 * be upside down, and a round robin needs a team — else a 400 naming the field,
 * and nothing is stored.
 */
import { defineController } from "../../../records/engine/controller.ts";
import { invalidInput } from "../../../platform/errors/app-error.ts";
import {
  ExpressionError,
  fieldsOf,
  parseExpression,
} from "../../../../schemas/records/expression.ts";
import { LEAD } from "../types/lead.ts";
import { LEAD_ASSIGNMENT_RULE } from "../types/lead-assignment-rule.ts";

const LEAD_FIELDS: ReadonlySet<string> = new Set(LEAD.fields.map((f) => f.id));

/** Why a condition cannot be used, or undefined when it can. */
function conditionProblem(source: string): string | undefined {
  if (!source) return undefined;
  try {
    const unknown = fieldsOf(parseExpression(source)).filter((n) => !LEAD_FIELDS.has(n));
    if (unknown.length) return `A lead has no field "${unknown[0]}"`;
  } catch (error) {
    if (error instanceof ExpressionError) return error.message;
    throw error;
  }
  return undefined;
}

export const LEAD_ASSIGNMENT_RULE_CONTROLLER = defineController({
  type: LEAD_ASSIGNMENT_RULE,
  decides: [],
  beforeSave({ checked }) {
    const v = checked.values;
    const problem = conditionProblem(String(v.condition ?? "").trim());
    if (problem) return Promise.reject(invalidInput(problem, { condition: problem }));
    const min = Number(v.min_value ?? 0), max = Number(v.max_value ?? 0);
    if (min > 0 && max > 0 && min > max) {
      const why = "The upper bound must not be below the lower bound";
      return Promise.reject(invalidInput(why, { max_value: why }));
    }
    const team = (v.team ?? []) as unknown[];
    if (v.method === "round_robin" && team.length === 0) {
      const why = "A round robin needs at least one team member";
      return Promise.reject(invalidInput(why, { team: why }));
    }
    return Promise.resolve();
  },
});
