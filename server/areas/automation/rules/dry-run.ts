/**
 * "Test this rule": the records of its type its owner may read that meet its
 * condition now, and what its actions would change on each — computed, never
 * written. A trigger that waits for a change to a value (field changed, state
 * entered) counts the records that hold that value now.
 */
import type { Reader } from "../../../db/database.ts";
import type { RecordType } from "../../../records/define.ts";
import type { ActionRunContext } from "../../../records/engine/controller.ts";
import {
  conditionHolds,
  fieldsOf,
  parseExpression,
} from "../../../../schemas/records/expression.ts";
import { fieldList, valueText } from "./rule-match.ts";
import { conditionValues } from "./rule-match.ts";
import type { RuleAction } from "./rule-params.ts";
import { RULE_ACTIONS } from "../types/automation-rule.ts";
import { fillValue } from "./value-template.ts";
import { recordTitle } from "./rule-queue.ts";

/** The most records a test reads. */
export const DRY_RUN_MAX = 10_000;
/** The records a test's result names one by one. */
const NAMED = 20;

/** What a test found. */
export interface DryRunResult {
  read: number;
  /** Every record read, when fewer than DRY_RUN_MAX. */
  complete: boolean;
  matched: { name: string; changes: string[] }[];
  matchedCount: number;
  /** Records whose fields would change. */
  changing: number;
}

/** Tests a rule against the current records. */
export async function dryRun(
  ctx: {
    read: Reader;
    list: ActionRunContext["list"];
    types: ReadonlyMap<string, RecordType>;
    now: string;
  },
  rule: Readonly<Record<string, unknown>>,
  actions: readonly RuleAction[],
): Promise<DryRunResult> {
  const type = ctx.types.get(String(rule.record_type))!;
  const condition = String(rule.condition ?? "").trim();
  const names = condition ? fieldsOf(parseExpression(condition)) : [];
  const today = ctx.now.slice(0, 10);
  const result: DryRunResult = {
    read: 0,
    complete: true,
    matched: [],
    matchedCount: 0,
    changing: 0,
  };
  let cursor: string | undefined;
  do {
    const page = await ctx.list(type.id, { limit: 500, ...(cursor ? { cursor } : {}) });
    for (const record of page.items) {
      result.read++;
      if (!holdsNow(rule, record)) continue;
      const values = await conditionValues(ctx.read, ctx.types, {
        organizationId: String(record.organization_id ?? ""),
        type,
        record,
        before: record,
        names,
      });
      if (condition && !conditionHolds(condition, values, { today })) continue;
      result.matchedCount++;
      const changes = changesOf(type, actions, record, today);
      if (changes.some((c) => c.startsWith("Sets"))) result.changing++;
      if (result.matched.length < NAMED) {
        result.matched.push({ name: recordTitle(type, record), changes });
      }
    }
    cursor = page.next_cursor ?? undefined;
    if (result.read >= DRY_RUN_MAX && cursor) {
      result.complete = false;
      break;
    }
  } while (cursor);
  return result;
}

/** For triggers on a value reached: whether the record holds that value now. */
function holdsNow(
  rule: Readonly<Record<string, unknown>>,
  record: Record<string, unknown>,
): boolean {
  if (rule.trigger === "state_entered") return valueText(record.status) === rule.to_value;
  if (rule.trigger === "field_changed" && rule.to_value) {
    return fieldList(rule.watch_fields as string).some((f) =>
      valueText(record[f]) === rule.to_value
    );
  }
  return true;
}

const actionLabel = (action: string) => RULE_ACTIONS.find((a) => a.value === action)?.label;

/** What each action would do to one record, in words. */
function changesOf(
  type: RecordType,
  actions: readonly RuleAction[],
  record: Record<string, unknown>,
  today: string,
): string[] {
  return actions.map(({ action, params }) => {
    if (action === "set_field") {
      const values = fillValue(params.values, record, today) as Record<string, unknown>;
      const moves = Object.entries(values)
        .filter(([f, v]) => valueText(record[f]) !== valueText(v))
        .map(([f, v]) =>
          `${type.field.get(f)?.label ?? f} ${valueText(record[f]) || "(empty)"} → ${
            valueText(v) || "(empty)"
          }`
        );
      return moves.length ? `Sets ${moves.join(", ")}` : "Nothing to change";
    }
    if (action === "create_record") {
      const values = fillValue(params.values, record, today) as Record<string, unknown>;
      const first = Object.values(values).find((v) => typeof v === "string" && v !== "");
      return `Creates a ${String(params.type).replace(/_/g, " ")}${first ? ` "${first}"` : ""}`;
    }
    return actionLabel(action) ?? action;
  });
}

/** The test's result in words, as the rule's form shows it. */
export function dryRunText(found: DryRunResult, type: RecordType): string {
  const plural = type.declaration.plural.toLowerCase();
  const head = found.matchedCount === 0
    ? `None of the ${found.read} ${plural} read would be acted on.`
    : `${found.matchedCount} of the ${found.read} ${plural} read would be acted on; ${found.changing} would change.`;
  const lines = found.matched.map((m) => `- ${m.name}: ${m.changes.join("; ")}`);
  const more = found.matchedCount > found.matched.length
    ? [`…and ${found.matchedCount - found.matched.length} more.`]
    : [];
  const partial = found.complete ? [] : [`Only the first ${found.read} ${plural} were read.`];
  return [head, ...lines, ...more, ...partial, "Nothing was changed."].join("\n");
}
