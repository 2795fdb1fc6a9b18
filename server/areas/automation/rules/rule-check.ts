/**
 * The checks of a rule when it is saved, each failure a 400 naming its field with
 * nothing stored: the record type and the fields the trigger names exist; the
 * condition parses and reads only fields the record has; each action's settings
 * are whole and name real fields and types; its owner (the person saving) may do
 * every action (the runner checks again when it runs); and a rule that writes what
 * it, or another active rule on the type, watches is refused unless it sets a
 * maximum depth.
 */
import type { Reader } from "../../../db/database.ts";
import type { MembershipAccess } from "../../../platform/access/access.ts";
import { authorize } from "../../../platform/access/authorize.ts";
import { invalidInput } from "../../../platform/errors/app-error.ts";
import type { RecordType } from "../../../records/define.ts";
import {
  ExpressionError,
  fieldsOf,
  parseExpression,
} from "../../../../schemas/records/expression.ts";
import { AUTOMATION_RULE, RULE_ACTIONS, RULE_TRIGGERS } from "../types/automation-rule.ts";
import { fieldList } from "./rule-match.ts";
import { knownName, readParams, type RuleAction, unknownNames } from "./rule-params.ts";
import { ruleColumn } from "./rule-columns.ts";
import { cronProblem } from "./cron.ts";
import { findTemplate } from "./rule-mail.ts";
import { selectOptions } from "../../../records/engine/select-options.ts";

/** A rule as saved (values by field id). */
export type RuleValues = Readonly<Record<string, unknown>>;

const label = (list: readonly { value: string; label: string }[], value: string) =>
  list.find((o) => o.value === value)?.label ?? value;

/** The states a record of the type can be in: declared, derived, or its Status field's choices. */
export async function statesOf(
  read: Reader,
  organizationId: string,
  type: RecordType,
): Promise<string[]> {
  const field = type.field.get("status");
  return [
    ...(type.declaration.states?.list.map((s) => s.id) ?? []),
    ...(type.declaration.derived_status?.map((d) => d.status) ?? []),
    ...(field?.type === "select"
      ? (await selectOptions(read, organizationId, field)).map((o) => o.value)
      : []),
  ];
}

/** The rule's actions, their settings read; a 400 naming `actions` says which is wrong. */
export function ruleActions(values: RuleValues): RuleAction[] {
  const rows = Array.isArray(values.actions) ? values.actions as Record<string, unknown>[] : [];
  return rows.map((row, i) => {
    const action = String(row.action ?? "");
    try {
      return { action, params: readParams(action, String(row.params ?? "")) } as RuleAction;
    } catch (error) {
      const message = `Action ${i + 1} (${label(RULE_ACTIONS, action)}): ${
        (error as Error).message
      }`;
      throw invalidInput(message, { actions: message });
    }
  });
}

function refuse(field: string, message: string): never {
  throw invalidInput(message, { [field]: message });
}

/** What the rule's actions write on its own record type: field ids, `status`, and `@created`. */
export function writesOf(typeId: string, actions: readonly RuleAction[]): Set<string> {
  const writes = new Set<string>();
  for (const { action, params } of actions) {
    if (action === "set_field") {
      for (const f of Object.keys(params.values as object)) writes.add(f);
    }
    if (action === "assign") writes.add(String(params.field ?? "assigned_to"));
    if (action === "run_action") writes.add("status");
    if (action === "create_record" && params.type === typeId) writes.add("@created");
  }
  return writes;
}

/** What a rule's trigger watches on its record type. */
export function watchesOf(rule: RuleValues, type: RecordType): Set<string> {
  switch (rule.trigger) {
    case "created":
      return new Set(["@created"]);
    case "updated": {
      const fields = fieldList(rule.watch_fields as string);
      return new Set(fields.length ? fields : [...type.fields.map((f) => f.id), "status"]);
    }
    case "field_changed":
      return new Set(fieldList(rule.watch_fields as string));
    case "state_entered":
      return new Set(["status"]);
    default:
      return new Set();
  }
}

/** The loop a rule would start: which rule watches what it writes; undefined when none. */
export async function loopOf(
  read: Reader,
  access: MembershipAccess,
  type: RecordType,
  rule: RuleValues & { id?: unknown },
  actions: readonly RuleAction[],
): Promise<string | undefined> {
  const writes = writesOf(type.id, actions);
  if (writes.size === 0) return undefined;
  const others = await read.all<Record<string, unknown>>(
    `SELECT id, name, ${ruleColumn("trigger")} AS trigger, ${
      ruleColumn("watch_fields")
    } AS watch_fields
       FROM ${AUTOMATION_RULE_TABLE}
      WHERE organization_id = ? AND ${ruleColumn("record_type")} = ? AND ${
      ruleColumn("active")
    } = 1 AND id <> ?`,
    [access.organizationId, type.id, String(rule.id ?? "")],
  );
  const watchers: (Record<string, unknown> & { self: boolean })[] = [
    { ...rule, self: true },
    ...others.map((o) => ({ ...o, self: false })),
  ];
  for (const watcher of watchers) {
    const watched = watchesOf(watcher, type);
    const hit = [...writes].find((w) => watched.has(w));
    if (!hit) continue;
    const what = hit === "@created"
      ? `creates a ${type.declaration.label.toLowerCase()}`
      : `sets ${type.field.get(hit)?.label ?? hit}`;
    const who = watcher.self ? "which it watches itself" : `which rule "${watcher.name}" watches`;
    return `This rule ${what}, ${who} (${
      label(RULE_TRIGGERS, String(watcher.trigger))
    }): it can loop. Set a maximum depth to allow it.`;
  }
  return undefined;
}

const AUTOMATION_RULE_TABLE = AUTOMATION_RULE.table;

/** May the owner do this to records of the type (module permission of the action)? */
function mayDo(access: MembershipAccess, type: RecordType, action: string): boolean {
  return authorize(access, type.module, action);
}

/** Checks a rule about to be saved; throws a 400 naming the field at fault. */
export async function checkRule(
  read: Reader,
  access: MembershipAccess,
  types: ReadonlyMap<string, RecordType>,
  rule: RuleValues & { id?: unknown },
): Promise<RuleAction[]> {
  const type = types.get(String(rule.record_type ?? ""));
  if (!type) refuse("record_type", "Choose a record type");
  if (!mayDo(access, type, "read")) {
    refuse("record_type", `You may not read ${type.declaration.plural.toLowerCase()}`);
  }
  const trigger = String(rule.trigger ?? "");
  for (const f of fieldList(rule.watch_fields as string)) {
    if (!type.field.has(f) && f !== "status") {
      refuse("watch_fields", `${type.declaration.label} has no field "${f}"`);
    }
  }
  if (trigger === "field_changed" && fieldList(rule.watch_fields as string).length === 0) {
    refuse("watch_fields", "Name the field that changes");
  }
  if (trigger === "state_entered") {
    const states = await statesOf(read, access.organizationId, type);
    if (!states.includes(String(rule.to_value ?? ""))) {
      refuse(
        "to_value",
        states.length
          ? `Choose one of the states of ${type.declaration.plural.toLowerCase()}: ${
            states.join(", ")
          }`
          : `${type.declaration.plural} have no states`,
      );
    }
  }
  if (trigger === "date_offset") {
    const field = type.field.get(String(rule.date_field ?? ""));
    if (!field || (field.type !== "date" && field.type !== "datetime")) {
      refuse(
        "date_field",
        `${type.declaration.label} has no date field "${rule.date_field ?? ""}"`,
      );
    }
  }
  if (trigger === "schedule") {
    const problem = cronProblem(String(rule.schedule ?? ""));
    if (problem) refuse("schedule", problem);
  }
  const condition = String(rule.condition ?? "").trim();
  if (condition) {
    try {
      const unknown = fieldsOf(parseExpression(condition)).filter((n) =>
        !knownName(types, type, n, { before: true })
      );
      if (unknown.length) {
        refuse("condition", `${type.declaration.label} has no field "${unknown[0]}"`);
      }
    } catch (error) {
      if (error instanceof ExpressionError) refuse("condition", error.message);
      throw error;
    }
  }
  const actions = ruleActions(rule);
  if (actions.length === 0) refuse("actions", "Add at least one action");
  for (const [i, { action, params }] of actions.entries()) {
    if (action !== "send_email") continue;
    const template = await findTemplate(read, access.organizationId, String(params.template));
    const at = `Action ${i + 1}: `;
    if (!template) refuse("actions", `${at}there is no email template "${params.template}"`);
    if (template.record_type !== type.id) {
      refuse(
        "actions",
        `${at}the template "${template.name}" is not written for ${type.declaration.plural.toLowerCase()}`,
      );
    }
  }
  actions.forEach(({ action, params }, i) => {
    const at: (message: string) => never = (message) =>
      refuse("actions", `Action ${i + 1}: ${message}`);
    const unknown = unknownNames(types, type, action === "create_record" ? params.values : params);
    if (unknown.length && action !== "send_email") {
      at(`${type.declaration.label} has no field "${unknown[0]}" to fill in`);
    }
    if (action === "set_field") {
      for (const f of Object.keys(params.values as object)) {
        const field = type.field.get(f);
        if (!field || field.type === "table") at(`${type.declaration.label} has no field "${f}"`);
        if (field.read_only || field.computed) at(`${field.label} cannot be set`);
      }
      if (!mayDo(access, type, "update")) {
        at(`you may not change ${type.declaration.plural.toLowerCase()}`);
      }
    }
    if (action === "create_record") {
      const target = types.get(String(params.type));
      if (!target) at(`there is no record type "${params.type}"`);
      for (const f of Object.keys(params.values as object)) {
        if (!target.field.has(f)) at(`${target.declaration.label} has no field "${f}"`);
      }
      if (!mayDo(access, target, "create")) {
        at(`you may not create ${target.declaration.plural.toLowerCase()}`);
      }
    }
    if (action === "assign") {
      const field = type.field.get(String(params.field ?? "assigned_to"));
      if (field?.type !== "link" || field.link !== "user") {
        at(`${type.declaration.label} has no person field "${params.field ?? "assigned_to"}"`);
      }
      if (!mayDo(access, type, "update")) {
        at(`you may not change ${type.declaration.plural.toLowerCase()}`);
      }
    }
    if (action === "run_action") {
      const name = String(params.action);
      if (!type.actions.includes(name)) {
        at(`${type.declaration.plural} have no action "${name}"`);
      }
      if (!mayDo(access, type, name)) {
        at(`you may not ${name} ${type.declaration.plural.toLowerCase()}`);
      }
    }
  });
  return actions;
}
