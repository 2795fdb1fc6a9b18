/**
 * Whether a change triggers a rule: its trigger (created, updated — optionally
 * only when chosen fields change —, a field changed from one value to another, a
 * state entered, deleted) and then its condition over the record after the change,
 * with `before.<field>` the values before and `<link>.<field>` a linked record's.
 */
import type { Reader } from "../../../db/database.ts";
import {
  evaluateExpression,
  type Expression,
  fieldsOf,
  isTruthy,
  parseExpression,
} from "../../../../schemas/records/expression.ts";
import type { RecordType } from "../../../records/define.ts";
import type { RecordChange } from "../../../records/engine/record-changes.ts";
import { loadRecord } from "../../../records/engine/record-store.ts";

/** What a rule says about when it runs (stored fields of `automation_rule`). */
export interface RuleTrigger {
  trigger: string;
  watch_fields: string | null;
  from_value: string | null;
  to_value: string | null;
  condition: string | null;
}

/** The triggers a change to a record can set off. */
export const EVENT_TRIGGERS = [
  "created",
  "updated",
  "field_changed",
  "state_entered",
  "deleted",
] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The ids of a comma-separated field list. */
export function fieldList(text: string | null | undefined): string[] {
  return (text ?? "").split(",").map((f) => f.trim()).filter(Boolean);
}

/** A value as a rule's from and to values name it. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "1" : "0";
  return String(value);
}

const CHANGED = new WeakMap<RecordChange, string[]>();

/** The fields whose values differ between before and after (worked out once per change). */
export function changedFields(type: RecordType, change: RecordChange): string[] {
  if (!change.before || !change.after) return [];
  let changed = CHANGED.get(change);
  if (!changed) {
    const ids = [...type.fields.map((f) => f.id), "status"];
    changed = ids.filter((id) => !same(change.before![id], change.after![id]));
    CHANGED.set(change, changed);
  }
  return changed;
}

/** A condition parsed, with the names it reads; kept, since the same rules meet every write. */
interface Parsed {
  expression: Expression;
  names: string[];
  dotted: boolean;
}

const PARSED = new Map<string, Parsed>();
const PARSED_MAX = 2000;

/** A condition's syntax tree and names, parsed once (throws ExpressionError). */
export function parsedCondition(source: string): Parsed {
  let parsed = PARSED.get(source);
  if (!parsed) {
    const expression = parseExpression(source);
    const names = fieldsOf(expression);
    parsed = { expression, names, dotted: names.some((n) => n.includes(".")) };
    if (PARSED.size >= PARSED_MAX) PARSED.clear();
    PARSED.set(source, parsed);
  }
  return parsed;
}

/** Whether the change is of the kind the rule's trigger waits for. */
export function triggerMatches(rule: RuleTrigger, change: RecordChange): boolean {
  switch (rule.trigger) {
    case "created":
      return change.event === "created";
    case "deleted":
      return change.event === "deleted";
    case "updated": {
      if (change.event !== "updated" && change.event !== "action") return false;
      const changed = changedFields(change.type, change);
      const watched = fieldList(rule.watch_fields);
      return watched.length === 0 ? changed.length > 0 : watched.some((f) => changed.includes(f));
    }
    case "field_changed": {
      if (change.event !== "updated" && change.event !== "action") return false;
      return fieldList(rule.watch_fields).some((f) =>
        !same(change.before![f], change.after![f]) &&
        (!rule.from_value || valueText(change.before![f]) === rule.from_value) &&
        (!rule.to_value || valueText(change.after![f]) === rule.to_value)
      );
    }
    case "state_entered":
      if (change.event !== "updated" && change.event !== "action") return false;
      return change.before!.status !== change.after!.status &&
        valueText(change.after!.status) === (rule.to_value ?? "");
    default:
      return false;
  }
}

/**
 * The values a condition reads: the record's own, `before.<field>` and, for each
 * `<link>.<field>` it names, the linked record's field (read in the transaction).
 */
export async function conditionValues(
  q: Reader,
  types: ReadonlyMap<string, RecordType>,
  input: {
    organizationId: string;
    type: RecordType;
    record: Readonly<Record<string, unknown>>;
    before: Readonly<Record<string, unknown>> | null;
    names: readonly string[];
  },
): Promise<Record<string, unknown>> {
  const values: Record<string, unknown> = { ...input.record };
  const links = new Map<string, Record<string, unknown> | null>();
  for (const name of input.names) {
    const [head, field] = name.split(".", 2);
    if (field === undefined) continue;
    if (head === "before") {
      values[name] = input.before ? input.before[field] ?? null : null;
      continue;
    }
    const link = input.type.field.get(head);
    const target = link?.type === "link" ? types.get(link.link ?? "") : undefined;
    const id = input.record[head];
    if (!target || typeof id !== "string" || id === "") {
      values[name] = null;
      continue;
    }
    if (!links.has(head)) {
      links.set(head, (await loadRecord(q, target, input.organizationId, id)) ?? null);
    }
    values[name] = links.get(head)?.[field] ?? null;
  }
  return values;
}

/** Whether the rule's condition holds for the change (no condition: it does). */
export async function conditionMet(
  q: Reader,
  types: ReadonlyMap<string, RecordType>,
  rule: RuleTrigger,
  change: RecordChange,
): Promise<boolean> {
  const source = rule.condition?.trim();
  if (!source) return true;
  const parsed = parsedCondition(source);
  const record = (change.after ?? change.before)!;
  // Only a condition naming `before.` or a link's fields needs more than the record itself.
  const values = parsed.dotted
    ? await conditionValues(q, types, {
      organizationId: change.organizationId,
      type: change.type,
      record,
      before: change.before,
      names: parsed.names,
    })
    : record;
  return isTruthy(
    evaluateExpression(parsed.expression, values, { today: change.now.slice(0, 10) }),
  );
}
