/**
 * Tasks with their project and assignee (spec §7 `/tasks/list-with-details`), read
 * through the record engine: the caller's permission and own-record rule (members
 * see the tasks assigned to or created by them) apply as on the record API.
 */
import {
  PRIORITY_NAMES,
  TasksListRequest,
  TasksListResponse,
} from "../../../../schemas/api/records.ts";
import type { Filter } from "../../../../schemas/records/meta.ts";
import type { Api } from "../../../platform/http/api.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import { offsetPage } from "../../../records/offset-page.ts";
import { requireDeclaredValue } from "../../../records/declared-values.ts";
import { aliased, aliasedFields, SPEC_ALIASES } from "../../../records/spec-shapes.ts";
import { TASK } from "../types/task.ts";

/** Default labels of the spec (§3 Task). */
export const UNASSIGNED = "Unassigned";
export const NO_PROJECT = "No Project";

/** Declares the task endpoints. */
export function taskRoutes(api: Api, engine: RecordEngine, clock: () => number): void {
  api.route({
    method: "post",
    path: "/tasks/list-with-details",
    reads: true,
    tag: "Tasks",
    summary: "Tasks with project and assignee, by due date",
    description:
      'Priority is stored 1–4 (low, medium, high, critical; default 2). `assignee_id: "me"` means the caller. is_overdue: due before today and not completed. Members see the tasks assigned to or created by them.',
    audience: "staff",
    body: TasksListRequest,
    response: TasksListResponse,
  }, async (c, { access, body }) => {
    const today = new Date(clock()).toISOString().slice(0, 10);
    await requireDeclaredValue(
      engine.db,
      access.organizationId,
      TASK,
      "status",
      body.status,
      "status",
    );
    const filters: Filter[] = [];
    if (body.status) filters.push({ field: "status", op: "eq", value: body.status });
    if (body.project_id) filters.push({ field: "project", op: "eq", value: body.project_id });
    if (body.assignee_id) {
      filters.push({
        field: "assignee",
        op: "eq",
        value: body.assignee_id === "me" ? "@me" : body.assignee_id,
      });
    }
    if (body.due_before) filters.push({ field: "due_date", op: "lt", value: body.due_before });
    if (body.due_after) filters.push({ field: "due_date", op: "gte", value: body.due_after });
    if (body.open_only) filters.push({ field: "status", op: "ne", value: "completed" });
    const { items, total } = await offsetPage(engine, access, "task", {
      filters,
      search: body.search,
      sort: [{ field: "due_date", dir: "asc" }, { field: "priority", dir: "desc" }],
      fields: aliasedFields(SPEC_ALIASES.task, ["tags", "dependencies"]),
    }, { skip: body.skip ?? 0, limit: body.limit ?? 100 });
    const tasks = items.map((r) => {
      const project = r.project as string | null;
      const assignee = r.assignee as string | null;
      const projectName = r.project__title as string | null;
      const assigneeName = r.assignee__title as string | null;
      const due = r.due_date as string | null;
      return {
        ...aliased(SPEC_ALIASES.task, r),
        priority_label: PRIORITY_NAMES[(r.priority as number) - 1],
        project: project && projectName ? { id: project, name: projectName } : null,
        project_name: projectName ?? NO_PROJECT,
        assignee: assignee && assigneeName ? { id: assignee, full_name: assigneeName } : null,
        assignee_name: assigneeName ?? UNASSIGNED,
        tags: String(r.tags ?? "").split(",").map((tag) => tag.trim()).filter((tag) => tag !== ""),
        dependencies: ((r.dependencies ?? []) as { depends_on: string | null }[])
          .map((d) => d.depends_on).filter((id): id is string => typeof id === "string"),
        is_overdue: due !== null && due < today && r.status !== "completed",
        // Custom fields are not part of the task's declaration; none are kept.
        custom_fields: {},
      };
    });
    return c.json({ tasks, total });
  });
}
