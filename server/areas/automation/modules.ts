/** The catalogue modules of the automation area, in sidebar order within each category. */
import type { ModuleRow } from "../../platform/catalogue/module-definitions.ts";

export const AUTOMATION_MODULES: readonly ModuleRow[] = [
  {
    id: "automation",
    name: "Automation",
    category: "Tools",
    // Rules act for their owners across the organisation's records: administrators keep them.
    adminOnly: true,
    icon: "cpu",
    description: "What the rules did lately, which ran most, and what failed.",
  },
  {
    id: "automation/rules",
    name: "Automation Rules",
    category: "Tools",
    // Rules act for their owners across the organisation's records: administrators keep them.
    adminOnly: true,
    icon: "sliders-vertical",
    description: "When this happens, do that.",
  },
  {
    id: "automation/workflows",
    name: "Automation Workflows",
    category: "Tools",
    // A workflow decides who may approve what across the organisation: administrators keep them.
    adminOnly: true,
    icon: "git-merge",
    description: "The states of records and who may move them between states.",
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
    // Rules act for their owners across the organisation's records: administrators keep them.
    adminOnly: true,
    icon: "play",
    description: "Runs of automations and their results.",
  },
  {
    id: "automation/audit-log",
    name: "Automation Audit Log",
    category: "Tools",
    // Rules act for their owners across the organisation's records: administrators keep them.
    adminOnly: true,
    icon: "list",
    description: "What automations changed.",
  },
];
