/** The form fields about a person: who to invite, and a password they choose. */
import type { FormField } from "../../../schemas/descriptor/mod.ts";

/** Email, first name and last name, all required, with their messages. */
export const PERSON_FIELDS: FormField[] = [
  {
    name: "email",
    label: "Email *",
    kind: "email",
    required: true,
    messages: { required: "Email is required", invalid: "Enter a valid email address" },
  },
  {
    name: "first_name",
    label: "First name *",
    kind: "text",
    required: true,
    messages: { required: "First name is required" },
  },
  {
    name: "last_name",
    label: "Last name *",
    kind: "text",
    required: true,
    messages: { required: "Last name is required" },
  },
];

/**
 * A password the person chooses (registration, an invitation, a reset), with the
 * rule the server holds it to: at least 10 characters.
 */
export function newPasswordField(label: string): FormField {
  return {
    name: "password",
    label,
    kind: "password",
    required: true,
    minLength: 10,
    autocomplete: "new-password",
    messages: {
      required: "Password is required",
      minLength: "Password must be at least 10 characters",
    },
  };
}
