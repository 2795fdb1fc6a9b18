/**
 * The project template's controller: a plan is saved only when its dependencies
 * name other rows of the same template and make no cycle (template-plan.ts), and
 * the template's task count is its number of task rows. It reads no other record.
 */
import { defineController } from "../../../records/engine/controller.ts";
import { invalidFields } from "../../../records/engine/field-problems.ts";
import { PROJECT_TEMPLATE } from "../types/project-template.ts";
import { checkPlan, type PlanRow } from "./template-plan.ts";

export const PROJECT_TEMPLATE_CONTROLLER = defineController({
  type: PROJECT_TEMPLATE,
  decides: [],
  beforeSave({ type, checked }) {
    // An update that leaves the plan alone may not carry its rows.
    if (!Array.isArray(checked.values.tasks)) return Promise.resolve();
    const rows = checked.values.tasks as PlanRow[];
    const problems = checkPlan(rows);
    if (Object.keys(problems).length > 0) throw invalidFields(type, problems);
    const before = checked.values.task_count;
    if (before !== rows.length) {
      checked.columns.set("task_count", rows.length);
      checked.values.task_count = rows.length;
      checked.changes.push({ field: "task_count", from: before ?? null, to: rows.length });
    }
    return Promise.resolve();
  },
});
