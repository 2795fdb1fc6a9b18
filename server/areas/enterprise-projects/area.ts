/**
 * Enterprise projects: the calls of spec 001 §7 on the project record (the
 * enterprise view, approvals, resources, schedules, versions, transfers, archives
 * and data care). Its screens are the projects' record form tabs.
 */
import { defineArea } from "../define-area.ts";
import { APPROVAL_WORKFLOW } from "./types/approval-workflow.ts";
import { enterpriseProjectRoutes } from "./mod.ts";

export const ENTERPRISE_PROJECTS = defineArea({
  id: "enterprise-projects",
  name: "Enterprise projects",
  modules: [],
  types: [APPROVAL_WORKFLOW],
  routes: ({ api, db, records, clock }) => enterpriseProjectRoutes(api, { db, records, clock }),
});
