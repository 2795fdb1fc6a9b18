/**
 * The automation audit log (`automation/audit-log`): the organisation's audit
 * trail, filtered by who, action, kind of record, one record (chosen by
 * type-ahead among the records of the chosen kind), who made the change — people,
 * automation runs or both — and dates; each entry with its field changes in words,
 * a change an automation run made told as "by <owner> via automation" with its
 * run a click away; and the filtered trail as a CSV download. Its calls need the
 * module's read permission; what they answer goes through the records' visibility.
 */
import type { Node } from "../../../schemas/descriptor/mod.ts";
import { head, type ScreenDef } from "./screen-def.ts";
import { auditFilterFields } from "./audit-filter-fields.ts";
import {
  AUTOMATION_AUDIT_MODULE as MODULE,
  AUTOMATION_AUDIT_PATHS,
} from "../../areas/workspace/audit/automation-audit-paths.ts";

const { logs: LOGS, filters: FILTERS, export: EXPORT } = AUTOMATION_AUDIT_PATHS;

/** The filters, as screen state keys, in the order the export's query names them. */
const FILTER_KEYS = [
  "actor_id",
  "action",
  "resource_type",
  "record_id",
  "made_by",
  "from",
  "to",
] as const;

const EMPTY_TEXT = "Nothing recorded for these filters";

const shared = auditFilterFields({
  actor: "Person",
  kind: "Kind of record",
  anyKind: "Any kind",
});

const filters: Node = {
  type: "form",
  id: "automation-audit-filters",
  fields: [
    {
      name: "made_by",
      label: "Made by",
      kind: "select",
      placeholder: "People and automation",
      options: [
        { value: "people", label: "People" },
        { value: "automation", label: "Automation" },
      ],
    },
    shared.actor,
    shared.action,
    shared.kind,
    {
      name: "record_id",
      label: "Record",
      kind: "record",
      recordTypeField: "resource_type",
    },
    ...shared.dates,
  ],
  submit: { label: "Apply filters", toState: true },
};

const exportButton: Node = {
  type: "button",
  label: "Download CSV",
  variant: "secondary",
  action: {
    kind: "download",
    format: "file",
    source: `${EXPORT}?${FILTER_KEYS.map((key) => `${key}={${key}}`).join("&")}`,
    filename: "audit-log.csv",
  },
};

const trail: Node = {
  type: "table",
  source: "logs",
  caption: "Audit entries, newest first",
  // The entry's record is named by its title and opens from it; its id is never shown.
  columns: [
    { key: "created_at", label: "When", format: "datetime", sortable: true },
    { key: "resource_title", label: "Record", fallback: "—", sortable: true },
    { key: "resource_label", label: "Kind", sortable: true },
    { key: "action_label", label: "Action", sortable: true },
    { key: "actor_text", label: "By", sortable: true },
    { key: "change_lines", label: "Changes", format: "lines", fallback: "—" },
  ],
  rowAction: { kind: "navigate", to: "{+resource_path}" },
  rowActions: [{
    label: "Open run",
    action: { kind: "navigate", to: "{+automation_path}" },
    when: { field: "made_by", equals: "automation" },
  }],
  pageSize: 25,
  emptyText: EMPTY_TEXT,
  defaultSort: { key: "created_at", direction: "desc" },
  phone: { first: ["created_at", "resource_title", "actor_text", "change_lines"] },
};

/** The automation audit log screen. */
export const AUTOMATION_AUDIT_LOG_SCREEN: ScreenDef = {
  id: MODULE,
  audience: "staff",
  module: MODULE,
  build: () => ({
    ...head(MODULE, "Automation Audit Log", "dynamic"),
    state: Object.fromEntries(FILTER_KEYS.map((key) => [key, null])),
    sources: {
      filters: { method: "POST", path: FILTERS, body: {}, label: "Filters" },
      logs: {
        method: "POST",
        path: LOGS,
        body: {
          filters: {
            limit: 500,
            ...Object.fromEntries(FILTER_KEYS.map((key) => [key, { $state: key }])),
          },
        },
        select: "logs",
        label: "Audit log",
        emptyText: EMPTY_TEXT,
      },
    },
    body: {
      type: "page",
      title: "Automation Audit Log",
      description: "What people and automations changed, field by field.",
      children: [filters, exportButton, trail],
    },
  }),
};
