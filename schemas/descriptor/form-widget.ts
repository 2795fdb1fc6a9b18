/**
 * The form widget of the catalogue: its fields, their validation messages and what
 * submitting does (a call, or screen state).
 */
import { z } from "zod";
import { Action } from "./action.ts";
import { FieldRef, ValueLabels } from "./value.ts";
import { base } from "./widget-base.ts";

const FieldValidation = z.object({
  required: z.string().optional(),
  invalid: z.string().optional(),
  minLength: z.string().optional(),
  maxLength: z.string().optional(),
  min: z.string().optional(),
  max: z.string().optional(),
  pattern: z.string().optional(),
}).strict();

/** One field of a form. */
export const FormField = z.object({
  name: z.string(),
  label: z.string().describe("a trailing * marks the field required"),
  kind: z.enum([
    "text",
    "email",
    "password",
    "number",
    "date",
    "select",
    "checkbox",
    "checkboxes",
    "textarea",
    "image",
    "record",
    "search",
  ]).describe(
    'checkboxes: any of its options (options or optionsSource), sent as the array of their values; image: a PNG or JPEG chosen from a file, sent as a data URL ("" for none); record: a record chosen by type-ahead, sent as its id; search: a type-ahead over `search.path`, sending the chosen item\'s id',
  ),
  required: z.boolean().optional(),
  placeholder: z.string().optional(),
  help: z.string().optional(),
  options: z.array(z.object({ value: z.string(), label: z.string() }).strict()).optional(),
  search: z.object({
    path: z.string().regex(/^\//, "must start with /").describe(
      "answers {items: [{id, title, description?}]} for the text typed, sent as q; may hold {param} placeholders",
    ),
  }).strict().optional().describe("where a search field looks (required for kind search)"),
  optionsSource: z.object({
    source: z.string(),
    path: z.string().optional(),
    value: z.string().optional().describe(
      "field of each item holding the value; left out for arrays of strings",
    ),
    label: z.string().optional().describe(
      "field of each item holding the label; left out for arrays of strings",
    ),
    emptyLabel: z.string().optional().describe("label of an empty first option (no filter)"),
    labels: ValueLabels.optional().describe("the values are enumerated: options by their labels"),
  })
    .strict().optional(),
  recordTypeField: z.string().optional().describe(
    "record: the form field whose value names the record type searched; the record is cleared when it changes",
  ),
  minLength: z.number().int().nonnegative().optional(),
  maxLength: z.number().int().positive().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  pattern: z.string().optional().describe("a regular expression the whole value must match"),
  maxBytes: z.number().int().positive().optional().describe(
    "image: the largest file accepted, in bytes (messages.max says so)",
  ),
  autocomplete: z.string().optional(),
  messages: FieldValidation.optional(),
  initial: z.union([z.string(), z.number(), z.boolean(), FieldRef]).optional(),
}).strict();

/** A form. */
export const Form = z.object({
  type: z.literal("form"),
  ...base,
  id: z.string(),
  fields: z.array(FormField).min(1),
  source: z.string().optional().describe("source whose value fills the initial values"),
  path: z.string().optional(),
  submit: z.object({
    label: z.string(),
    method: z.enum(["POST", "PUT", "PATCH"]).optional().describe("required unless toState"),
    path: z.string().regex(/^\//, "must start with /").optional().describe(
      "required unless toState",
    ),
    toState: z.boolean().optional().describe(
      "the values go to screen state (e.g. filters); nothing is sent",
    ),
    extra: z.record(z.string(), z.unknown()).optional().describe(
      "fields sent along; {$param}, {$query}, {$state} objects are replaced",
    ),
    carry: z.record(z.string(), z.string()).optional().describe(
      "body field → dot path in the form source's whole value, sent along unchanged (e.g. version)",
    ),
    showResult: z.object({ label: z.string(), path: z.string() }).strict().optional().describe(
      "after success, show this value of the answer (e.g. a one-time link) with a copy button",
    ),
    resetOnSuccess: z.boolean().optional(),
    bodyKey: z.string().optional().describe(
      "send the field values under this key instead of at the top",
    ),
    successText: z.string().optional(),
    onSuccess: Action.optional(),
    invalidate: z.array(z.string()).optional(),
    session: z.boolean().optional().describe("the answer is a session (sign-in, register)"),
  }).strict(),
}).strict().meta({ id: "widget:form" });

export type FormField = z.input<typeof FormField>;
