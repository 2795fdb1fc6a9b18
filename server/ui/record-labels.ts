/**
 * The labels of record fields' values, taken from the declarations, never copied:
 * a select's declared options, or, for a field whose options come from an
 * organisation's list, that list as the organisation keeps it (organization-lists.ts).
 * Screens that show a record field outside the record's own form and list
 * (analytics, reports, the portal, the calendar) label it with these. The
 * constants below hold the starting labels, for the docs and the contract tests;
 * a screen labels a list's field with `fieldLabels(type, field, ctx.lists)`.
 */
import type { ValueLabels } from "../../schemas/descriptor/mod.ts";
import type { RecordType } from "../records/define.ts";
import { type OrganizationLists, STARTING_LISTS } from "./organization-lists.ts";
import { CLIENT } from "../areas/sales/types/client.ts";
import { LEAD } from "../areas/sales/types/lead.ts";
import { PROJECT } from "../areas/work/types/project.ts";
import { TASK } from "../areas/work/types/task.ts";

/**
 * A field's values and their labels, from its declaration: its declared options,
 * or, for a field whose options come from an organisation's list, that list's
 * labels in `lists` (the caller's organisation's when a screen is built for it).
 */
export function fieldLabels(
  type: RecordType,
  fieldId: string,
  lists: OrganizationLists = STARTING_LISTS,
): ValueLabels {
  const field = type.field.get(fieldId);
  if (!field) throw new Error(`Record type "${type.id}" has no field "${fieldId}"`);
  if (field.options_from) {
    const list = lists.get(field.options_from);
    if (!list) throw new Error(`${type.id}.${fieldId}: no list "${field.options_from}"`);
    return list;
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
