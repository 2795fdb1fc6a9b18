/**
 * The Versions tab of the project form: the project's versions (who, when, why),
 * two versions compared side by side (every field, phase, member and task value
 * that differs), and, for callers who may update projects, Roll back with a
 * reason — which restores the version as a new one. Bound to the version calls
 * with the project's id from the route.
 */
import type { Node, Source } from "../../../schemas/descriptor/mod.ts";
import type { MembershipAccess } from "../../platform/access/access.ts";
import { authorize } from "../../platform/access/authorize.ts";

const PART_LABELS = { field: "Field", phase: "Phase", member: "Team member", task: "Task" };

/** The tab's widgets and sources for a caller. */
export function versionsTab(
  access: MembershipAccess,
): { sources: Record<string, Source>; children: Node[] } {
  const mayRollBack = authorize(access, "projects", "update");
  const sources: Record<string, Source> = {
    projectVersions: {
      method: "GET",
      path: "/enterprise-projects/{id}/versions",
      select: "versions",
      label: "Versions",
      emptyText: "No versions yet",
    },
    versionComparison: {
      method: "GET",
      path: "/enterprise-projects/{id}/versions/compare?from={versions_from}&to={versions_to}",
      select: "differences",
      enabledWhen: ["versions_from", "versions_to"],
      label: "Comparison",
      emptyText: "The two versions hold the same values",
    },
  };
  const versionChoice = (name: string, label: string) => ({
    name,
    label,
    kind: "select" as const,
    required: true,
    optionsSource: { source: "projectVersions", value: "version_number", label: "change_summary" },
  });
  const children: Node[] = [
    {
      type: "card",
      title: "Versions",
      subtitle: "Each save, snapshot and rollback of the project, newest first.",
      children: [{
        type: "table",
        source: "projectVersions",
        caption: "Project versions",
        columns: [
          { key: "version_number", label: "Version", format: "integer" },
          { key: "change_summary", label: "Change" },
          { key: "created_by_name", label: "By", fallback: "System" },
          { key: "created_at", label: "When", format: "datetime" },
          { key: "task_count", label: "Tasks", format: "integer", align: "end" },
          { key: "rollback_reason", label: "Rollback reason", fallback: "—" },
        ],
        emptyText: "No versions yet",
        ...(mayRollBack
          ? {
            rowActions: [{
              label: "Roll back to this version",
              action: {
                kind: "set-state",
                values: { versions_rollback: { $field: "version_number" } },
              },
            }],
          }
          : {}),
      }],
    },
  ];
  if (mayRollBack) {
    children.push({
      type: "card",
      title: "Roll back",
      visibleWhen: { state: "versions_rollback", present: true },
      children: [{
        type: "form",
        id: "versions-rollback",
        fields: [{
          name: "rollback_reason",
          label: "Why roll back? *",
          kind: "textarea",
          required: true,
          maxLength: 500,
          help:
            "The version's fields, phases, allocations and tasks are restored as a new version.",
          messages: { required: "Say why the project is rolled back" },
        }],
        submit: {
          label: "Roll back",
          method: "POST",
          path: "/enterprise-projects/{id}/versions/{versions_rollback}/rollback",
          invalidate: ["projectVersions", "versionComparison"],
          successText: "Rolled back: the restored values are a new version.",
          resetOnSuccess: true,
          onSuccess: { kind: "set-state", values: {}, clear: ["versions_rollback"] },
        },
      }],
    });
  }
  children.push({
    type: "card",
    title: "Compare two versions",
    children: [
      {
        type: "form",
        id: "versions-compare",
        fields: [
          versionChoice("versions_from", "From version *"),
          versionChoice("versions_to", "To version *"),
        ],
        submit: { label: "Compare", toState: true },
      },
      {
        type: "table",
        source: "versionComparison",
        visibleWhen: { state: "versions_to", present: true },
        caption: "Differences between the two versions",
        columns: [
          { key: "part", label: "Part", labels: PART_LABELS },
          { key: "item", label: "Item" },
          { key: "field", label: "Field" },
          { key: "from_value", label: "From version" },
          { key: "to_value", label: "To version" },
        ],
        pageSize: 50,
        emptyText: "The two versions hold the same values",
      },
    ],
  });
  return { sources, children };
}
