/** The form fields naming a person to invite: email, first and last name. */
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
