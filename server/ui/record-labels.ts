/**
 * The labels of record fields' values, taken from the declarations, never copied:
 * a select's declared options, or, for a field whose options come from an
 * organisation's list, the rows every organisation's list starts with. Screens that
 * show a record field outside the record's own form and list (analytics, reports,
 * the portal, the calendar) label it with these.
 */
import type { ValueLabels } from "../../schemas/descriptor/mod.ts";
import type { RecordType } from "../records/define.ts";
import { DEFAULT_TYPE_MASTERS } from "../areas/workspace/types/type-master-defaults.ts";
import { CLIENT } from "../areas/sales/types/client.ts";
import { LEAD } from "../areas/sales/types/lead.ts";
import { PROJECT } from "../areas/work/types/project.ts";
import { TASK } from "../areas/work/types/task.ts";

/** A field's values and their labels, from its declaration. */
export function fieldLabels(type: RecordType, fieldId: string): ValueLabels {
  const field = type.field.get(fieldId);
  if (!field) throw new Error(`Record type "${type.id}" has no field "${fieldId}"`);
  if (field.options_from) {
    return Object.fromEntries(
      DEFAULT_TYPE_MASTERS.filter((row) => row.kind === field.options_from)
        .map((row) => [row.code, row.label]),
    );
  }
  if (!field.options) throw new Error(`${type.id}.${fieldId} has no options`);
  return Object.fromEntries(field.options.map((o) => [String(o.value), o.label]));
}

/** Project status (projects.status). */
export const PROJECT_STATUS = fieldLabels(PROJECT, "status");

/** Project type (projects.project_type). */
export const PROJECT_TYPE = fieldLabels(PROJECT, "project_type");

/** Archive status of a project. */
export const ARCHIVE_STATUS = fieldLabels(PROJECT, "archive_status");

/** Task status (tasks.status). */
export const TASK_STATUS = fieldLabels(TASK, "status");

/** Lead stage (leads.status). */
export const LEAD_STAGE = fieldLabels(LEAD, "stage");

/** Where a lead came from (leads.source). */
export const LEAD_SOURCE = fieldLabels(LEAD, "source");

/** Client status (clients.status). */
export const CLIENT_STATUS = fieldLabels(CLIENT, "status");
