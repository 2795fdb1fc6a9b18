/** What the staff record screens share: tones, task columns and the screen frame. */
import type { Node, ScreenDescriptor, Source } from "../../../schemas/descriptor/mod.ts";
import { canSeeModule } from "../../platform/catalogue/visibility.ts";
import { findModule } from "../../platform/catalogue/module-definitions.ts";
import type { Access } from "../../platform/access/access.ts";
import { PRIORITY, TASK_STATUS } from "../value-labels.ts";
import { head } from "./screen-def.ts";

/** Shared by the record screens. */
export const PRIORITY_TONE = {
  $match: {
    value: { $field: "priority_label" },
    cases: { critical: "danger", high: "warning", medium: "info" },
    otherwise: "neutral",
  },
} as const;
/** Shared by the record screens. */
export const STATUS_TONE = {
  $match: {
    value: { $field: "status" },
    cases: {
      completed: "success",
      in_progress: "info",
      review: "info",
      blocked: "danger",
      won: "success",
      lost: "danger",
      active: "success",
      qualified: "info",
    },
    otherwise: "neutral",
  },
} as const;

/** Shared by the record screens. */
export const TASK_COLUMNS = [
  { key: "title", label: "Task", sortable: true },
  { key: "project_name", label: "Project", sortable: true },
  { key: "assignee_name", label: "Assignee", sortable: true },
  { key: "status", label: "Status", sortable: true, tone: STATUS_TONE, labels: TASK_STATUS },
  {
    key: "priority_label",
    label: "Priority",
    sortable: true,
    tone: PRIORITY_TONE,
    labels: PRIORITY,
  },
  { key: "due_date", label: "Due", format: "date" as const, sortable: true, fallback: "—" },
];

/** Shared by the record screens. */
export function tasksSource(body: Record<string, string | number | boolean>): Source {
  return {
    method: "POST",
    path: "/tasks/list-with-details",
    body,
    select: "tasks",
    label: "Tasks",
    errorText: "Could not load tasks",
    emptyText: "No tasks",
  };
}

/** Shared by the record screens. */
export function sees(access: Access | undefined, moduleId: string): boolean {
  const module = findModule(moduleId);
  return !!access && !!module && canSeeModule(access, module);
}

/** Shared by the record screens. */
export function screen(
  id: string,
  title: string,
  cache: ScreenDescriptor["cache"],
  sources: Record<string, Source>,
  children: Node[],
  description?: string,
): ScreenDescriptor {
  return {
    ...head(id, title, cache),
    sources,
    body: { type: "page", title, ...(description ? { description } : {}), children },
  };
}
