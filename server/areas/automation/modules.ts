/** The catalogue modules of the automation area, in sidebar order within each category. */
import type { ModuleRow } from "../../platform/catalogue/module-definitions.ts";

export const AUTOMATION_MODULES: readonly ModuleRow[] = [
  {
    id: "automation",
    name: "Automation",
    category: "Tools",
    icon: "cpu",
    description: "Automate repetitive work.",
  },
  {
    id: "automation/rules",
    name: "Automation Rules",
    category: "Tools",
    icon: "sliders-vertical",
    description: "When this happens, do that.",
  },
  {
    id: "automation/workflows",
    name: "Automation Workflows",
    category: "Tools",
    icon: "git-merge",
    description: "Multi-step automated workflows.",
  },
  {
    id: "automation/email-templates",
    name: "Email Templates",
    category: "Tools",
    icon: "mail",
    description: "Templates for automated emails.",
  },
  {
    id: "automation/executions",
    name: "Executions",
    category: "Tools",
    icon: "play",
    description: "Runs of automations and their results.",
  },
  {
    id: "automation/audit-log",
    name: "Automation Audit Log",
    category: "Tools",
    icon: "list",
    description: "What automations changed.",
  },
];
