/**
 * A manual rule's button on its record type's saved forms: the form loads the
 * active manual rules of its type (`GET /api/automation/manual-rules`) and shows
 * one button per rule, which runs it on the record shown
 * (`POST /api/automation/rules/:id/run`). Both calls let only callers who may
 * change records of the type, so only those forms load them.
 */
import { authorize } from "../../../platform/access/authorize.ts";
import type { MembershipAccess } from "../../../platform/access/access.ts";
import type { RecordType } from "../../../records/define.ts";

/** The manual rules' buttons; the area's manifest offers them on every form (`recordScreens.formRuns`). */
export const MANUAL_RULE_BUTTONS = {
  id: "manual_rules",
  from: (type: RecordType) => `/api/automation/manual-rules?type=${encodeURIComponent(type.id)}`,
  label: "Run: {name}",
  run: "/api/automation/rules/{id}/run",
  done: 'Rule "{name}" queued for {record}',
  offered: (type: RecordType, access: MembershipAccess) => authorize(access, type.module, "update"),
};
