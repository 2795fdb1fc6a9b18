/**
 * Enterprise projects: the calls of spec 001 §7 on the project record (the
 * enterprise view, approvals, resources, schedules, versions, transfers, archives
 * and data care). Its screens are the projects' record form tabs.
 */
import { defineArea } from "../define-area.ts";
import { APPROVAL_WORKFLOW } from "./types/approval-workflow.ts";
import { enterpriseProjectRoutes } from "./mod.ts";
import { APPROVAL_WORKFLOW_CONTROLLER } from "./approval-workflow-rules.ts";
import { versionsTab } from "./versions-tab.ts";
import { PROJECT } from "../work/types/project.ts";
import { approvalsTab } from "../../ui/screens/approval-tab.ts";
import { resourcesTab } from "../../ui/screens/resource-tab.ts";
import { SCHEDULE_TAB } from "../../ui/screens/project-schedule-tab.ts";
import { ENTERPRISE_PROJECTS_SEED } from "./seed/mod.ts";

export const ENTERPRISE_PROJECTS = defineArea({
  id: "enterprise-projects",
  name: "Enterprise projects",
  modules: [],
  types: [APPROVAL_WORKFLOW],
  controllers: [APPROVAL_WORKFLOW_CONTROLLER],
  routes: ({ api, db, records, clock }) => enterpriseProjectRoutes(api, { db, records, clock }),
  recordScreens: {
    formTabs: [{
      type: PROJECT,
      tabs: [
        { id: "versions", label: "Versions", requires: { action: "read" }, content: versionsTab },
        {
          id: "approvals",
          label: "Approvals",
          requires: { action: "read" },
          content: approvalsTab,
        },
        {
          id: "resources",
          label: "Resources",
          requires: { action: "read" },
          content: resourcesTab,
        },
        SCHEDULE_TAB,
      ],
    }],
  },
  seed: ENTERPRISE_PROJECTS_SEED,
});
