/**
 * The tabs modules add to record types' form screens, by record type id. To add a
 * tab: write a function in the module returning its widgets and sources
 * (`FormTabContent`), then add one entry here with the permission it needs.
 */
import { versionsTab } from "../../areas/enterprise-projects/versions-tab.ts";
import type { RecordFormTab } from "./record-form-tab.ts";
import { approvalsTab } from "./approval-tab.ts";
import { resourcesTab } from "./resource-tab.ts";
import { SCHEDULE_TAB } from "./project-schedule-tab.ts";

/** Record type id → the tabs added to its form, in order. */
export const RECORD_FORM_TABS: Readonly<Record<string, readonly RecordFormTab[]>> = {
  project: [
    { id: "versions", label: "Versions", requires: { action: "read" }, content: versionsTab },
    { id: "approvals", label: "Approvals", requires: { action: "read" }, content: approvalsTab },
    { id: "resources", label: "Resources", requires: { action: "read" }, content: resourcesTab },
    SCHEDULE_TAB,
  ],
};
