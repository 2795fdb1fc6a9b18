/**
 * Two versions of a project side by side: each project field whose value
 * differs, then each phase, member and task that was added, removed or changed
 * (by row id), with the value in each version — what the Versions tab shows.
 */
import type { z } from "zod";
import type {
  Difference,
  VersionsCompareResponse,
} from "../../../schemas/api/enterprise-projects/core.ts";
import type { RecordField } from "../../records/define.ts";
import { PROJECT } from "../work/types/project.ts";

/** Labels of the task values a version keeps. */
const TASK_LABELS: Readonly<Record<string, string>> = {
  title: "Title",
  status: "Status",
  priority: "Priority",
  assignee: "Assignee",
  start_date: "Start date",
  due_date: "Due date",
  estimated_hours: "Estimated hours",
  story_points: "Story points",
  description: "Description",
  phase: "Phase",
  dependencies: "Depends on",
};
import type { VersionRow } from "./versions-repo.ts";
import type { Snapshot } from "./versions-snapshot.ts";

/** How a compared value reads: option labels, people's names, "—" for nothing. */
type Shown = (value: unknown, field?: RecordField) => string;

function showing(names: ReadonlyMap<string, string>): Shown {
  return (value, field) => {
    if (value === null || value === undefined || value === "") return "—";
    if (Array.isArray(value)) return value.length === 0 ? "—" : value.join(", ");
    const option = field?.options?.find((o) => o.value === String(value));
    if (option) return option.label;
    if (field?.link === "user") return names.get(String(value)) ?? String(value);
    return String(value);
  };
}

const CHILD_FIELDS = new Map(
  ["phases", "members"].map((id) => [
    id,
    new Map((PROJECT.field.get(id)?.childFields ?? []).map((f) => [f.id, f])),
  ]),
);

type Row = Record<string, unknown>;

function compareRows(
  part: "phase" | "member" | "task",
  rows: { title: (row: Row) => string; fields: ReadonlyMap<string, RecordField>; shown: Shown },
  a: Row[],
  b: Row[],
  out: z.infer<typeof Difference>[],
): void {
  const { title, fields, shown } = rows;
  const before = new Map(a.map((r) => [r.id as string, r]));
  const after = new Map(b.map((r) => [r.id as string, r]));
  for (const [id, row] of after) {
    const old = before.get(id);
    if (!old) {
      out.push({ part, item: title(row), field: "—", from_value: "—", to_value: "Added" });
      continue;
    }
    for (const key of Object.keys(row)) {
      if (key === "id" || JSON.stringify(old[key]) === JSON.stringify(row[key])) continue;
      const field = fields.get(key);
      out.push({
        part,
        item: title(row),
        field: field?.label ?? TASK_LABELS[key] ?? key,
        from_value: shown(old[key], field),
        to_value: shown(row[key], field),
      });
    }
  }
  for (const [id, row] of before) {
    if (!after.has(id)) {
      out.push({
        part,
        item: title(row),
        field: "row",
        from_value: "present",
        to_value: "removed",
      });
    }
  }
}

/**
 * The differences from version `from` to version `to`, between their snapshots as
 * the caller may see them (project-visibility.ts).
 */
export function compareVersions(
  projectId: string,
  versions: { from: VersionRow; to: VersionRow },
  seen: { snapshots: { from: Snapshot; to: Snapshot }; names: ReadonlyMap<string, string> },
): z.infer<typeof VersionsCompareResponse> {
  const { from, to } = versions;
  const { from: a, to: b } = seen.snapshots;
  const names = seen.names;
  const shown = showing(names);
  const differences: z.infer<typeof Difference>[] = [];
  for (const key of new Set([...Object.keys(a.fields), ...Object.keys(b.fields)])) {
    if (JSON.stringify(a.fields[key]) === JSON.stringify(b.fields[key])) continue;
    const field = PROJECT.field.get(key);
    differences.push({
      part: "field",
      item: "Project",
      field: field?.label ?? key,
      from_value: shown(a.fields[key], field),
      to_value: shown(b.fields[key], field),
    });
  }
  const phases = CHILD_FIELDS.get("phases")!;
  const members = CHILD_FIELDS.get("members")!;
  compareRows(
    "phase",
    {
      title: (r) => shown(r.phase, phases.get("phase")),
      fields: phases,
      shown,
    },
    a.phases,
    b.phases,
    differences,
  );
  compareRows(
    "member",
    {
      title: (r) => shown(r.user, members.get("user")),
      fields: members,
      shown,
    },
    a.members,
    b.members,
    differences,
  );
  compareRows(
    "task",
    { title: (r) => shown(r.title), fields: new Map(), shown },
    a.tasks,
    b.tasks,
    differences,
  );
  return {
    project_id: projectId,
    from: Number(from.version_number),
    to: Number(to.version_number),
    differences,
  };
}
