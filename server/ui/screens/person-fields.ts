/** The form fields about a person: who to invite, and a password they choose. */
import type { FormField } from "../../../schemas/descriptor/mod.ts";
import {
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULES,
  PASSWORD_TOO_SHORT,
} from "../../../schemas/api/password-rules.ts";

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
 * rules the server holds it to, stated under the field before anything is typed.
 */
export function newPasswordField(label: string): FormField {
  return {
    name: "password",
    label,
    kind: "password",
    required: true,
    minLength: PASSWORD_MIN_LENGTH,
    autocomplete: "new-password",
    // Stated up front, not only after a refusal.
    help: PASSWORD_RULES,
    messages: {
      required: "Password is required",
      minLength: PASSWORD_TOO_SHORT,
    },
  };
}
