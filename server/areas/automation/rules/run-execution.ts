/**
 * Carrying out one claimed run: its rule (still there and active), its owner's
 * access as it is now, the rule's rate cap, then each action not yet done, each in
 * the transaction that records it done (so a run taken over after a crash goes on
 * where it stopped and no action is done twice). A wait puts the run back in the
 * queue until its time; a webhook that fails is retried with backoff. A failure is
 * kept with its reason; five in a row switch the rule off and tell its owner.
 */
import type { Database, Queryable } from "../../../db/database.ts";
import { actingFor } from "../../../db/change-context.ts";
import type { AccessResolver } from "../../../platform/access/resolver.ts";
import type { Access } from "../../../platform/access/access.ts";
import { AppError } from "../../../platform/errors/app-error.ts";
import { notify } from "../../../platform/notifications/notify.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import { loadRecord } from "../../../records/engine/record-store.ts";
import type { RecordData } from "../../../records/engine/record-rows.ts";
import { recordLink } from "../../../records/record-link.ts";
import {
  AUTOMATION_RULE,
  MAX_CONSECUTIVE_FAILURES,
  RULE_ACTIONS,
} from "../types/automation-rule.ts";
import { AUTOMATION_RUN } from "../types/automation-run.ts";
import { ruleActions } from "./rule-check.ts";
import { type ActionOutcome, carryOut, type RunRule } from "./rule-actions.ts";
import { ruleColumn } from "./rule-columns.ts";
import { runColumn } from "./run-queue.ts";
import { withinRun } from "./run-chain.ts";
import { callWebhook, WEBHOOK_ATTEMPTS, webhookBackoffMs } from "./rule-webhook.ts";
import { prepareRuleMail, queueRuleMail } from "./rule-mail.ts";

/** What carrying out runs needs. */
export interface RunDeps {
  db: Database;
  engine: RecordEngine;
  resolve: AccessResolver;
  clock: () => number;
  /** The fetch webhooks are called with (tests pass a local one). */
  fetch?: typeof fetch;
}

interface RunRow {
  id: string;
  organization_id: string;
  rule: string;
  record_type: string;
  record_id: string | null;
  depth: number;
  step: number;
  attempts: number;
  log: string | null;
  due_at: string;
  snapshot: string | null;
}

const RUN_FIELDS = [
  "rule",
  "record_type",
  "record_id",
  "depth",
  "step",
  "attempts",
  "log",
  "due_at",
  "snapshot",
];

const now = (deps: RunDeps) => new Date(deps.clock()).toISOString();
const actionLabel = (action: string) =>
  RULE_ACTIONS.find((a) => a.value === action)?.label ?? action;

async function readRun(q: Queryable, id: string): Promise<RunRow | undefined> {
  return await q.get<RunRow>(
    `SELECT id, organization_id, ${RUN_FIELDS.map((f) => `${runColumn(f)} AS ${f}`).join(", ")}
       FROM ${AUTOMATION_RUN.table} WHERE id = ?`,
    [id],
  );
}

/** Ends a run with its status, and what it says. */
async function finish(
  q: Queryable,
  run: RunRow,
  status: "succeeded" | "failed" | "skipped",
  at: string,
  fields: { error?: string; log?: string } = {},
): Promise<void> {
  await q.run(
    `UPDATE ${AUTOMATION_RUN.table}
        SET ${runColumn("status")} = ?, ${runColumn("finished_at")} = ?, ${runColumn("error")} = ?,
            ${runColumn("log")} = ?, ${runColumn("lease_until")} = NULL,
            version = version + 1, updated_at = ?
      WHERE id = ?`,
    [status, at, fields.error ?? "", fields.log ?? run.log ?? "", at, run.id],
  );
}

/** Records action `step` done (and, for a wait, the run back in the queue until its time). */
async function stepDone(
  q: Queryable,
  run: RunRow,
  line: string,
  at: string,
  outcome: ActionOutcome,
): Promise<void> {
  run.log = run.log ? `${run.log}\n${line}` : line;
  run.step += 1;
  const requeue = outcome.resumeAt !== undefined;
  await q.run(
    `UPDATE ${AUTOMATION_RUN.table}
        SET ${runColumn("step")} = ?, ${runColumn("log")} = ?,
            ${runColumn("status")} = CASE WHEN ? = 1 THEN 'queued' ELSE ${runColumn("status")} END,
            ${runColumn("due_at")} = COALESCE(?, ${runColumn("due_at")}),
            ${runColumn("lease_until")} = CASE WHEN ? = 1 THEN NULL ELSE ${
      runColumn("lease_until")
    } END,
            version = version + 1, updated_at = ?
      WHERE id = ?`,
    [run.step, run.log, requeue ? 1 : 0, outcome.resumeAt ?? null, requeue ? 1 : 0, at, run.id],
  );
}

/** Puts a run back in the queue until `dueAt` (a webhook's retry, the rate cap). */
async function later(q: Queryable, run: RunRow, dueAt: string, line: string, at: string) {
  run.log = run.log ? `${run.log}\n${line}` : line;
  await q.run(
    `UPDATE ${AUTOMATION_RUN.table}
        SET ${runColumn("status")} = 'queued', ${runColumn("due_at")} = ?, ${runColumn("log")} = ?,
            ${runColumn("lease_until")} = NULL, version = version + 1, updated_at = ?
      WHERE id = ?`,
    [dueAt, run.log, at, run.id],
  );
}

/** A rule's failures in a row after this run; five switch it off and tell its owner. */
async function countFailure(
  q: Queryable,
  rule: RunRule,
  organizationId: string,
  reason: string,
  at: string,
): Promise<void> {
  const row = await q.get<{ failures: number }>(
    `UPDATE ${AUTOMATION_RULE.table} SET ${ruleColumn("failures")} = COALESCE(${
      ruleColumn("failures")
    }, 0) + 1, ${ruleColumn("last_run_at")} = ?
      WHERE id = ? RETURNING ${ruleColumn("failures")} AS failures`,
    [at, rule.id],
  );
  if (Number(row?.failures ?? 0) < MAX_CONSECUTIVE_FAILURES) return;
  const stopped = await q.run(
    `UPDATE ${AUTOMATION_RULE.table} SET ${ruleColumn("active")} = 0, ${
      ruleColumn("stopped_reason")
    } = ?, version = version + 1, updated_at = ?
      WHERE id = ? AND ${ruleColumn("active")} = 1`,
    [
      `Switched off after ${MAX_CONSECUTIVE_FAILURES} failed runs in a row. Last: ${reason}`.slice(
        0,
        300,
      ),
      at,
      rule.id,
    ],
  );
  if (stopped.changes !== 1) return;
  await notify(q, {
    organizationId,
    userId: rule.owner,
    title: "Automation rule switched off",
    message:
      `"${rule.name}" failed ${MAX_CONSECUTIVE_FAILURES} times in a row and was switched off. Last error: ${reason}`
        .slice(0, 1000),
    category: "automation",
    link: recordLink(AUTOMATION_RULE, rule.id),
    key: `automation-off:${rule.id}:${at}`,
  }, { now: at });
}

async function succeeded(q: Queryable, rule: RunRule, at: string): Promise<void> {
  await q.run(
    `UPDATE ${AUTOMATION_RULE.table} SET ${ruleColumn("failures")} = 0, ${
      ruleColumn("last_run_at")
    } = ? WHERE id = ?`,
    [at, rule.id],
  );
}

/** The runs of a rule started in the minute before `at`. */
async function runsInLastMinute(q: Queryable, ruleId: string, at: string): Promise<number> {
  const since = new Date(Date.parse(at) - 60_000).toISOString();
  const row = await q.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM ${AUTOMATION_RUN.table}
      WHERE ${runColumn("rule")} = ? AND ${runColumn("started_at")} >= ?
        AND ${runColumn("status")} IN ('succeeded', 'failed', 'running')`,
    [ruleId, since],
  );
  return Number(row?.n ?? 0);
}

function reasonOf(error: unknown): string {
  if (error instanceof AppError) {
    const fields = error.details && typeof error.details === "object" &&
        "fields" in (error.details as Record<string, unknown>)
      ? Object.values((error.details as { fields: Record<string, string> }).fields)
      : [];
    const refused = error.status === 403 ? "Refused: " : "";
    return `${refused}${error.message}${fields.length ? ` (${fields.join("; ")})` : ""}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The record a run on a deleted record acts on: as it was when deleted. */
function snapshotOf(run: RunRow): RecordData | null {
  return run.snapshot ? JSON.parse(run.snapshot) as RecordData : null;
}

/**
 * Carries out one claimed run, on behalf of its organisation: what it writes is
 * announced for it, so open screens there (the bell, lists) hear of it at once.
 */
export async function executeRun(deps: RunDeps, runId: string): Promise<void> {
  const run = await readRun(deps.db, runId);
  if (!run) return;
  await actingFor(run.organization_id, () => carryOutRun(deps, run));
}

async function carryOutRun(deps: RunDeps, run: RunRow): Promise<void> {
  const { db, engine } = deps;
  const ruleRecord = await loadRecord(db, AUTOMATION_RULE, run.organization_id, run.rule);
  if (!ruleRecord || !ruleRecord.active) {
    await finish(db, run, "skipped", now(deps), {
      error: ruleRecord ? "The rule is switched off" : "The rule was deleted",
    });
    return;
  }
  const rule: RunRule = {
    id: String(ruleRecord.id),
    name: String(ruleRecord.name),
    owner: String(ruleRecord.owner ?? ruleRecord.created_by ?? ""),
    record_type: String(ruleRecord.record_type),
  };
  const membership = rule.owner ? await deps.resolve(rule.owner, run.organization_id) : null;
  if (!membership) {
    const reason = "The rule's owner is no longer an active member of this organisation";
    await db.transaction(async (tx) => {
      await finish(tx, run, "failed", now(deps), { error: reason });
      await countFailure(tx, rule, run.organization_id, reason, now(deps));
    });
    return;
  }
  const access: Access = { ...membership, sessionId: `automation:${run.id}` };
  const cap = Number(ruleRecord.rate_limit ?? 0);
  if (cap > 0 && run.step === 0 && (await runsInLastMinute(db, rule.id, now(deps))) > cap) {
    const at = now(deps);
    await later(
      db,
      run,
      new Date(Date.parse(at) + 60_000).toISOString(),
      `Over the limit of ${cap} runs a minute: waits a minute`,
      at,
    );
    return;
  }
  const type = engine.findType(rule.record_type);
  let step = run.step;
  try {
    const actions = ruleActions(ruleRecord);
    if (!type) throw new Error(`There is no record type "${rule.record_type}"`);
    for (; step < actions.length; step++) {
      const { action, params } = actions[step];
      const prefix = `${step + 1}. ${actionLabel(action)} ${JSON.stringify(params)}`;
      if (action === "webhook") {
        const record = run.record_id
          ? await loadRecord(db, type, run.organization_id, run.record_id) ?? null
          : null;
        const answer = await callWebhook(deps.fetch ?? fetch, {
          url: String(params.url),
          secret: params.secret ? String(params.secret) : undefined,
          key: `${run.id}:${step}`,
          body: { rule: rule.name, run: run.id, record_type: type.id, record },
        });
        if (!answer.ok) {
          if (run.attempts < WEBHOOK_ATTEMPTS) {
            const at = now(deps);
            const due = new Date(Date.parse(at) + webhookBackoffMs(run.attempts)).toISOString();
            await later(db, run, due, `${prefix} → ${answer.said}; retried at ${due}`, at);
            return;
          }
          throw new Error(`${answer.said} after ${run.attempts} attempts`);
        }
        await db.transaction((tx) =>
          stepDone(tx, run, `${prefix} → ${answer.said}`, now(deps), {
            said: answer.said,
          })
        );
        continue;
      }
      // A mail is rendered before its transaction (rendering reads), and queued in it.
      const mail = action === "send_email"
        ? await prepareRuleMail({
          engine,
          access,
          type,
          record: run.record_id
            ? await loadRecord(db, type, run.organization_id, run.record_id) ?? snapshotOf(run)
            : null,
          ownerId: rule.owner,
        }, params)
        : undefined;
      const outcome = await db.transaction(async (tx) => {
        const at = now(deps);
        const record = run.record_id
          ? await loadRecord(tx, type, run.organization_id, run.record_id, { lock: true }) ??
            snapshotOf(run)
          : null;
        const scope = { engine, tx, access, type, record, rule, runId: run.id, now: at };
        const done = await withinRun(
          { runId: run.id, ruleId: rule.id, depth: run.depth },
          () =>
            mail
              ? queueRuleMail(tx, run.organization_id, mail, at)
              : carryOut(scope, action, params),
        );
        await stepDone(tx, run, `${prefix} → ${done.said}`, at, done);
        return done;
      });
      if (outcome.resumeAt) return;
    }
    await db.transaction(async (tx) => {
      await finish(tx, run, "succeeded", now(deps));
      await succeeded(tx, rule, now(deps));
    });
  } catch (error) {
    if (!(error instanceof AppError) && !(error instanceof Error)) throw error;
    const reason = `Action ${step + 1}: ${reasonOf(error)}`.slice(0, 2000);
    await db.transaction(async (tx) => {
      await finish(tx, run, "failed", now(deps), { error: reason });
      await countFailure(tx, rule, run.organization_id, reason, now(deps));
    });
  }
}
