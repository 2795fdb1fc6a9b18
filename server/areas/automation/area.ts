/** Automation: rules on record events, dates and schedules, their run log, and what they send. */
import { defineArea } from "../define-area.ts";
import { areaEngine } from "../area-engine.ts";
import { AUTOMATION_MODULES } from "./modules.ts";
import { AUTOMATION_RULE } from "./types/automation-rule.ts";
import { AUTOMATION_RUN } from "./types/automation-run.ts";
import { AUTOMATION_RULE_CONTROLLER } from "./rules/rule-controller.ts";
import { AUTOMATION_RUN_CONTROLLER } from "./rules/run-controller.ts";
import { ruleQueue } from "./rules/rule-queue.ts";
import { RuleRunner } from "./rules/rule-runner.ts";
import { automationRoutes } from "./rules/routes.ts";
import { seedAutomationRules } from "./seed/rules.ts";

export const AUTOMATION = defineArea({
  id: "automation",
  name: "Automation",
  modules: AUTOMATION_MODULES,
  types: [AUTOMATION_RULE, AUTOMATION_RUN],
  controllers: [AUTOMATION_RULE_CONTROLLER, AUTOMATION_RUN_CONTROLLER],
  observers: [ruleQueue],
  routes: ({ api, db, records }) => automationRoutes(api, db, records),
  seed: [{
    id: "automation-rules",
    after: ["invoices", "money", "more-clients"],
    run: (tx, { today }) => seedAutomationRules(tx, today),
  }],
  checks: [
    (db, config) => new RuleRunner(db, { engine: areaEngine(db, { publicUrl: config.publicUrl }) }),
  ],
});
