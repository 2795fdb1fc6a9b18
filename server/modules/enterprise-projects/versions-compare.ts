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
import { PROJECT } from "../../records/types/project.ts";
import { snapshotOf, type VersionRow } from "./versions-repo.ts";

function shown(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (Array.isArray(value)) return value.length === 0 ? "—" : value.join(", ");
  return String(value);
}

type Row = Record<string, unknown>;

function compareRows(
  part: "phase" | "member" | "task",
  title: (row: Row) => string,
  a: Row[],
  b: Row[],
  out: z.infer<typeof Difference>[],
): void {
  const before = new Map(a.map((r) => [r.id as string, r]));
  const after = new Map(b.map((r) => [r.id as string, r]));
  for (const [id, row] of after) {
    const old = before.get(id);
    if (!old) {
      out.push({ part, item: title(row), field: "row", from_value: "—", to_value: "added" });
      continue;
    }
    for (const key of Object.keys(row)) {
      if (key === "id" || JSON.stringify(old[key]) === JSON.stringify(row[key])) continue;
      out.push({
        part,
        item: title(row),
        field: key,
        from_value: shown(old[key]),
        to_value: shown(row[key]),
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

/** The differences from version `from` to version `to`. */
export function compareVersions(
  projectId: string,
  from: VersionRow,
  to: VersionRow,
): z.infer<typeof VersionsCompareResponse> {
  const a = snapshotOf(from);
  const b = snapshotOf(to);
  const differences: z.infer<typeof Difference>[] = [];
  for (const key of new Set([...Object.keys(a.fields), ...Object.keys(b.fields)])) {
    if (JSON.stringify(a.fields[key]) === JSON.stringify(b.fields[key])) continue;
    differences.push({
      part: "field",
      item: PROJECT.field.get(key)?.label ?? key,
      field: key,
      from_value: shown(a.fields[key]),
      to_value: shown(b.fields[key]),
    });
  }
  compareRows("phase", (r) => shown(r.phase), a.phases, b.phases, differences);
  compareRows("member", (r) => shown(r.user), a.members, b.members, differences);
  compareRows("task", (r) => shown(r.title), a.tasks, b.tasks, differences);
  return {
    project_id: projectId,
    from: Number(from.version_number),
    to: Number(to.version_number),
    differences,
  };
}
