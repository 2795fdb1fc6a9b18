/** The storage column of an automation rule's field. */
import { AUTOMATION_RULE } from "../types/automation-rule.ts";

/** The column of a rule field. */
export const ruleColumn = (id: string): string => AUTOMATION_RULE.field.get(id)!.column;
