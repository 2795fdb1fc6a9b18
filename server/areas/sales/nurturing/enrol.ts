/**
 * What enrolling a lead in a sequence checks and writes, for an enrolment by hand
 * (the enrolment's create, enrollment-controller.ts) and by a sequence's rule
 * (rule-enrolment.ts): the lead has not unsubscribed, the sequence is active and
 * has steps, and the lead is not already active in it (409); the enrolment starts
 * at the first step, due after its wait, with its own unguessable unsubscribe
 * token.
 */
import type { Reader, SqlValue } from "../../../db/database.ts";
import { conflict, invalidInput } from "../../../platform/errors/app-error.ts";
import { NURTURE_ENROLLMENT } from "../types/nurture-enrollment.ts";
import { LEAD } from "../types/lead.ts";
import { dueAfter, sequenceSteps } from "./sequence-steps.ts";
import { encodeBase64Url } from "../../../platform/auth/base64.ts";

/** An enrolment's column for a field id. */
export const enrolmentColumn = (id: string) => NURTURE_ENROLLMENT.field.get(id)!.column;

/** A new unsubscribe token: 32 random bytes. */
export function newUnsubscribeToken(): string {
  return encodeBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

/** Who enrols, and how. */
export interface Enrolment {
  organizationId: string;
  lead: string;
  sequence: string;
  via: "hand" | "rule";
  userId: string | null;
  now: string;
}

/**
 * The columns of a new enrolment (field id → value), after the checks; throws
 * 400 naming the field for an unsubscribed lead or an unusable sequence, 409 for
 * a lead already active in the sequence.
 */
export async function enrolmentValues(
  read: Reader,
  enrolment: Enrolment,
): Promise<Map<string, SqlValue>> {
  const { organizationId, lead, sequence, now } = enrolment;
  const leadRow = await read.get<{ name: string; unsubscribed_at: string | null }>(
    `SELECT name, ${LEAD.field.get("unsubscribed_at")!.column} AS unsubscribed_at
       FROM ${LEAD.table} WHERE organization_id = ? AND id = ?`,
    [organizationId, lead],
  );
  if (!leadRow) throw invalidInput("Unknown lead", { lead: "Unknown lead" });
  if (leadRow.unsubscribed_at) {
    const message = `${leadRow.name} unsubscribed from nurturing mails and cannot be enrolled`;
    throw invalidInput(message, { lead: message });
  }
  const seq = await read.get<{ name: string; active: number | boolean }>(
    "SELECT name, active FROM nurture_sequences WHERE organization_id = ? AND id = ?",
    [organizationId, sequence],
  );
  if (!seq) throw invalidInput("Unknown sequence", { sequence: "Unknown sequence" });
  if (!seq.active) {
    const message = `${seq.name} is not active`;
    throw invalidInput(message, { sequence: message });
  }
  const steps = await sequenceSteps(read, organizationId, sequence);
  if (steps.length === 0) {
    const message = `${seq.name} has no steps`;
    throw invalidInput(message, { sequence: message });
  }
  const active = await read.get(
    `SELECT 1 AS found FROM ${NURTURE_ENROLLMENT.table}
      WHERE organization_id = ? AND ${enrolmentColumn("sequence")} = ?
        AND ${enrolmentColumn("active_key")} = ?`,
    [organizationId, sequence, lead],
  );
  if (active) {
    throw conflict(`${leadRow.name} is already enrolled in ${seq.name}`, {
      lead: "Already enrolled in this sequence",
    });
  }
  return new Map<string, SqlValue>([
    ["title", `${leadRow.name} in ${seq.name}`],
    ["lead", lead],
    ["sequence", sequence],
    ["current_step", 1],
    ["state", "active"],
    ["next_send_at", dueAfter(now, steps[0].wait_days)],
    ["enrolled_via", enrolment.via],
    ["enrolled_by", enrolment.userId],
    ["active_key", lead],
    ["unsubscribe_token", newUnsubscribeToken()],
  ]);
}
