/**
 * The settings of each kind of rule action (`params`, a JSON object): their shapes,
 * and the check of one rule's actions against the record type it watches — fields
 * that exist, record types that exist, templates that parse and name only fields
 * the record has — each failure said with the action's position.
 */
import { z } from "zod";
import { ExpressionError } from "../../../../schemas/records/expression.ts";
import type { RecordType } from "../../../records/define.ts";
import { namesRead } from "./value-template.ts";

const values = z.record(z.string().min(1).max(64), z.unknown());
const recipients = z.array(z.string().min(1).max(200)).min(1).max(50);

/** Each action's settings. */
export const ACTION_PARAMS = {
  set_field: z.object({ values: values.refine((v) => Object.keys(v).length > 0, "Name a field") })
    .strict(),
  create_record: z.object({ type: z.string().min(1).max(64), values }).strict(),
  assign: z.object({
    field: z.string().min(1).max(64).optional(),
    users: z.array(z.string().min(1).max(200)).min(1).max(100).optional(),
    role: z.string().min(1).max(64).optional(),
  }).strict().refine((p) => Boolean(p.users) !== Boolean(p.role), "Name either users or a role"),
  notify: z.object({
    to: recipients,
    title: z.string().min(1).max(140).optional(),
    message: z.string().min(1).max(1000),
  }).strict(),
  send_email: z.object({ template: z.string().min(1).max(140), to: recipients }).strict(),
  webhook: z.object({
    url: z.string().max(2000).refine((u) => /^https?:\/\/[^\s]+$/i.test(u), {
      message: "The URL must start with http:// or https://",
    }),
    secret: z.string().min(8).max(200).optional(),
  }).strict(),
  run_action: z.object({ action: z.string().min(1).max(64) }).strict(),
  wait: z.object({
    minutes: z.number().int().positive().max(527040).optional(),
    hours: z.number().int().positive().max(8784).optional(),
    days: z.number().int().positive().max(366).optional(),
  }).strict().refine(
    (p) => [p.minutes, p.hours, p.days].filter((v) => v !== undefined).length === 1,
    "Name one of minutes, hours or days",
  ),
} as const;

/** An action kind. */
export type ActionKind = keyof typeof ACTION_PARAMS;

/** One action of a rule, its settings read. */
export interface RuleAction {
  action: ActionKind;
  params: Record<string, unknown>;
}

/** The settings of an action, read and checked; throws a message saying what is wrong. */
export function readParams(action: string, text: string): Record<string, unknown> {
  const schema = ACTION_PARAMS[action as ActionKind];
  if (!schema) throw new Error(`Unknown action "${action}"`);
  let json: unknown;
  try {
    json = JSON.parse(text.trim() === "" ? "{}" : text);
  } catch {
    throw new Error("Its settings are not valid JSON");
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length ? `${issue.path.join(".")}: ` : "";
    throw new Error(`${where}${issue.message}`);
  }
  return parsed.data as Record<string, unknown>;
}

/** A name a template or condition may read on a record of `type`. */
export function knownName(
  types: ReadonlyMap<string, RecordType>,
  type: RecordType,
  name: string,
  options: { before: boolean },
): boolean {
  const standard = ["id", "name", "status", "created_at", "created_by", "updated_at", "owner_id"];
  const [head, field] = name.split(".", 2);
  if (field === undefined) return type.field.has(head) || standard.includes(head);
  if (head === "before") return options.before && (type.field.has(field) || field === "status");
  const link = type.field.get(head);
  if (link?.type !== "link") return false;
  if (link.link === "user") return ["email", "first_name", "last_name"].includes(field);
  const target = types.get(link.link ?? "");
  return Boolean(target && (target.field.has(field) || standard.includes(field)));
}

/** The names of `value`'s templates that a record of `type` does not have. */
export function unknownNames(
  types: ReadonlyMap<string, RecordType>,
  type: RecordType,
  value: unknown,
): string[] {
  try {
    return namesRead(value).filter((n) => !knownName(types, type, n, { before: false }));
  } catch (error) {
    if (error instanceof ExpressionError) return [`{{ }}: ${error.message}`];
    throw error;
  }
}
