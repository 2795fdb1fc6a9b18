/**
 * Client-side checks of form fields, with the descriptor's own messages. A label
 * ending in "*" marks the field required, as `required: true` does.
 */
import type { FormField } from "../../schemas/descriptor/mod.ts";

/** The value of a field while editing: text for inputs, a flag for a checkbox, the values ticked of checkboxes. */
export type FieldValue = string | boolean | readonly string[];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The label without its required marker, and whether it had one. */
export function splitLabel(label: string): { text: string; marked: boolean } {
  const trimmed = label.trimEnd();
  return trimmed.endsWith("*")
    ? { text: trimmed.slice(0, -1).trimEnd(), marked: true }
    : { text: label, marked: false };
}

/** Whether a field must be filled in. */
export function isRequired(field: FormField): boolean {
  return field.required === true || splitLabel(field.label).marked;
}

/** The message of the first check `value` fails, or undefined when it passes. */
export function checkField(field: FormField, value: FieldValue): string | undefined {
  const name = splitLabel(field.label).text;
  const messages = field.messages ?? {};
  if (field.kind === "checkbox") {
    return isRequired(field) && value !== true
      ? messages.required ?? `${name} is required`
      : undefined;
  }
  if (field.kind === "checkboxes") {
    return isRequired(field) && (!Array.isArray(value) || value.length === 0)
      ? messages.required ?? `Pick at least one of ${name}`
      : undefined;
  }
  const text = typeof value === "string" ? value.trim() : "";
  if (text === "") {
    return isRequired(field) ? messages.required ?? `${name} is required` : undefined;
  }
  if (field.kind === "email" && !EMAIL.test(text)) {
    return messages.invalid ?? "Enter a valid email address";
  }
  if (field.kind === "number") {
    const n = Number(text);
    if (!Number.isFinite(n)) return messages.invalid ?? `${name} must be a number`;
    if (field.min !== undefined && n < field.min) {
      return messages.min ?? `${name} must be at least ${field.min}`;
    }
    if (field.max !== undefined && n > field.max) {
      return messages.max ?? `${name} must be at most ${field.max}`;
    }
  }
  if (field.kind === "date" && Number.isNaN(new Date(text).getTime())) {
    return messages.invalid ?? `${name} must be a date`;
  }
  if (field.minLength !== undefined && text.length < field.minLength) {
    return messages.minLength ?? `${name} must be at least ${field.minLength} characters`;
  }
  if (field.maxLength !== undefined && text.length > field.maxLength) {
    return messages.maxLength ?? `${name} must be at most ${field.maxLength} characters`;
  }
  if (field.pattern !== undefined && !matchesWhole(field.pattern, text)) {
    return messages.pattern ?? messages.invalid ?? `${name} is not valid`;
  }
  return undefined;
}

function matchesWhole(pattern: string, text: string): boolean {
  try {
    return new RegExp(`^(?:${pattern})$`).test(text);
  } catch {
    return true;
  }
}

/** The JSON value sent for a field; undefined leaves an empty optional field out. */
export function submittedValue(
  field: FormField,
  value: FieldValue,
): string | number | boolean | string[] | undefined {
  if (field.kind === "checkbox") return value === true;
  if (field.kind === "checkboxes") return Array.isArray(value) ? [...value] : [];
  const text = typeof value === "string" ? value.trim() : "";
  if (text === "") return undefined;
  if (field.kind === "number") return Number(text);
  return field.kind === "password" ? String(value) : text;
}
