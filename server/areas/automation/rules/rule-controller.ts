/**
 * The automation rule's controller: a rule is checked when saved (rule-check.ts)
 * and runs as the person who saved it, who becomes its owner; saving it again
 * clears a switch-off for failures. Its action `dry_run` tests it against the
 * current records and keeps what it found on the rule (dry-run.ts).
 */
import { defineController } from "../../../records/engine/controller.ts";
import { recordTypeMap } from "../../../records/catalogue.ts";
import { AUTOMATION_RULE } from "../types/automation-rule.ts";
import { checkRule, loopOf } from "./rule-check.ts";
import { ruleColumn } from "./rule-columns.ts";
import { dryRun, dryRunText } from "./dry-run.ts";
import { invalidInput } from "../../../platform/errors/app-error.ts";
import { forUpdate } from "../../../db/dialect.ts";
import { scheduleRule } from "./rule-schedule.ts";
import { newHookPath } from "./webhook-path.ts";

export const AUTOMATION_RULE_CONTROLLER = defineController({
  type: AUTOMATION_RULE,
  // The loop check reads the organisation's other rules: saves take turns on its row.
  decides: ["save"],
  async beforeSave({ read, access, checked, existing, now }) {
    await read.get(`SELECT id FROM organizations WHERE id = ? ${forUpdate(read.dialect)}`, [
      access.organizationId,
    ]);
    const types = recordTypeMap();
    const rule: Record<string, unknown> = { ...checked.values, id: existing?.id };
    const actions = await checkRule(read, access, types, rule);
    const type = types.get(String(rule.record_type))!;
    if (rule.active && !rule.max_depth) {
      const loop = await loopOf(read, access, type, rule, actions);
      if (loop) {
        throw invalidInput(loop, {
          actions: loop,
          max_depth: "Set a maximum depth to allow this loop",
        });
      }
    }
    checked.columns.set(ruleColumn("owner"), access.user.id);
    // An incoming-webhook rule keeps its secret address; any other has none.
    checked.columns.set(
      ruleColumn("webhook_path"),
      rule.trigger === "webhook" ? String(existing?.webhook_path || newHookPath()) : "",
    );
    if (rule.active) {
      checked.columns.set(ruleColumn("failures"), 0);
      checked.columns.set(ruleColumn("stopped_reason"), "");
    }
    await scheduleRule(read, {
      organizationId: access.organizationId,
      rule,
      now,
      columns: checked.columns,
    });
  },
  actions: {
    async dry_run({ read, access, record, now, list }) {
      const types = recordTypeMap();
      const actions = await checkRule(read, access, types, record);
      const found = await dryRun({ read, list, types, now }, record, actions);
      return {
        values: { dry_run_result: dryRunText(found, types.get(String(record.record_type))!) },
      };
    },
  },
});
