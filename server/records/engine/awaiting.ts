/**
 * Records that wait for someone (issue 24): a state declared with `awaits` (an
 * expense claim submitted to its approver, a budget pending approval) waits for
 * the people who may take the awaited action on the record — the person its
 * link field names, or everyone whose role may take it, never the record's
 * creator when the action is not theirs to take. The engine refuses to move a
 * record into such a state when no one could take the action (it would wait for
 * ever), tells each of them once when a record arrives there (in the app and by
 * mail, linking to the record), says on the record whom it waits for, and lists
 * a person's waiting records for their "Waiting for me".
 *
 * Who may act is read from memberships and role permissions, not records:
 * nothing a concurrent record write could contradict, so no decision point.
 */
import type { Queryable } from "../../db/database.ts";
import type { Access } from "../../platform/access/access.ts";
import { authorize } from "../../platform/access/authorize.ts";
import { conflict, invalidInput } from "../../platform/errors/app-error.ts";
import { notify } from "../../platform/notifications/mod.ts";
import type { RecordField, RecordType } from "../define.ts";
import type { StateDeclaration, TransitionDeclaration } from "../declaration.ts";
import { recordLink } from "../record-link.ts";
import type { RecordData } from "./record-rows.ts";

/** A person a record waits for. */
export interface AwaitedPerson {
  id: string;
  name: string;
}

/** What a waiting record waits for: its state, the awaited transition and the people. */
export interface Awaiting {
  state: StateDeclaration;
  transition: TransitionDeclaration;
  people: AwaitedPerson[];
}

/** The state `status` of a type when it awaits someone, with the transition it awaits. */
function awaitingState(
  type: RecordType,
  status: unknown,
): { state: StateDeclaration; transition: TransitionDeclaration } | null {
  const state = type.declaration.states?.list.find((s) => s.id === status && s.awaits);
  if (!state?.awaits) return null;
  const { action } = state.awaits;
  const transition = type.declaration.states!.transitions.find((t) =>
    t.action === action && t.from.includes(state.id)
  )!;
  return { state, transition };
}

/** The states of a type that await someone. */
export function awaitingStates(type: RecordType): StateDeclaration[] {
  return (type.declaration.states?.list ?? []).filter((s) => s.awaits);
}

/** Active members whose role may take `permission`, optionally only `userId`, by name. */
async function mayTake(
  q: Queryable,
  organizationId: string,
  permission: string,
  only: { userId?: string; exceptRoles: readonly string[] },
): Promise<AwaitedPerson[]> {
  const rows = await q.all<{ id: string; first_name: string; last_name: string }>(
    `SELECT u.id, u.first_name, u.last_name
       FROM user_organizations uo
       JOIN users u ON u.id = uo.user_id AND u.is_active = 1
       JOIN roles r ON r.organization_id = uo.organization_id AND r.name = uo.user_role
       JOIN role_permissions rp ON rp.role_id = r.id AND rp.permission = ?
      WHERE uo.organization_id = ? AND uo.status = 'active'
        ${only.userId !== undefined ? "AND u.id = ?" : ""}
        ${
      only.exceptRoles.length > 0
        ? `AND uo.user_role NOT IN (${only.exceptRoles.map(() => "?").join(", ")})`
        : ""
    }
      ORDER BY u.first_name, u.last_name, u.id`,
    [
      permission,
      organizationId,
      ...(only.userId !== undefined ? [only.userId] : []),
      ...only.exceptRoles,
    ],
  );
  return rows.map((r) => ({ id: r.id, name: `${r.first_name} ${r.last_name}`.trim() }));
}

/** Whom a record waits for now, or null when its state awaits no one. */
export async function awaitingOf(
  q: Queryable,
  type: RecordType,
  organizationId: string,
  record: RecordData,
): Promise<Awaiting | null> {
  const found = awaitingState(type, record.status);
  if (!found) return null;
  const { field } = found.state.awaits!;
  const permission = `${type.module}.${found.transition.action}`;
  let people: AwaitedPerson[];
  if (field !== undefined) {
    const named = record[field];
    people = typeof named === "string" && named !== ""
      ? await mayTake(q, organizationId, permission, { userId: named, exceptRoles: [] })
      : [];
  } else {
    // Roles confined to their own records never act on anyone else's.
    people = await mayTake(q, organizationId, permission, {
      exceptRoles: type.declaration.own_records?.roles ?? [],
    });
  }
  if (found.transition.not_by_creator) {
    people = people.filter((p) => p.id !== record.created_by);
  }
  return { ...found, people };
}

/** "Waiting for Alice Morgan to approve", "… for Alice Morgan or Fiona Li …", "… and 2 others …". */
export function waitingText(awaiting: Awaiting): string {
  const verb = awaiting.transition.label.toLowerCase();
  if (awaiting.people.length === 0) return `No one may ${verb} it now`;
  const names = awaiting.people.map((p) => p.name);
  const who = names.length <= 2 ? names.join(" or ") : `${names[0]} or ${names.length - 1} others`;
  return `Waiting for ${who} to ${verb}`;
}

/** The first amount people read a record by (a claim's total), if the type lists one. */
function amountField(type: RecordType): RecordField | undefined {
  return type.declaration.list.columns
    .map((id) => type.field.get(id))
    .find((f) => f?.type === "currency" && f.level !== 1);
}

async function currencyOf(
  q: Queryable,
  organizationId: string,
  record: RecordData,
): Promise<string> {
  if (typeof record.currency === "string" && record.currency !== "") return record.currency;
  const row = await q.get<{ currency: string }>(
    "SELECT currency FROM organizations WHERE id = ?",
    [organizationId],
  );
  return row?.currency || "USD";
}

/**
 * After an action: when it brought the record into a state that awaits someone,
 * refuses it if no one could take the awaited action (nothing of it is kept),
 * else tells each awaited person, once for this arrival.
 */
export async function announceArrival(
  tx: Queryable,
  context: { access: Access; type: RecordType; before: RecordData; publicUrl: string; now: string },
  record: RecordData,
): Promise<void> {
  const { access, type, before, now } = context;
  if (before.status === record.status) return;
  const awaiting = await awaitingOf(tx, type, access.organizationId, record);
  if (!awaiting) return;
  const label = type.declaration.label;
  const verb = awaiting.transition.label.toLowerCase();
  if (awaiting.people.length === 0) {
    const field = awaiting.state.awaits!.field;
    if (field !== undefined) {
      const fieldLabel = (type.field.get(field)?.label ?? field).toLowerCase();
      const named = await tx.get<{ first_name: string; last_name: string }>(
        "SELECT first_name, last_name FROM users WHERE id = ?",
        [String(record[field] ?? "")],
      );
      const who = named ? `${named.first_name} ${named.last_name}`.trim() : `The ${fieldLabel}`;
      const message = `${who} may not ${verb} ${type.declaration.plural.toLowerCase()}: ` +
        `choose another ${fieldLabel}`;
      throw invalidInput(message, { [field]: message });
    }
    throw conflict(
      `No one ${
        awaiting.transition.not_by_creator ? "but its creator " : ""
      }may ${verb} this ${label.toLowerCase()}, so it would wait for ever`,
    );
  }
  const amount = amountField(type);
  const title = String(record[type.declaration.title_field] ?? "") || String(record.name ?? "");
  const params = {
    label,
    name: String(record.name ?? ""),
    title,
    actor: `${access.user.first_name} ${access.user.last_name}`.trim(),
    verb,
    ...(amount && typeof record[amount.id] === "number"
      ? {
        amount: {
          money: record[amount.id] as number,
          currency: await currencyOf(tx, access.organizationId, record),
        },
      }
      : {}),
  };
  for (const person of awaiting.people) {
    if (person.id === access.user.id) continue;
    await notify(tx, {
      organizationId: access.organizationId,
      userId: person.id,
      title: "{label} waiting for you: {title}",
      message: `{actor} asks you to {verb} {title} ({name})${amount ? ", {amount}" : ""}.`,
      params,
      link: recordLink(type, String(record.id)),
      category: "approval",
      key: `${type.id}:${record.id}:${record.status}:${record.version}`,
    }, { now, mailWith: { publicUrl: context.publicUrl } });
  }
}

/** One record waiting for the caller. */
export interface WaitingItem {
  type: string;
  type_label: string;
  id: string;
  name: string;
  title: string;
  /** What the caller is asked to do ("Approve"). */
  action_label: string;
  since: string;
  link: string;
}

/** Whether the caller may take the awaited action of a state at all (on some record). */
export function mayAct(access: Access, type: RecordType, state: StateDeclaration): boolean {
  return !!state.awaits && authorize(access, type.module, state.awaits.action);
}

/** A listed record as a waiting item. */
export function waitingItem(
  type: RecordType,
  state: StateDeclaration,
  record: RecordData,
): WaitingItem {
  const transition = awaitingState(type, state.id)!.transition;
  return {
    type: type.id,
    type_label: type.declaration.label,
    id: String(record.id),
    name: String(record.name ?? ""),
    title: String(record[type.declaration.title_field] ?? "") || String(record.name ?? ""),
    action_label: transition.label,
    since: String(record.updated_at ?? record.created_at ?? ""),
    link: recordLink(type, String(record.id)),
  };
}
