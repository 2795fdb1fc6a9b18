/**
 * Values, bindings and rules of the descriptor language. A widget prop that shows
 * data is either a literal or a binding to a named data source; tones are either a
 * literal or a threshold rule. Everything is data: nothing is evaluated as code.
 */
import { z } from "zod";

/** How a bound value is turned into text. */
export const Format = z.enum([
  "text",
  "number",
  "integer",
  "percent",
  "fraction-percent",
  "hours",
  "currency",
  "date",
  "datetime",
  "relative-time",
  "count",
  /** A technical name shown as it is (an index, a table: a maintenance screen's subject). */
  "code",
  /** A list of texts, one line each (an audit entry's changes). */
  "lines",
]);
export type Format = z.input<typeof Format>;

/**
 * The labels of an enumerated value, chosen by the server: code → text (booleans
 * as "true"/"false"). A value that has them is shown by its label, never as its
 * code; a value missing from the map is shown humanised ("on_hold" → "On hold").
 */
export const ValueLabels = z.record(z.string(), z.string()).meta({ id: "value-labels" });
export type ValueLabels = z.input<typeof ValueLabels>;

/** A binding: a value read from a data source at a dot path, formatted. */
export const Binding = z.object({
  $bind: z.string().min(1).describe("name of a source of the screen"),
  path: z.string().optional().describe("dot path inside the source's value, e.g. data.total"),
  format: Format.optional(),
  labels: ValueLabels.optional().describe("the value is enumerated: shown by its label"),
  fallback: z.string().optional().describe("text shown when the value is missing"),
  prefix: z.string().optional(),
  suffix: z.string().optional(),
}).strict().meta({ id: "binding" });
export type Binding = z.input<typeof Binding>;

/** A field of the current row or item (inside tables and lists); "." is the item itself. */
export const FieldRef = z.object({
  $field: z.string().min(1),
  format: Format.optional(),
  labels: ValueLabels.optional().describe("the value is enumerated: shown by its label"),
  fallback: z.string().optional(),
  prefix: z.string().optional(),
  suffix: z.string().optional(),
}).strict().meta({ id: "field-ref" });
export type FieldRef = z.input<typeof FieldRef>;

/**
 * A text rule: the value (a binding or an item field) picks a text — by equality in
 * `cases` (keys compared as strings), else by the first threshold it reaches, else
 * `otherwise`. E.g. tasks_completed ≥ 1 → 'Active', otherwise 'Getting Started'.
 */
export const TextRule = z.object({
  $text: z.object({
    value: z.union([Binding, FieldRef]),
    cases: z.record(z.string(), z.string()).optional(),
    thresholds: z.array(
      z.object({ min: z.number(), exclusive: z.boolean().optional(), text: z.string() }).strict(),
    )
      .optional(),
    otherwise: z.string(),
  }).strict(),
}).strict().meta({ id: "text-rule" });
export type TextRule = z.input<typeof TextRule>;

/** Text: a literal, a binding to a source, a field of the current item, or a text rule. */
export const Text = z.union([z.string(), Binding, FieldRef, TextRule]);
export type Text = z.input<typeof Text>;

/** A number: a literal or a binding. */
export const NumberValue = z.union([z.number(), Binding, FieldRef]);
export type NumberValue = z.input<typeof NumberValue>;

/** Tones a widget can take. */
export const Tone = z.enum(["neutral", "info", "success", "warning", "danger"]);
export type Tone = z.input<typeof Tone>;

/** One step of a threshold rule: a value at (or above, or strictly above) min gets tone. */
export const Threshold = z.object({
  min: z.number(),
  exclusive: z.boolean().optional().describe("true: strictly above min"),
  tone: Tone,
}).strict();

/** A threshold rule: the first threshold the value reaches decides the tone. */
export const ToneRule = z.object({
  $rule: z.object({
    value: z.union([Binding, FieldRef]),
    thresholds: z.array(Threshold).min(1),
    otherwise: Tone,
  }).strict(),
}).strict();
export type ToneRule = z.input<typeof ToneRule>;

/** A match rule: a value equal to a key gets its tone. */
export const ToneMatch = z.object({
  $match: z.object({
    value: z.union([Binding, FieldRef]),
    cases: z.record(z.string(), Tone),
    otherwise: Tone,
  }).strict(),
}).strict();

export const ToneValue = z.union([Tone, ToneRule, ToneMatch]).meta({ id: "tone-value" });
export type ToneValue = z.input<typeof ToneValue>;

/**
 * JSON with references to route params, query parameters of the page's URL (e.g.
 * the token of an emailed link, read in the browser and never sent with the screen
 * request), screen state or the current item.
 */
export const Ref = z.union([
  z.object({ $param: z.string() }).strict(),
  z.object({ $query: z.string() }).strict(),
  z.object({ $state: z.string() }).strict(),
  z.object({ $field: z.string() }).strict(),
]);
export type Ref = z.input<typeof Ref>;

export type JsonTemplate =
  | string
  | number
  | boolean
  | null
  | JsonTemplate[]
  | { [key: string]: JsonTemplate };

export const JsonTemplate: z.ZodType<JsonTemplate> = z.lazy(() =>
  z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(JsonTemplate),
    z.record(z.string(), JsonTemplate),
  ])
).meta({ id: "json-template" });
