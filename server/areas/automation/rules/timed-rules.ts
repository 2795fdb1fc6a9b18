/**
 * Timed rules, queued by the runner's passes:
 * - date rules: each active rule keeps one due time per record in
 *   `automation_dues` (planned for every record when the rule is saved, moved by
 *   the record's changes: date-dues.ts); a pass reads only the rows due now, deletes
 *   each and queues its run (with the original due time) in one transaction, so
 *   after downtime missed work runs once and several instances never both take it;
 * - scheduled rules: a rule whose next run has come moves its next run on by one
 *   conditional update, and the instance that moved it queues one run for each
 *   record that meets the rule's condition then, read as the rule's owner.
 */
import type { Database, Queryable } from "../../../db/database.ts";
import {
  conditionHolds,
  fieldsOf,
  parseExpression,
} from "../../../../schemas/records/expression.ts";
import { loadRecord } from "../../../records/engine/record-store.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import type { AccessResolver } from "../../../platform/access/resolver.ts";
import { AUTOMATION_RULE } from "../types/automation-rule.ts";
import { recordTitle } from "./rule-queue.ts";
import { ruleColumn } from "./rule-columns.ts";
import { queueRun } from "./run-queue.ts";
import { conditionValues } from "./rule-match.ts";
import { nextCronRun } from "./cron.ts";
import { organizationTimeZone } from "./rule-schedule.ts";
import { planDueTimes } from "./date-dues.ts";

/** Due rows read in one transaction. */
export const DUE_BATCH = 1000;
/** The most records one occurrence of a schedule queues runs for. */
export const SCHEDULE_MAX_RECORDS = 10_000;

/** What queuing timed rules needs. */
export interface TimedDeps {
  db: Database;
  engine: RecordEngine;
  resolve: AccessResolver;
}

interface DueRow {
  rule_id: string;
  organization_id: string;
  record_id: string;
  due_at: string;
}

interface RuleRow {
  id: string;
  organization_id: string;
  record_type: string;
  condition: string | null;
  active: number;
  owner: string | null;
}

const RULE_SELECT = `SELECT id, organization_id, ${
  ["record_type", "condition", "active", "owner"].map((f) => `${ruleColumn(f)} AS ${f}`).join(", ")
} FROM ${AUTOMATION_RULE.table}`;

/** Whether a record meets a rule's condition now. */
async function meets(
  q: Queryable,
  deps: TimedDeps,
  rule: RuleRow,
  record: Record<string, unknown>,
  now: string,
): Promise<boolean> {
  const source = rule.condition?.trim();
  if (!source) return true;
  const type = deps.engine.findType(rule.record_type)!;
  const values = await conditionValues(q, deps.engine.types, {
    organizationId: rule.organization_id,
    type,
    record,
    before: null,
    names: fieldsOf(parseExpression(source)),
  });
  return conditionHolds(source, values, { today: now.slice(0, 10) });
}

/** Queues the runs of date rules due by `now`; the number queued. */
export async function queueDueDates(deps: TimedDeps, now: string): Promise<number> {
  let queued = 0;
  for (;;) {
    const { count, more } = await deps.db.transaction(async (tx) => {
      const skipLocked = tx.dialect === "postgres" ? " FOR UPDATE SKIP LOCKED" : "";
      const due = await tx.all<DueRow>(
        `SELECT rule_id, organization_id, record_id, due_at FROM automation_dues
          WHERE due_at <= ? ORDER BY due_at LIMIT ${DUE_BATCH}${skipLocked}`,
        [now],
      );
      const rules = new Map<string, RuleRow | undefined>();
      let count = 0;
      for (const row of due) {
        await tx.run(
          "DELETE FROM automation_dues WHERE rule_id = ? AND record_id = ? AND due_at = ?",
          [row.rule_id, row.record_id, row.due_at],
        );
        if (!rules.has(row.rule_id)) {
          rules.set(
            row.rule_id,
            await tx.get<RuleRow>(`${RULE_SELECT} WHERE id = ?`, [row.rule_id]),
          );
        }
        const rule = rules.get(row.rule_id);
        const type = rule && deps.engine.findType(rule.record_type);
        if (!rule || !rule.active || !type) continue;
        const record = await loadRecord(tx, type, row.organization_id, row.record_id);
        if (!record || !(await meets(tx, deps, rule, record, now))) continue;
        const made = await queueRun(tx, {
          organizationId: row.organization_id,
          ruleId: rule.id,
          recordType: type.id,
          recordId: row.record_id,
          recordName: recordTitle(type, record),
          trigger: "date_offset",
          depth: 1,
          dueAt: row.due_at,
          now,
          key: `due:${rule.id}:${row.record_id}:${row.due_at}`,
        });
        if (made) count++;
      }
      return { count, more: due.length === DUE_BATCH };
    });
    queued += count;
    if (!more) return queued;
  }
}

/** Queues the runs of scheduled rules whose time has come; the number queued. */
export async function queueSchedules(deps: TimedDeps, now: string): Promise<number> {
  const rules = await deps.db.all<RuleRow & { next_run_at: string; schedule: string }>(
    `${
      RULE_SELECT.replace(
        " FROM",
        `, ${ruleColumn("next_run_at")} AS next_run_at, ${ruleColumn("schedule")} AS schedule FROM`,
      )
    }
      WHERE ${ruleColumn("trigger")} = 'schedule' AND ${ruleColumn("active")} = 1
        AND ${ruleColumn("next_run_at")} <= ?`,
    [now],
  );
  let queued = 0;
  for (const rule of rules) {
    const type = deps.engine.findType(rule.record_type);
    const membership = rule.owner ? await deps.resolve(rule.owner, rule.organization_id) : null;
    queued += await deps.db.transaction(async (tx) => {
      const zone = await organizationTimeZone(tx, rule.organization_id);
      const next = nextCronRun(rule.schedule, zone, now);
      const moved = await tx.run(
        `UPDATE ${AUTOMATION_RULE.table} SET ${ruleColumn("next_run_at")} = ?
          WHERE id = ? AND ${ruleColumn("next_run_at")} = ?`,
        [next, rule.id, rule.next_run_at],
      );
      if (moved.changes !== 1 || !type) return 0;
      const occurrence = rule.next_run_at;
      if (!membership) {
        await queueRun(tx, {
          organizationId: rule.organization_id,
          ruleId: rule.id,
          recordType: type.id,
          recordId: null,
          recordName: "",
          trigger: "schedule",
          depth: 1,
          dueAt: occurrence,
          now,
          key: `schedule:${rule.id}:${occurrence}`,
          skipped: "The rule's owner is no longer an active member of this organisation",
        });
        return 0;
      }
      const access = { ...membership, sessionId: `automation:${rule.id}` };
      let count = 0;
      let read = 0;
      let cursor: string | undefined;
      do {
        const page = await deps.engine.list(
          access,
          type.id,
          { limit: 500, ...(cursor ? { cursor } : {}) },
          tx,
        );
        for (const record of page.items) {
          if (++read > SCHEDULE_MAX_RECORDS) break;
          if (!(await meets(tx, deps, rule, record, now))) continue;
          await queueRun(tx, {
            organizationId: rule.organization_id,
            ruleId: rule.id,
            recordType: type.id,
            recordId: String(record.id),
            recordName: recordTitle(type, record),
            trigger: "schedule",
            depth: 1,
            dueAt: occurrence,
            now,
            key: `schedule:${rule.id}:${occurrence}:${record.id}`,
          });
          count++;
        }
        cursor = page.next_cursor ?? undefined;
      } while (cursor && read < SCHEDULE_MAX_RECORDS);
      return count;
    });
  }
  return queued;
}

/** One pass: plan the due times of rules just saved, then queue what is due. */
export async function queueTimedRules(deps: TimedDeps, now: string): Promise<void> {
  await planDueTimes(deps.db, deps.engine, now);
  await queueDueDates(deps, now);
  await queueSchedules(deps, now);
}
