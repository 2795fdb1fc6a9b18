/**
 * The due times of date rules (`automation_dues`): planned for every record of the
 * type when a rule is saved (the first instance to claim the rule's planning does
 * it, in one transaction), and moved inside the transaction of each change to a
 * record's date (rule-queue.ts). Only times still to come are kept: saving a rule
 * never sets off runs for dates long past.
 */
import type { Database, Queryable, SqlValue } from "../../../db/database.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import type { RecordChange } from "../../../records/engine/record-changes.ts";
import { AUTOMATION_RULE } from "../types/automation-rule.ts";
import { ruleColumn } from "./rule-columns.ts";
import { type DateRule, dueTime } from "./due-time.ts";
import { organizationTimeZone } from "./rule-schedule.ts";

/** A date rule as its dues need it. */
export interface DateRuleRow extends DateRule {
  id: string;
  organization_id: string;
  record_type: string;
  trigger: string;
  active: number;
}

/** The SQL reading date rules' timing fields. */
export const DATE_RULE_FIELDS = [
  "record_type",
  "trigger",
  "active",
  "date_field",
  "offset_amount",
  "offset_unit",
  "offset_direction",
  "working_days",
].map((f) => `${ruleColumn(f)} AS ${f}`).join(", ");

const INSERT_ROWS = 200;

async function insertDues(q: Queryable, rows: SqlValue[][]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_ROWS) {
    const part = rows.slice(i, i + INSERT_ROWS);
    await q.run(
      `INSERT INTO automation_dues (rule_id, organization_id, record_id, due_at) VALUES ${
        part.map(() => "(?, ?, ?, ?)").join(", ")
      }`,
      part.flat(),
    );
  }
}

/** Plans the due times of every rule saved since the last pass (and drops those of rules no longer timed). */
export async function planDueTimes(db: Database, engine: RecordEngine, now: string): Promise<void> {
  const waiting = await db.all<{ id: string }>(
    `SELECT id FROM ${AUTOMATION_RULE.table} WHERE ${ruleColumn("dates_planned")} = 0`,
  );
  for (const { id } of waiting) {
    await db.transaction(async (tx) => {
      const claimed = await tx.run(
        `UPDATE ${AUTOMATION_RULE.table} SET ${ruleColumn("dates_planned")} = 1
          WHERE id = ? AND ${ruleColumn("dates_planned")} = 0`,
        [id],
      );
      if (claimed.changes !== 1) return;
      await tx.run("DELETE FROM automation_dues WHERE rule_id = ?", [id]);
      const rule = await tx.get<DateRuleRow>(
        `SELECT id, organization_id, ${DATE_RULE_FIELDS} FROM ${AUTOMATION_RULE.table} WHERE id = ?`,
        [id],
      );
      const type = rule && engine.findType(rule.record_type);
      const field = type?.field.get(rule?.date_field ?? "");
      if (!rule || !rule.active || rule.trigger !== "date_offset" || !type || !field) return;
      const zone = await organizationTimeZone(tx, rule.organization_id);
      const records = await tx.all<{ id: string; value: string }>(
        `SELECT id, ${field.column} AS value FROM ${type.table}
          WHERE organization_id = ? AND ${field.column} IS NOT NULL`,
        [rule.organization_id],
      );
      const rows: SqlValue[][] = [];
      for (const record of records) {
        const due = dueTime(rule, record.value, zone);
        if (due && due > now) rows.push([rule.id, rule.organization_id, record.id, due]);
      }
      await insertDues(tx, rows);
    });
  }
}

/** Moves the due times of one changed record for the organisation's date rules on its type. */
export async function moveDueTimes(
  tx: Queryable,
  change: RecordChange,
  rules: readonly DateRuleRow[],
): Promise<void> {
  if (rules.length === 0) return;
  const zone = await organizationTimeZone(tx, change.organizationId);
  for (const rule of rules) {
    const before = change.before?.[rule.date_field];
    const after = change.after?.[rule.date_field];
    if (change.event !== "created" && change.event !== "deleted" && before === after) continue;
    await tx.run("DELETE FROM automation_dues WHERE rule_id = ? AND record_id = ?", [
      rule.id,
      change.id,
    ]);
    const due = change.after ? dueTime(rule, after, zone) : null;
    if (due && due > change.now) {
      await insertDues(tx, [[rule.id, change.organizationId, change.id, due]]);
    }
  }
}
