/**
 * What each kind of rule action does, inside the transaction that records it as
 * done: set fields, create a record, assign by rotation, notify, take a record
 * action, wait. Every write goes through the engine with the rule owner's access
 * (so what the owner may not do is refused, and the reason kept in the run log)
 * and is audited under the run's request id. Mail and webhooks are in their own
 * files (rule-mail.ts, rule-webhook.ts).
 */
import type { Queryable } from "../../../db/database.ts";
import type { Access } from "../../../platform/access/access.ts";
import { notify } from "../../../platform/notifications/notify.ts";
import { invalidInput } from "../../../platform/errors/app-error.ts";
import type { RecordType } from "../../../records/define.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import type { RecordData } from "../../../records/engine/record-rows.ts";
import { takeActionIn } from "../../../records/engine/record-actions.ts";
import { recordLink } from "../../../records/record-link.ts";
import { AUTOMATION_RULE } from "../types/automation-rule.ts";
import { conditionValues } from "./rule-match.ts";
import { ruleColumn } from "./rule-columns.ts";
import { recipientsOf } from "./recipients.ts";
import { fillValue, namesRead } from "./value-template.ts";
import { runRequestId } from "./run-chain.ts";

/** The rule a run carries out. */
export interface RunRule {
  id: string;
  name: string;
  owner: string;
  record_type: string;
}

/** Everything an action may use. */
export interface ActionScope {
  engine: RecordEngine;
  tx: Queryable;
  /** The rule owner's access. */
  access: Access;
  type: RecordType;
  /** The trigger's record as it is now, or null when gone. */
  record: RecordData | null;
  rule: RunRule;
  runId: string;
  now: string;
}

/** What an action did, in words, and when the run goes on when it waits. */
export interface ActionOutcome {
  said: string;
  resumeAt?: string;
}

function needRecord(scope: ActionScope): RecordData {
  if (!scope.record) {
    throw invalidInput(`The ${scope.type.declaration.label.toLowerCase()} no longer exists`);
  }
  return scope.record;
}

/** A value with its templates filled from the trigger's record (and its links). */
async function filled(scope: ActionScope, value: unknown): Promise<unknown> {
  const record = scope.record ?? {};
  const values = await conditionValues(scope.tx, scope.engine.types, {
    organizationId: scope.access.organizationId,
    type: scope.type,
    record,
    before: null,
    names: namesRead(value).filter((n) => n.includes(".")),
  });
  return fillValue(value, values, scope.now.slice(0, 10));
}

const writeOptions = (scope: ActionScope) => ({ requestId: runRequestId(scope.runId) });

async function setField(scope: ActionScope, params: Record<string, unknown>) {
  const record = needRecord(scope);
  const values = await filled(scope, params.values) as Record<string, unknown>;
  scope.engine.typeFor(scope.access, scope.type.id, "update");
  const after = await scope.engine.updateIn(
    scope.tx,
    scope.access,
    scope.type,
    String(record.id),
    Number(record.version),
    values,
    writeOptions(scope),
  );
  scope.record = after;
  const said = Object.keys(values).map((f) => {
    const field = scope.type.field.get(f);
    const value = after[f] ?? null;
    const shown = field?.options?.find((o) => o.value === String(value))?.label ??
      (value === null || value === "" ? "(empty)" : String(value));
    return `${field?.label ?? f} set to ${shown}`;
  });
  return { said: said.join(", ") };
}

async function createRecord(scope: ActionScope, params: Record<string, unknown>) {
  const target = scope.engine.typeFor(scope.access, String(params.type), "create");
  const values = await filled(scope, params.values) as Record<string, unknown>;
  const made = await scope.engine.createIn(
    scope.tx,
    scope.access,
    target,
    values,
    writeOptions(scope),
  );
  return { said: `Created ${target.declaration.label.toLowerCase()} ${made.name}` };
}

async function assign(scope: ActionScope, params: Record<string, unknown>) {
  const record = needRecord(scope);
  const field = String(params.field ?? "assigned_to");
  // A role's members in a steady order (the rotation counts through them), or the people named.
  const named = params.role ? [`role:${params.role}`] : params.users as string[];
  const { userIds } = await recipientsOf(scope.tx, {
    organizationId: scope.access.organizationId,
    ownerId: scope.rule.owner,
    type: scope.type,
    record,
    types: scope.engine.types,
    mail: false,
  }, named);
  const people = params.role ? [...userIds].sort() : userIds;
  if (people.length === 0) {
    throw invalidInput("No one to assign to: the rotation names no active member");
  }
  // The rotation moves by one conditional update of the rule: each run takes the next person.
  const turn = await scope.tx.get<{ rotation: number }>(
    `UPDATE ${AUTOMATION_RULE.table} SET ${ruleColumn("rotation")} = COALESCE(${
      ruleColumn("rotation")
    }, 0) + 1 WHERE id = ? RETURNING ${ruleColumn("rotation")} AS rotation`,
    [scope.rule.id],
  );
  const person = people[(Number(turn?.rotation ?? 1) - 1) % people.length];
  scope.engine.typeFor(scope.access, scope.type.id, "update");
  scope.record = await scope.engine.updateIn(
    scope.tx,
    scope.access,
    scope.type,
    String(record.id),
    Number(record.version),
    { [field]: person },
    writeOptions(scope),
  );
  const who = await scope.tx.get<{ name: string }>(
    "SELECT first_name || ' ' || last_name AS name FROM users WHERE id = ?",
    [person],
  );
  return { said: `${scope.type.field.get(field)?.label ?? field} set to ${who?.name ?? person}` };
}

async function tell(scope: ActionScope, params: Record<string, unknown>) {
  const people = await recipientsOf(scope.tx, {
    organizationId: scope.access.organizationId,
    ownerId: scope.rule.owner,
    type: scope.type,
    record: scope.record,
    types: scope.engine.types,
    mail: false,
  }, params.to as string[]);
  const message = String(await filled(scope, params.message));
  const title = String(await filled(scope, params.title ?? scope.rule.name));
  let told = 0;
  for (const userId of people.userIds) {
    const sent = await notify(scope.tx, {
      organizationId: scope.access.organizationId,
      userId,
      title,
      message,
      category: "automation",
      link: scope.record ? recordLink(scope.type, String(scope.record.id)) : undefined,
      key: `automation:${scope.runId}:${userId}`,
    }, { now: scope.now });
    if (sent) told++;
  }
  return { said: `Told ${told} ${told === 1 ? "person" : "people"}: ${title}` };
}

async function runAction(scope: ActionScope, params: Record<string, unknown>) {
  const record = needRecord(scope);
  scope.record = await takeActionIn(scope.engine, scope.tx, scope.access, {
    typeId: scope.type.id,
    id: String(record.id),
    action: String(params.action),
    version: Number(record.version),
    requestId: runRequestId(scope.runId),
  });
  return { said: `Took the action ${params.action}` };
}

function wait(scope: ActionScope, params: Record<string, unknown>): ActionOutcome {
  const ms = Number(params.minutes ?? 0) * 60_000 + Number(params.hours ?? 0) * 3_600_000 +
    Number(params.days ?? 0) * 86_400_000;
  const resumeAt = new Date(Date.parse(scope.now) + ms).toISOString();
  return { said: `Waits until ${resumeAt}`, resumeAt };
}

/** Carries out one action in the scope's transaction (mail and webhooks excepted). */
export async function carryOut(
  scope: ActionScope,
  action: string,
  params: Record<string, unknown>,
): Promise<ActionOutcome> {
  switch (action) {
    case "set_field":
      return await setField(scope, params);
    case "create_record":
      return await createRecord(scope, params);
    case "assign":
      return await assign(scope, params);
    case "notify":
      return await tell(scope, params);
    case "run_action":
      return await runAction(scope, params);
    case "wait":
      return wait(scope, params);
    default:
      throw new Error(`Action "${action}" is not carried out here`);
  }
}
