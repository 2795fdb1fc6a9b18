/**
 * Automation: rules on record events, dates, schedules, webhooks and a button,
 * their run log, the email templates they send, and reminders.
 */
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
import { EMAIL_TEMPLATE } from "./types/email-template.ts";
import { EMAIL_TEMPLATE_CONTROLLER } from "./email/template-controller.ts";
import { emailTemplateRoutes } from "./email/preview-routes.ts";
import { EMAIL_TEMPLATES_SEED } from "./email/seed/mod.ts";
import { previewTab } from "./email/preview-tab.ts";
import { REMINDER } from "./reminders/reminder-type.ts";
import { REMINDER_CONTROLLER } from "./reminders/reminder-controller.ts";
import { ReminderDelivery } from "./reminders/reminder-delivery.ts";
import { seedReminders } from "./reminders/reminder-seed.ts";
import { REMIND_ME } from "./reminders/remind-me.ts";
import { WORKFLOW } from "./types/workflow.ts";
import { WORKFLOW_CONTROLLER } from "./workflows/workflow-controller.ts";
import { workflowSource } from "./workflows/workflow-source.ts";
import { workflowRoutes } from "./workflows/workflow-routes.ts";
import { graphTab } from "./workflows/graph-tab.ts";
import { seedWorkflows } from "./seed/workflows.ts";
import { approvalWorkflowsAround } from "../../ui/screens/approval-workflows-around.ts";
import { MANUAL_RULE_BUTTONS } from "./rules/manual-buttons.ts";
import { ruleRunsTimeline } from "./rules/run-timeline.ts";

export const AUTOMATION = defineArea({
  id: "automation",
  name: "Automation",
  modules: AUTOMATION_MODULES,
  types: [AUTOMATION_RULE, AUTOMATION_RUN, EMAIL_TEMPLATE, REMINDER, WORKFLOW],
  controllers: [
    AUTOMATION_RULE_CONTROLLER,
    AUTOMATION_RUN_CONTROLLER,
    EMAIL_TEMPLATE_CONTROLLER,
    REMINDER_CONTROLLER,
    WORKFLOW_CONTROLLER,
  ],
  observers: [ruleQueue],
  workflows: workflowSource,
  timelines: [ruleRunsTimeline],
  routes: ({ api, db, records }) => {
    automationRoutes(api, db, records);
    emailTemplateRoutes(api, records);
    workflowRoutes(api, records);
  },
  recordScreens: {
    formTabs: [{
      type: EMAIL_TEMPLATE,
      tabs: [{
        id: "preview",
        label: "Preview",
        requires: { action: "read" },
        content: previewTab,
      }],
    }, {
      type: WORKFLOW,
      tabs: [{ id: "graph", label: "Graph", requires: { action: "read" }, content: graphTab }],
    }],
    around: [{ module: WORKFLOW.module, extras: approvalWorkflowsAround }],
    formQuickAdds: [REMIND_ME],
    formRuns: [MANUAL_RULE_BUTTONS],
  },
  seed: [
    ...EMAIL_TEMPLATES_SEED,
    {
      id: "automation-rules",
      after: ["invoices", "money", "more-clients", ...EMAIL_TEMPLATES_SEED.map((s) => s.id)],
      run: (tx, { today }) => seedAutomationRules(tx, today),
    },
    { id: "reminders", run: (tx, { today }) => seedReminders(tx, today) },
    { id: "workflows", run: (tx, { today }) => seedWorkflows(tx, today) },
  ],
  checks: [
    (db, config) => new RuleRunner(db, { engine: areaEngine(db, { publicUrl: config.publicUrl }) }),
    (db, config) =>
      new ReminderDelivery(db, {
        publicUrl: config.publicUrl,
        everyMs: config.reminderCheckSeconds * 1000,
      }),
  ],
});
