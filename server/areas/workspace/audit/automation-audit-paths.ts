/**
 * Where the automation audit log answers, and the module whose read permission its
 * calls need: the calls (routes.ts) and the screen (server/ui) name them from here.
 */

/** The automation audit log's catalogue module. */
export const AUTOMATION_AUDIT_MODULE = "automation/audit-log";

/** The automation audit log's calls. */
export const AUTOMATION_AUDIT_PATHS = {
  logs: "/api/automation/audit-log",
  filters: "/api/automation/audit-log/filters",
  export: "/api/automation/audit-log/export",
} as const;
