/**
 * The filters both audit trails share (the administrators' Audit Log and the
 * automation audit log): who, which action, which kind of record, and the dates,
 * their choices read from the trail's own filters call (source `filters`).
 */
import type { FormField } from "../../../schemas/descriptor/form-widget.ts";

/** The shared filter fields, in the words of the screen that shows them. */
export function auditFilterFields(words: { actor: string; kind: string; anyKind: string }) {
  const select = (name: string, label: string, path: string, emptyLabel: string): FormField => ({
    name,
    label,
    kind: "select",
    optionsSource: {
      source: "filters",
      path,
      value: path === "actors" ? "id" : "value",
      label: path === "actors" ? "name" : "label",
      emptyLabel,
    },
  });
  return {
    actor: select("actor_id", words.actor, "actors", "Anyone"),
    action: select("action", "Action", "action_options", "Any action"),
    kind: select("resource_type", words.kind, "resource_type_options", words.anyKind),
    dates: [
      { name: "from", label: "From", kind: "date" },
      { name: "to", label: "To", kind: "date" },
    ] satisfies FormField[],
  };
}
