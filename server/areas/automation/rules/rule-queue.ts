/**
 * The engine's observer that queues rules: inside the transaction of each change,
 * the organisation's active rules on the record's type whose trigger and
 * condition the change meets are queued as runs (run-queue.ts). A change made by a
 * rule's action queues its rules one level deeper; past the rule's maximum depth,
 * or depth 5, the run is recorded as skipped and says why.
 */
import type { Queryable } from "../../../db/database.ts";
import type { RecordType } from "../../../records/define.ts";
import type { ChangeObserver, RecordChange } from "../../../records/engine/record-changes.ts";
import { AUTOMATION_RULE, MAX_CHAIN_DEPTH } from "../types/automation-rule.ts";
import { AUTOMATION_RUN } from "../types/automation-run.ts";
import { conditionMet, EVENT_TRIGGERS, type RuleTrigger, triggerMatches } from "./rule-match.ts";
import { queueRun } from "./run-queue.ts";
import { currentRun } from "./run-chain.ts";
import { DATE_RULE_FIELDS, type DateRuleRow, moveDueTimes } from "./date-dues.ts";
import { ruleColumn } from "./rule-columns.ts";

/** An active rule of the changed type: its trigger, condition and timing. */
interface RuleRow extends RuleTrigger, DateRuleRow {
  max_depth: number | null;
}

/**
 * The SQL that reads the active event and date rules of one type of one
 * organisation, in one indexed read (record type, active, trigger).
 */
const ACTIVE_RULES = `SELECT id, organization_id, ${DATE_RULE_FIELDS}, ${
  ["watch_fields", "from_value", "to_value", "condition", "max_depth"].map((f) =>
    `${ruleColumn(f)} AS ${f}`
  ).join(", ")
} FROM ${AUTOMATION_RULE.table}
  WHERE organization_id = ? AND ${ruleColumn("record_type")} = ? AND ${ruleColumn("active")} = 1
    AND ${ruleColumn("trigger")} IN (${
  [...EVENT_TRIGGERS, "date_offset"].map((t) => `'${t}'`).join(", ")
})`;

/** Why a run deeper than a chain may go is not carried out. */
export function depthStop(depth: number, ruleMax: number | null): string | undefined {
  const limit = Math.min(ruleMax && ruleMax > 0 ? ruleMax : MAX_CHAIN_DEPTH, MAX_CHAIN_DEPTH);
  if (depth <= limit) return undefined;
  return `Stopped: a chain of rules triggering rules reached depth ${limit}${
    ruleMax && ruleMax < MAX_CHAIN_DEPTH ? " (this rule's maximum depth)" : ""
  }, so this run was not carried out`;
}

/** A record's title for the run log. */
export function recordTitle(type: RecordType, record: Readonly<Record<string, unknown>>): string {
  const title = record[type.declaration.title_field] ?? record.name ?? record.id;
  return String(title ?? "");
}

/** The observer that queues the rules a change triggers. */
export function ruleQueue(types: ReadonlyMap<string, RecordType>): ChangeObserver {
  return async (tx: Queryable, change: RecordChange) => {
    if (change.type.id === AUTOMATION_RULE.id || change.type.id === AUTOMATION_RUN.id) return;
    const active = await tx.all<RuleRow>(ACTIVE_RULES, [change.organizationId, change.type.id]);
    if (active.length === 0) return;
    await moveDueTimes(tx, change, active.filter((r) => r.trigger === "date_offset"));
    const rules = active.filter((r) => r.trigger !== "date_offset");
    if (rules.length === 0) return;
    const parent = currentRun();
    const depth = parent ? parent.depth + 1 : 1;
    const record = (change.after ?? change.before)!;
    for (const rule of rules) {
      if (!triggerMatches(rule, change)) continue;
      if (!(await conditionMet(tx, types, rule, change))) continue;
      await queueRun(tx, {
        organizationId: change.organizationId,
        ruleId: rule.id,
        recordType: change.type.id,
        recordId: change.id,
        recordName: recordTitle(change.type, record),
        trigger: rule.trigger,
        depth,
        dueAt: change.now,
        now: change.now,
        skipped: depthStop(depth, rule.max_depth),
        actorId: change.actorId,
        snapshot: change.event === "deleted" ? change.before ?? undefined : undefined,
      });
    }
  };
}
